import Bindery
import BinderyControllers
import BinderyControls
import BinderyTestFixtures
import BinderyTestKit
import Testing

@KeyValueObservable
final class Directory {
  var people: [Person] = []
}

/// The same model with a to-many property that records its mutations.
@KeyValueObservable
final class Ledger {
  var people: KeyValueArray<Person> = []
}

/// A model whose people an array controller arranges, mutated through the property's accessors.
protocol PeopleHolding: AnyObject {
  associatedtype People: RangeReplaceableCollection & MutableCollection & RandomAccessCollection
  where People.Element == Person, People.Index == Int
  var people: People { get set }
  func bind(_ controller: ArrayController<Person>)
}

extension Directory: PeopleHolding {
  func bind(_ controller: ArrayController<Person>) { controller.bindContent(to: .keyPath(self, \.people)) }
}

extension Ledger: PeopleHolding {
  func bind(_ controller: ArrayController<Person>) { controller.bindContent(to: .keyPath(self, \.people)) }
}

/// A seeded random generator (SplitMix64), so the property test is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@Suite("Array controller")
struct ArrayControllerTests {
  @Test func arrangedObjectsAreTheContentFilteredAndSorted() {
    let directory = Directory()
    directory.people = [Person("Grace", age: 85), Person("Ada", age: 36), Person("Alan", age: 41)]
    let controller = ArrayController<Person>()
    controller.bindContent(to: .keyPath(directory, \.people))
    #expect(controller.arrangedObjects.map(\.firstName) == ["Grace", "Ada", "Alan"])
    controller.sortOrder = [.ascending(\.firstName)]
    #expect(controller.arrangedObjects.map(\.firstName) == ["Ada", "Alan", "Grace"])
    controller.filter = { $0.age < 80 }
    #expect(controller.arrangedObjects.map(\.firstName) == ["Ada", "Alan"])
    directory.people[0].age = 20  // Grace passes the filter now
    #expect(controller.arrangedObjects.map(\.firstName) == ["Ada", "Alan", "Grace"])
    directory.people[1].firstName = "Zoe"  // Ada's sort key: she moves to the end
    #expect(controller.arrangedObjects.map(\.firstName) == ["Alan", "Grace", "Zoe"])
  }

  @Test func oneInsertRemoveOrKeyEditIsReportedWithExactIndexes() {
    insertRemoveAndKeyEdit(Directory())
  }

  @Test func tenThousandRandomSequencesAreReproducedByTheReportedChanges() {
    randomSequences(Directory())
  }

  @Test func tenThousandRandomSequencesOfAKeyValueArrayContentAreReproducedByTheReportedChanges() {
    randomSequences(Ledger())
  }

  @Test func aKeyValueArrayContentReachesTheArrangementAsTheExactChange() {
    let ledger = Ledger()
    let (controller, token) = insertRemoveAndKeyEdit(ledger)
    var changes: [String] = []
    let more = controller.observeArrangement { change, _ in changes.append("\(change)") }
    ledger.people.move(from: 2, to: 0)  // the content's order: no change to a sorted arrangement
    let added = controller.add()
    #expect(changes == ["+[2]"])
    #expect(controller.arrangedObjects.map(\.firstName) == ["a", "c", "e", "f"])
    #expect(controller.selectedObjects.first === added)
    controller.remove()
    #expect(ledger.people.map(\.firstName) == ["c", "a", "f"])
    #expect(changes.last == "-[2]")
    _ = (token, more)
  }

