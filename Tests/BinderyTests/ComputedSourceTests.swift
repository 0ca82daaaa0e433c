import Bindery
import BinderyControls
import Testing

/// A model whose computed properties each read one stored property of their own type.
@KeyValueObservable
final class Switchboard {
  var isOn = false
  var count = 1
  var names = ["b", "a"]

  var isOff: Bool { !isOn }
  var doubled: Int { count * 2 }
  var sortedNames: [String] { names.sorted() }
}

/// A target whose computed property's setter does more than store the value.
@KeyValueObservable
final class Gauge {
  var stored = 0
  var percent: Int {
    get { stored }
    set { stored = min(newValue, 100) }
  }
}

@KeyValueObservable
final class Lamp {
  var isLit = false
  var number = 0
}

/// A value computed from one property of its own type is the computed value, not the property's; a
/// computed property is written through its setter.
@Suite("Computed properties and values")
struct ComputedSourceTests {
  @Test("A computed binding that reads one property of its own type writes what it computes")
  func computedBinding() {
    let board = Switchboard()
    let lamp = Lamp()
    lamp.bind(\.isLit, to: .computed(from: board, { !$0.isOn }))
    lamp.bind(\.number, to: .computed(from: board, { -$0.count }))
    #expect(lamp.isLit)
    #expect(lamp.number == -1)
    board.isOn = true
    board.count = 5
    #expect(!lamp.isLit)
    #expect(lamp.number == -5)
  }

  @Test("A binding to a computed property that reads one property of its own type follows the computed property")
  func computedPropertyBinding() {
    let board = Switchboard()
    let lamp = Lamp()
    lamp.bind(\.isLit, to: board, \.isOff)
    lamp.bind(\.number, to: board, \.doubled)
    board.isOn = true
    board.count = 5
    #expect(!lamp.isLit)
    #expect(lamp.number == 10)
  }

  @Test("An AND-combined Boolean bound to a computation gets what it computes")
  func combinedBoolean() {
    let board = Switchboard()
    let label = HeadlessLabel()
    label.bind(\.isEnabled, to: .computed(from: board, { !$0.isOn }))
    #expect(label.isEnabled)
    board.isOn = true
    #expect(!label.isEnabled)
  }

  @Test("Observing a computed property delivers the computed property's values")
  func observingComputedProperties() {
    let board = Switchboard()
    var doubled: [Int] = []
    var sorted: [[String]] = []
    let tokens = [
      observe(board, \.doubled) { doubled.append($0.newValue) },
      observe(board, \.sortedNames) { sorted.append($0.newValue) },
    ]
    board.count = 5
    board.names = ["d", "c"]
    #expect(doubled == [10])
    #expect(sorted == [["c", "d"]])
    _ = tokens
  }

  @Test("A bound computed property of the target is written through its setter")
  func computedTargetProperty() {
    let board = Switchboard()
    let gauge = Gauge()
    gauge.bind(\.percent, to: board, \.count)
    #expect(gauge.stored == 1)
    board.count = 500
    #expect(gauge.stored == 100)
  }
}
