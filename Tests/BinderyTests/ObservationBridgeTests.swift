import Bindery
import BinderyControls
import Foundation
import Observation
import Testing

/// Counts the calls of Observation's `onChange` (which may come from any thread).
private final class ChangeCount: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func increment() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}

/// Tracks `read` with `withObservationTracking` and returns the counter of its `onChange`, which
/// Observation calls once, at the first change of anything read.
private func track(_ read: () -> Void) -> ChangeCount {
  let changes = ChangeCount()
  withObservationTracking(read) { changes.increment() }
  return changes
}

@Suite("Bindery models seen by Observation (observation: true)")
struct ObservationBridgeTests {
  @Test func aModelThatAsksIsObservableAndOthersAreNot() {
    func isObservable(_ object: Any) -> Bool { object is any Observable }
    #expect(isObservable(ObservedPerson()))
    #expect(isObservable(SharedObservedCounter()))
    #expect(!isObservable(UnobservedPerson()))
  }

  @Test func withObservationTrackingSeesAStoredPropertyChange() {
    let person = ObservedPerson(firstName: "Ada")
    let changes = track { _ = person.firstName }
    #expect(changes.value == 0)
    person.lastName = "Lovelace"  // not read
    #expect(changes.value == 0)
    person.firstName = "Augusta"
    #expect(changes.value == 1)
  }

  @Test func aComputedPropertyIsSeenThroughTheStoredPropertiesItReads() {
    let person = ObservedPerson(firstName: "Ada", lastName: "Lovelace")
    let changes = track { _ = person.fullName }
    person.age = 36
    #expect(changes.value == 0)
    person.lastName = "King"
    #expect(changes.value == 1)
  }

  @Test func writingTheSameValueTellsObservationNothing() {
    let person = ObservedPerson(firstName: "Ada")
    let changes = track { _ = person.firstName }
    person.firstName = "Ada"
    #expect(changes.value == 0)
    person.firstName = "Grace"
    #expect(changes.value == 1)
  }

  @Test func aMutationInPlaceAndAnOptionalChainAreSeen() {
    let dog = ObservedDog()
    let tricks = track { _ = dog.tricks }
    dog.tricks.append("sit")
    #expect(tricks.value == 1)
    #expect(dog.tricks == ["sit"])
    let person = ObservedPerson()
    person.friend = ObservedPerson(firstName: "Ada")
    let friendName = track { _ = person.friend?.firstName }
    person.friend?.firstName = "Grace"
    #expect(friendName.value == 1)
  }

  @Test func aKeyValueArrayKeepsItsExactChangesAndAnArrayIsMutatedInPlace() {
    let crew = ObservedCrew()
    var changes: [String] = []
    let token = observeChanges(crew, \.scores) { change, _ in changes.append("\(change)") }
    let seen = track { _ = crew.scores }
    crew.scores.append(7)
    #expect(changes.count == 1)
    #expect(changes.first?.hasPrefix("+[0]") == true, "\(changes)")
    #expect(seen.value == 1)
    let names = track { _ = crew.names }
    crew.names.append("Ada")
    crew.names.append("Grace")
    #expect(names.value == 1)
    #expect(crew.names == ["Ada", "Grace"])
    token.unbind()
  }

  @Test func aSubclassAndAPropertyWithItsOwnDidSetAreSeen() {
    let dog = ObservedDog()
    let changes = track {
      _ = dog.name
      _ = dog.sound
    }
    dog.sound = ""  // didSet puts "…" back
    #expect(changes.value == 1)
    #expect(dog.sound == "…")
    let name = track { _ = dog.name }
    dog.name = "Rex"
    #expect(name.value == 1)
  }

  @Test func binderysObserversAndBindingsWorkBesideObservation() {
    let person = ObservedPerson(firstName: "Ada", lastName: "Lovelace")
    let label = HeadlessLabel()
    let binding = label.bind(\.text, to: person, \.fullName)
    var seen: [String] = []
    let token = observe(person, \.firstName) { seen.append($0.newValue) }
    let changes = track { _ = person.fullName }
    person.firstName = "Augusta"
    #expect(label.text == "Augusta Lovelace")
    #expect(seen == ["Augusta"])
    #expect(changes.value == 1)
    token.unbind()
    binding.unbind()
  }

  @Test func aSendableModelIsSeenFromAnyThread() async {
    let counter = SharedObservedCounter()
    let changes = track { _ = counter.count }
    await Task.detached { counter.count = 1 }.value
    #expect(changes.value == 1)
    #expect(counter.count == 1)
  }

  @Test func observationsDeliversTheValuesOfATrackedRead() async {
    let counter = SharedObservedCounter()
    let values = Observations { counter.count }
    var iterator = values.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    counter.count = 5
    #expect(await iterator.next() == 5)
    counter.label = "unread"
    counter.count = 6
    #expect(await iterator.next() == 6)
  }
}
