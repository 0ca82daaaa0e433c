import Bindery
import BinderyControllers
import BinderyControls
import BinderyTestFixtures
import Testing

/// A controller's state is the same whether or not anything watches it: no list, no arrangement
/// observer and no observation of `arrangedObjects` here.
@Suite("Array controller nobody observes")
struct UnobservedControllerTests {
  /// A sorted controller of a to-many content, with nothing observing it.
  private func sortedController(
    _ names: [String]
  ) -> (Ledger, ArrayController<Person>) {
    let ledger = Ledger()
    ledger.people = KeyValueArray(names.map { Person($0) })
    let controller = ArrayController<Person>(makeElement: { Person("m") })
    controller.sortOrder = [.ascending(\.firstName)]
    controller.bindContent(to: .keyPath(ledger, \.people))
    return (ledger, controller)
  }

  @Test("a sorted controller nobody observes arranges an object appended to the model")
  func appendThroughTheModel() {
    let (ledger, controller) = sortedController(["b", "d"])
    ledger.people.append(Person("c"))
    #expect(controller.arrangedObjects.map(\.firstName) == ["b", "c", "d"])
    ledger.people.insert(Person("a"), at: 0)
    #expect(controller.arrangedObjects.map(\.firstName) == ["a", "b", "c", "d"])
  }

  @Test("a sorted controller nobody observes arranges an object appended to a plain array property")
  func appendToAPlainArray() {
    let directory = Directory()
    directory.people = ["b", "d"].map { Person($0) }
    let controller = ArrayController<Person>()
    controller.sortOrder = [.ascending(\.firstName)]
    controller.bindContent(to: .keyPath(directory, \.people))
    directory.people.append(Person("c"))
    #expect(controller.arrangedObjects.map(\.firstName) == ["b", "c", "d"])
  }

  @Test("add() on a sorted controller nobody observes arranges and selects the new object")
  func addSelectsTheNewObject() {
    let (ledger, controller) = sortedController(["b", "z"])
    controller.avoidsEmptySelection = false
    controller.select(indexes: [])
    let added = controller.add()
    #expect(ledger.people.count == 3)
    #expect(controller.arrangedObjects.map(\.firstName) == ["b", "m", "z"])
    #expect(controller.selectionIndexes == [1])
    #expect(controller.selectedObjects.count == 1)
    #expect(controller.selectedObjects.first === added)
    #expect(controller.canRemove)
  }

  @Test("insert(_:at:) on a sorted controller nobody observes arranges and selects the object")
  func insertSelectsTheObject() {
    let (ledger, controller) = sortedController(["b", "z"])
    let inserted = Person("c")
    controller.insert(inserted, at: 0)
    #expect(ledger.people.map(\.firstName) == ["c", "b", "z"])
    #expect(controller.arrangedObjects.map(\.firstName) == ["b", "c", "z"])
    #expect(controller.selectionIndexes == [1])
    #expect(controller.selectedObjects.first === inserted)
    #expect(controller.canRemove)
  }

  @Test("removals, sort key edits and filter changes reach a controller nobody observes")
  func removalsEditsAndFilters() {
    let (ledger, controller) = sortedController(["a", "b", "c", "d"])
    controller.select(indexes: [2])  // "c"
    ledger.people.remove(at: 1)  // "b"
    #expect(controller.arrangedObjects.map(\.firstName) == ["a", "c", "d"])
    #expect(controller.selectionIndexes == [1])
    #expect(controller.selectedObjects.map(\.firstName) == ["c"])
    ledger.people[0].firstName = "e"  // "a" moves to the end
    #expect(controller.arrangedObjects.map(\.firstName) == ["c", "d", "e"])
    #expect(controller.selectionIndexes == [0])
    controller.filter = { $0.firstName != "c" }
    #expect(controller.arrangedObjects.map(\.firstName) == ["d", "e"])
    #expect(controller.selectedObjects.map(\.firstName) == ["d"])  // the nearest object
    controller.remove()
    #expect(ledger.people.map(\.firstName) == ["e", "c"])
    #expect(controller.arrangedObjects.map(\.firstName) == ["e"])
    #expect(controller.selectedObjects.map(\.firstName) == ["e"])
    controller.filter = nil
    #expect(controller.arrangedObjects.map(\.firstName) == ["c", "e"])
    #expect(controller.canRemove)
  }

