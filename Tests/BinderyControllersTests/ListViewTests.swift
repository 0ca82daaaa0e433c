import Bindery
import BinderyControllers
import BinderyControls
import BinderyExpressions
import BinderyTestFixtures
import BinderyTestKit
import Testing

@KeyValueObservable
final class DirectoryViewModel {
  var isEditable = true
}

@Suite("List bindings")
struct ListViewTests {
  /// A list of people whose rows show the name and are enabled while the view model is editable.
  func makeList(root: DirectoryViewModel) -> HeadlessListView<Person> {
    HeadlessListView<Person> { person, row in
      let name = HeadlessTextField()
      // The row's data context is its person; $root is the view model.
      _ = try? name.bind(\.text, to: .expression(person, "firstName")).store(in: row.bindings)
      _ = try? name.bind(\.isEnabled, to: .expression(person, "$root.isEditable", root: root)).store(in: row.bindings)
      row.controls = [name]
    }
  }

  @Test func aListFollowsTheArrangementRowByRow() {
    let directory = Directory()
    directory.people = ["b", "d"].map { Person($0) }
    let controller = ArrayController<Person>()
    controller.sortOrder = [.ascending(\.firstName)]
    controller.bindContent(to: .keyPath(directory, \.people))
    let list = makeList(root: DirectoryViewModel())
    list.bind(to: controller)
    #expect(list.items.map(\.firstName) == ["b", "d"])
    directory.people.append(Person("c"))
    directory.people.remove(at: 0)
    directory.people[0].firstName = "a"
    #expect(list.items.map(\.firstName) == ["a", "c"])
    #expect(list.appliedOperations.map(\.description) == ["+0", "+1", "+1", "-0", "1→0"])
  }

  @Test func eachRowHasItsItemAsDataContextAndTheRootForRootPaths() throws {
    let directory = Directory()
    directory.people = [Person("Ada"), Person("Grace")]
    let controller = ArrayController<Person>()
    controller.bindContent(to: .keyPath(directory, \.people))
    let root = DirectoryViewModel()
    let list = makeList(root: root)
    list.bind(to: controller)
    let fields = list.rows.compactMap { $0.controls.first as? HeadlessTextField }
    #expect(fields.map(\.text) == ["Ada", "Grace"])
    fields[1].userDidEdit(text: "Grace M.")
    #expect(directory.people[1].firstName == "Grace M.")
    #expect(fields.allSatisfy { $0.isEnabled })
    root.isEditable = false
    #expect(fields.allSatisfy { !$0.isEnabled })
  }

  @Test func rowsThatLeaveTakeTheirBindingsWithThem() {
    let tracker = LifetimeTracker()
    let directory = Directory()
    let leaving = Person("Ada")
    directory.people = [leaving, Person("Grace")]
    let controller = ArrayController<Person>()
    controller.bindContent(to: .keyPath(directory, \.people))
    let root = DirectoryViewModel()
    let list = HeadlessListView<Person> { person, row in
      let name = tracker.track(HeadlessTextField())
      _ = try? name.bind(\.text, to: .expression(person, "firstName")).store(in: row.bindings)
      _ = try? name.bind(\.isEnabled, to: .expression(person, "$root.isEditable", root: root)).store(in: row.bindings)
      row.controls = [name]
    }
    list.bind(to: controller)
    #expect(tracker.liveCount == 2)
    directory.people.removeFirst()
    #expect(tracker.liveCount == 1)
    #expect(leaving.keyValueRegistrar.observerCount == 0)
    #expect(list.rows.count == 1)
  }

  @Test func aListMatchesTheArrangementThroughRandomChanges() {
    var generator = SeededGenerator(state: 11)
    let directory = Directory()
    let controller = ArrayController<Person>()
    controller.bindContent(to: .keyPath(directory, \.people))
    let list = HeadlessListView<Person> { _, _ in }
    list.bind(to: controller)
    for step in 0..<2_000 {
      let operation = Int.random(in: 0..<6, using: &generator)
      switch directory.people.count >= 40 && operation < 2 ? 2 : operation {
      case 0, 1:
        directory.people.insert(
          Person("p\(Int.random(in: 0..<30, using: &generator))"),
          at: Int.random(in: 0...directory.people.count, using: &generator))
      case 2 where !directory.people.isEmpty:
        directory.people.remove(at: Int.random(in: 0..<directory.people.count, using: &generator))
      case 3 where !directory.people.isEmpty:
        directory.people[Int.random(in: 0..<directory.people.count, using: &generator)].firstName =
          "p\(Int.random(in: 0..<30, using: &generator))"
      case 4:
        controller.sortOrder = Bool.random(using: &generator) ? [] : [.descending(\.firstName)]
      default:
        directory.people.shuffle(using: &generator)
      }
      let matches = list.items.elementsEqual(controller.arrangedObjects, by: ===)
      #expect(matches, "step \(step)")
      if !matches { break }
    }
  }
}