  /// Appends, removes and edits a sort key of one person; returns the controller and its observation.
  @discardableResult
  private func insertRemoveAndKeyEdit<Holder: PeopleHolding>(
    _ directory: Holder
  ) -> (ArrayController<Person>, KeyValueObservation) {
    directory.people = Holder.People(["b", "d", "f"].map { Person($0) })
    let controller = ArrayController<Person>(makeElement: { Person("e") })
    controller.sortOrder = [.ascending(\.firstName)]
    directory.bind(controller)
    var changes: [String] = []
    let token = controller.observeArrangement { change, _ in changes.append("\(change)") }
    directory.people.append(Person("c"))
    directory.people.remove(at: 0)
    directory.people[0].firstName = "a"  // d → a: moves to the front
    #expect(changes == ["+[1]", "-[0]", "~[1→0]"])
    #expect(controller.arrangedObjects.map(\.firstName) == ["a", "c", "f"])
    return (controller, token)
  }

  private func randomSequences<Holder: PeopleHolding>(_ directory: Holder) {
    var generator = SeededGenerator(state: 5)
    let controller = ArrayController<Person>()
    directory.bind(controller)
    var shown: [Person] = []
    var mismatches = 0
    let token = controller.observeArrangement { change, view in
      let arranged = Array(view)
      let rebuilt = change.applying(to: shown, newElements: arranged)
      if !rebuilt.elementsEqual(arranged, by: ===) { mismatches += 1 }
      shown = arranged
    }
    shown = controller.arrangedObjects
    for step in 0..<10_000 {
      // At most 60 people, so each step stays cheap.
      let operation = Int.random(in: 0..<9, using: &generator)
      switch directory.people.count >= 60 && operation < 2 ? 2 : operation {
      case 0, 1:
        let person = Person(
          "p\(Int.random(in: 0..<50, using: &generator))", age: Int.random(in: 0..<100, using: &generator))
        directory.people.insert(person, at: Int.random(in: 0...directory.people.count, using: &generator))
      case 2 where !directory.people.isEmpty:
        directory.people.remove(at: Int.random(in: 0..<directory.people.count, using: &generator))
      case 3 where directory.people.count > 1:
        directory.people.swapAt(
          Int.random(in: 0..<directory.people.count, using: &generator),
          Int.random(in: 0..<directory.people.count, using: &generator))
      case 4 where !directory.people.isEmpty:
        directory.people[Int.random(in: 0..<directory.people.count, using: &generator)].age = Int.random(
          in: 0..<100, using: &generator)
      case 5 where !directory.people.isEmpty:
        directory.people[Int.random(in: 0..<directory.people.count, using: &generator)].firstName =
          "p\(Int.random(in: 0..<50, using: &generator))"
      case 6:
        let orders: [[ArrangementSort<Person>]] = [
          [], [.ascending(\.firstName)], [.descending(\.age), .ascending(\.firstName)],
        ]
        controller.sortOrder = orders[Int.random(in: 0..<orders.count, using: &generator)]
      case 7:
        let limit = Int.random(in: 0..<100, using: &generator)
        controller.filter = Bool.random(using: &generator) ? nil : { $0.age >= limit }
      default:
        if step % 500 == 0 { directory.people = Holder.People(directory.people.shuffled(using: &generator)) }
      }
      let expected = directory.people.filter { controller.filter?($0) ?? true }
      #expect(Set(controller.arrangedObjects.map(ObjectIdentifier.init)) == Set(expected.map(ObjectIdentifier.init)))
      #expect(controller.arrangedObjects.count == expected.count)
      if !controller.sortOrder.isEmpty {
        let names = controller.arrangedObjects
        let sorted = zip(names, names.dropFirst()).allSatisfy { lhs, rhs in
          controller.sortOrder.count == 1
            ? lhs.firstName <= rhs.firstName
            : (lhs.age > rhs.age || (lhs.age == rhs.age && lhs.firstName <= rhs.firstName))
        }
        #expect(sorted, "step \(step)")
      }
      #expect(shown.elementsEqual(controller.arrangedObjects, by: ===), "step \(step)")
      if mismatches > 0 || !shown.elementsEqual(controller.arrangedObjects, by: ===) { break }
    }
    #expect(mismatches == 0)
    _ = token
  }