  @Test("an unobserved controller and an observed twin agree after every one of 3,000 random operations")
  func unobservedAndObservedTwinsAgree() {
    var generator = SeededGenerator(state: 12)
    let quiet = Twin(observed: false)
    let watched = Twin(observed: true)
    var disagreements: [String] = []
    for step in 0..<3_000 {
      let operation = TwinOperation.random(count: quiet.ledger.people.count, using: &generator)
      quiet.apply(operation)
      watched.apply(operation)
      if let difference = quiet.difference(from: watched) {
        disagreements.append("step \(step), after \(operation): \(difference)")
        break
      }
    }
    #expect(disagreements.isEmpty)
    #expect(watched.listMatches)
  }
}

/// One operation on a model and its controller, applied the same way to both twins.
enum TwinOperation: CustomStringConvertible {
  case append(name: String, age: Int)
  case insertThroughModel(index: Int, name: String)
  case removeThroughModel(index: Int)
  case rename(index: Int, name: String)
  case age(index: Int, age: Int)
  case add
  case insertThroughController(index: Int, name: String)
  case remove
  case select([Int])
  case sort(Int)
  case filter(Int?)
  case replaceAll(seed: UInt64)
  case toggleAvoidsEmptySelection

  static var orders: [[ArrangementSort<Person>]] {
    [[], [.ascending(\.firstName)], [.descending(\.age), .ascending(\.firstName)]]
  }

  static func random(count: Int, using generator: inout SeededGenerator) -> TwinOperation {
    let name = "p\(Int.random(in: 0..<30, using: &generator))"
    let index = count == 0 ? 0 : Int.random(in: 0..<count, using: &generator)
    switch Int.random(in: 0..<15, using: &generator) {
    case 0, 1: return .append(name: name, age: Int.random(in: 0..<100, using: &generator))
    case 2: return .insertThroughModel(index: Int.random(in: 0...count, using: &generator), name: name)
    case 3 where count > 0: return .removeThroughModel(index: index)
    case 4 where count > 0: return .rename(index: index, name: name)
    case 5 where count > 0: return .age(index: index, age: Int.random(in: 0..<100, using: &generator))
    case 6: return .add
    case 7: return .insertThroughController(index: Int.random(in: 0...count, using: &generator), name: name)
    case 8: return .remove
    case 9, 10:
      let picks = (0..<Int.random(in: 0..<3, using: &generator)).map { _ in
        Int.random(in: -1...(count + 1), using: &generator)
      }
      return .select(picks)
    case 11: return .sort(Int.random(in: 0..<orders.count, using: &generator))
    case 12: return .filter(Bool.random(using: &generator) ? nil : Int.random(in: 0..<100, using: &generator))
    case 13: return .replaceAll(seed: generator.next())
    default: return count > 40 ? .removeThroughModel(index: index) : .toggleAvoidsEmptySelection
    }
  }

  var description: String {
    switch self {
    case .append(let name, let age): "append \(name) \(age)"
    case .insertThroughModel(let index, let name): "model insert \(name) at \(index)"
    case .removeThroughModel(let index): "model remove at \(index)"
    case .rename(let index, let name): "rename \(index) to \(name)"
    case .age(let index, let age): "age of \(index) to \(age)"
    case .add: "add()"
    case .insertThroughController(let index, let name): "insert \(name) at \(index)"
    case .remove: "remove()"
    case .select(let indexes): "select \(indexes)"
    case .sort(let order): "sort \(order)"
    case .filter(let limit): "filter \(limit.map(String.init) ?? "nil")"
    case .replaceAll: "replace all"
    case .toggleAvoidsEmptySelection: "toggle avoidsEmptySelection"
    }
  }
}

