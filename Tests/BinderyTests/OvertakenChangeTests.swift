import Bindery
import BinderyControls
import Testing

@Suite("A change made again while it is being delivered")
struct OvertakenChangeTests {
  @Test("an observer that sets a value back leaves every observer and binding with the value set back")
  func settingBackReachesEveryone() {
    let model = Node()
    var first: [Int] = []
    var last: [Int] = []
    let clamp = observe(model, \.value) { change in
      if change.newValue < 0 { model.value = 0 }  // sets it back, during the delivery
    }
    let watcher = observe(model, \.value) { first.append($0.newValue) }
    let label = HeadlessLabel()
    label.bind(\.text, to: .computed(from: model) { "\($0.value)" })
    let lastWatcher = observe(model, \.value) { last.append($0.newValue) }
    model.value = -3
    #expect(model.value == 0)
    #expect(first.last == 0)
    #expect(last == [0])
    #expect(label.text == "0")
    model.value = 4
    #expect(first.last == 4 && last == [0, 4] && label.text == "4")
    _ = (clamp, watcher, lastWatcher)
  }

  @Test("another property's change during a delivery does not stop it")
  func otherPropertiesDoNotStopADelivery() {
    let model = Node()
    let other = Node()
    var seen: [Int] = []
    let copier = observe(model, \.value) { other.value = $0.newValue * 10 }
    let first = observe(model, \.value) { seen.append($0.newValue) }
    let second = observe(model, \.value) { seen.append($0.newValue + 100) }
    model.value = 2
    #expect(other.value == 20)
    #expect(seen == [2, 102])
    _ = (copier, first, second)
  }
}