  @Test func thousandsOfObjectsSplitAndMergeChunksAndStayInOrder() {
    // Enough objects, inserted in one place and removed from one end, for the arrangement's chunks
    // (at most 1,024 objects) to split and merge.
    var generator = SeededGenerator(state: 11)
    let directory = Directory()
    directory.people = (0..<2_000).map { _ in Person("p", age: Int.random(in: 0..<500, using: &generator)) }
    let controller = ArrayController<Person>()
    controller.sortOrder = [.descending(\.age)]
    controller.bindContent(to: .keyPath(directory, \.people))
    var shown = controller.arrangedObjects
    var unexpected: [String] = []
    let token = controller.observeArrangement { change, arranged in
      // Each change here is one insert, removal or move: applied as a list would.
      if change.removed.count + change.inserted.count + change.moved.count != 1 { unexpected.append("\(change)") }
      for index in change.removed.reversed() { shown.remove(at: index) }
      for move in change.moved { shown.insert(shown.remove(at: move.from), at: move.to) }
      for index in change.inserted { shown.insert(arranged[index], at: index) }
    }
    for _ in 0..<700 {  // one place: its chunk splits
      directory.people.insert(Person("n", age: 250), at: Int.random(in: 0...directory.people.count, using: &generator))
    }
    for person in directory.people.sorted(by: { $0.age > $1.age }).prefix(1_200) {  // the front empties
      if let index = directory.people.firstIndex(where: { $0 === person }) { directory.people.remove(at: index) }
    }
    for _ in 0..<600 {
      directory.people[Int.random(in: 0..<directory.people.count, using: &generator)].age = Int.random(
        in: 0..<500, using: &generator)
    }
    let arranged = controller.arrangedObjects
    let matches = shown.elementsEqual(arranged, by: ===)
    #expect(unexpected.isEmpty)
    #expect(matches)
    #expect(arranged.count == directory.people.count)
    #expect(zip(arranged, arranged.dropFirst()).allSatisfy { $0.age >= $1.age })
    _ = token
  }

  @Test func theSelectionProxyShowsTheCommonValueOrAMarkerAndWritesEverySelectedObject() {
    let directory = Directory()
    let ada = Person("Ada", "Lovelace")
    let grace = Person("Grace", "Hopper")
    let augusta = Person("Augusta", "Lovelace")
    directory.people = [ada, grace, augusta]
    let controller = ArrayController<Person>()
    controller.avoidsEmptySelection = false
    controller.bindContent(to: .keyPath(directory, \.people))
    let field = HeadlessTextField()
    field.bind(
      \.text,
      to: .marked(controller, \.selection.lastName).placeholders(
        BindingPlaceholders(multipleValues: "Multiple Values", noSelection: "No Selection"))
    )
    #expect(field.text == "No Selection")
    controller.select([ada])
    #expect(field.text == "Lovelace")
    controller.select([ada, augusta])
    #expect(field.text == "Lovelace")
    controller.select([ada, grace])
    #expect(field.text == "Multiple Values")
    field.userDidEdit(text: "Byron")
    #expect(ada.lastName == "Byron")
    #expect(grace.lastName == "Byron")
    #expect(augusta.lastName == "Lovelace")
    #expect(field.text == "Byron")
  }

  @Test func theSelectionFollowsItsObjectsAndIsNeverEmptyWhenAsked() {
    let directory = Directory()
    let people = ["c", "a", "b"].map { Person($0) }
    directory.people = people
    let controller = ArrayController<Person>()
    controller.bindContent(to: .keyPath(directory, \.people))
    controller.select([people[0]])  // "c", at 0
    controller.sortOrder = [.ascending(\.firstName)]
    #expect(controller.selectionIndexes == [2])  // still "c", now last
    #expect(controller.selectedObjects.first === people[0])
    directory.people.removeAll { $0 === people[0] }
    #expect(controller.selectionIndexes == [1])  // the nearest object
    #expect(controller.selectedObjects.map(\.firstName) == ["b"])
  }