/// A model, its controller and, when observed, everything that may watch a controller.
final class Twin {
  let ledger = Ledger()
  let controller: ArrayController<Person>
  private var made = 0
  private var tokens: [KeyValueObservation] = []
  private let list = HeadlessListView<Person> { _, _ in }
  private var shown: [Person] = []

  init(observed: Bool) {
    var added = 0
    controller = ArrayController<Person>(makeElement: {
      added += 1
      return Person("new", "#new\(added)")
    })
    controller.bindContent(to: .keyPath(ledger, \.people))
    guard observed else { return }
    list.bind(to: controller)
    tokens.append(
      controller.observeArrangement { [unowned self] change, arranged in
        self.shown = change.applying(to: self.shown, newElements: Array(arranged))
      })
    tokens.append(
      observe { [unowned self] in
        self.controller.arrangedObjects.count
      } onChange: { _ in
      })
    tokens.append(observe(controller, \.selectionIndexes) { _ in })
    tokens.append(observe(controller, \.canRemove) { _ in })
    shown = controller.arrangedObjects
  }

  private func person(_ name: String, age: Int = 0) -> Person {
    made += 1
    return Person(name, "#\(made)", age: age)
  }

  func apply(_ operation: TwinOperation) {
    let people = ledger.people
    switch operation {
    case .append(let name, let age): ledger.people.append(person(name, age: age))
    case .insertThroughModel(let index, let name): ledger.people.insert(person(name), at: min(index, people.count))
    case .removeThroughModel(let index): if index < people.count { ledger.people.remove(at: index) }
    case .rename(let index, let name): if index < people.count { people[index].firstName = name }
    case .age(let index, let age): if index < people.count { people[index].age = age }
    case .add: controller.add()
    case .insertThroughController(let index, let name): controller.insert(person(name), at: index)
    case .remove: controller.remove()
    case .select(let indexes): controller.select(indexes: indexes)
    case .sort(let order): controller.sortOrder = TwinOperation.orders[order]
    case .filter(let limit): controller.filter = limit.map { limit in { $0.age >= limit } }
    case .replaceAll(let seed):
      var generator = SeededGenerator(state: seed)
      ledger.people = KeyValueArray(people.shuffled(using: &generator).dropLast(people.count / 3))
    case .toggleAvoidsEmptySelection: controller.avoidsEmptySelection.toggle()
    }
  }

  /// What differs between this twin's controller and `other`'s, compared by the people's last names.
  func difference(from other: Twin) -> String? {
    let arranged = controller.arrangedObjects.map(\.lastName)
    let otherArranged = other.controller.arrangedObjects.map(\.lastName)
    if arranged != otherArranged { return "arranged \(arranged) ≠ \(otherArranged)" }
    if controller.selectionIndexes != other.controller.selectionIndexes {
      return "selection \(controller.selectionIndexes) ≠ \(other.controller.selectionIndexes)"
    }
    let selected = controller.selectedObjects.map(\.lastName)
    let otherSelected = other.controller.selectedObjects.map(\.lastName)
    if selected != otherSelected { return "selected \(selected) ≠ \(otherSelected)" }
    if controller.canRemove != other.controller.canRemove { return "canRemove differs" }
    let expected = ledger.people.filter { controller.filter?($0) ?? true }.map(\.lastName)
    if Set(arranged) != Set(expected) || arranged.count != expected.count {
      return "arranged \(arranged), but the filtered content is \(expected)"
    }
    return nil
  }

  /// Whether the list and the arrangement observer show what the controller arranges.
  var listMatches: Bool {
    let arranged = controller.arrangedObjects
    return shown.elementsEqual(arranged, by: ===) && list.items.elementsEqual(arranged, by: ===)
  }
}