  @Test func addAndRemoveWriteTheContentAndButtonsFollowCanAddAndCanRemove() {
    let directory = Directory()
    let controller = ArrayController<Person>(makeElement: { Person("New") })
    controller.avoidsEmptySelection = false
    let addButton = HeadlessButton(title: "Add")
    let removeButton = HeadlessButton(title: "Remove")
    addButton.bind(\.isEnabled, to: controller, \.canAdd)
    removeButton.bind(\.isEnabled, to: controller, \.canRemove)
    #expect(addButton.isEnabled)  // its own content, empty, as Cocoa's controller without a content binding
    controller.bindContent(to: .keyPath(directory, \.people))
    #expect(addButton.isEnabled)
    #expect(!removeButton.isEnabled)
    let added = controller.add()
    #expect(directory.people.count == 1)
    #expect(controller.selectedObjects.first === added)
    #expect(removeButton.isEnabled)
    controller.remove()
    #expect(directory.people.isEmpty)
    #expect(!removeButton.isEnabled)
  }

  @Test func droppingTheControllerLeavesNothingBehind() {
    let tracker = LifetimeTracker()
    let directory = Directory()
    directory.people = [Person("Ada"), Person("Grace")]
    do {
      let controller = tracker.track(ArrayController<Person>())
      controller.sortOrder = [.ascending(\.firstName)]
      controller.bindContent(to: .keyPath(directory, \.people))
      let field = tracker.track(HeadlessTextField())
      field.bind(\.text, to: .marked(controller, \.selection.firstName))
      controller.select(indexes: [0])
    }
    #expect(tracker.liveCount == 0, "alive: \(tracker.liveTypeNames)")
    #expect(directory.keyValueRegistrar.observerCount == 0)
    #expect(directory.people.allSatisfy { $0.keyValueRegistrar.observerCount == 0 })
  }

  @Test func anObjectRemovedFromASortedOrFilteredContentIsReleasedAtOnce() {
    let tracker = LifetimeTracker()
    let directory = Directory()
    directory.people = (0..<40).map { Person("P\($0)", age: $0) }
    let controller = ArrayController<Person>()
    controller.bindContent(to: .keyPath(directory, \.people))
    controller.sortOrder = [.descending(\.age)]
    controller.filter = { $0.age % 2 == 0 }
    controller.sortOrder = [.ascending(\.firstName)]
    _ = tracker.track(directory.people[3])
    _ = tracker.track(directory.people[4])
    directory.people.remove(at: 4)  // one object: the arrangement is edited in place
    directory.people.remove(at: 3)
    #expect(tracker.liveCount == 0, "alive: \(tracker.liveTypeNames)")
    #expect(controller.arrangedObjects.count == 19)
    controller.filter = nil  // a new filter over the content as it is now
    #expect(controller.arrangedObjects.count == 38)
    #expect(!controller.arrangedObjects.contains { $0.age == 3 || $0.age == 4 })
  }

  @Test func anArrangedObjectIsObservedForWhatTheFilterReadsNotForTheControllersOwnProperties() {
    let directory = Directory()
    directory.people = (0..<200).map { Person("P\($0)", age: $0) }
    let controller = ArrayController<Person>()
    controller.bindContent(to: .keyPath(directory, \.people))
    controller.sortOrder = [.ascending(\.age)]
    var calls = 0
    controller.filter = {
      calls += 1
      return $0.age % 2 == 0
    }
    #expect(controller.arrangedObjects.count == 100)
    // However many objects, the controller has only the observers its user made.
    #expect(controller.keyValueRegistrar.observerCount == 0)

    // A new filter reads each object once or twice, not once per object per object.
    calls = 0
    controller.filter = {
      calls += 1
      return $0.age % 3 == 0
    }
    #expect(controller.arrangedObjects.count == 67)
    #expect(calls <= 2 * 200)
  }
}
