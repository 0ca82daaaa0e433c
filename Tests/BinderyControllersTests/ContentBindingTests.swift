import Bindery
import BinderyControllers
import BinderyControls
import BinderyTestFixtures
import BinderyTestKit
import Testing

@Suite("Content and list bindings are bindings")
struct ContentBindingTests {
  @Test func anArrayControllersContentBindingCanBeQueriedLikeAnyOther() {
    let directory = Directory()
    directory.people = [Person("a")]
    let controller = ArrayController<Person>()
    let binding = controller.bindContent(to: .keyPath(directory, \.people))
    #expect(binding.isBound)
    #expect(binding.source === directory)
    #expect(binding.target === controller)
    #expect(binding.direction == .both)
    #expect(controller.binding(for: \.content) === binding)
    #expect(controller.content.map(\.firstName) == ["a"])
    expectBindings(controller, count: 1)
  }

  @Test func aReadOnlyContentBindingGoesOneWay() {
    let ledger = Ledger()
    let controller = ArrayController<Person>()
    let binding = controller.bindContent(to: .keyPath(ledger, \.people as KeyPath<Ledger, KeyValueArray<Person>>))
    #expect(binding.direction == .sourceToTarget)
    #expect(!controller.canAdd)
  }

  @Test func unbindingTheContentKeepsItsObjectsAndStopsFollowingTheModel() {
    let directory = Directory()
    directory.people = [Person("a"), Person("b")]
    let controller = ArrayController<Person>(makeElement: { Person("new") })
    let binding = controller.bindContent(to: .keyPath(directory, \.people))
    #expect(controller.canAdd)
    binding.unbind()
    #expect(!binding.isBound)
    #expect(controller.binding(for: \.content) == nil)
    directory.people.append(Person("c"))
    #expect(controller.arrangedObjects.map(\.firstName) == ["a", "b"])
    // The objects are the controller's own now (as in Cocoa): Add edits them, not the model.
    #expect(controller.canAdd)
    controller.add()
    #expect(directory.people.count == 3)
    #expect(controller.arrangedObjects.map(\.firstName) == ["a", "b", "new"])
  }

  @Test func aControllerThatHoldsItsOwnContentAddsAndRemovesWithExactChanges() {
    let controller = ArrayController<Person>(makeElement: { Person("new") })
    controller.setContent([Person("a"), Person("b")])
    var changes: [CollectionChange] = []
    let observation = controller.observeArrangement { change, _ in changes.append(change) }
    #expect(controller.canAdd && controller.canInsert)
    let added = controller.add()
    #expect(controller.content.map(\.firstName) == ["a", "b", "new"])
    #expect(controller.selectedObjects.first === added)
    #expect(changes.last?.inserted == [2])
    #expect(controller.canRemove)
    controller.remove()
    #expect(controller.content.map(\.firstName) == ["a", "b"])
    #expect(changes.last?.removed == [2])
    controller.insert(Person("c"), at: 0)
    #expect(controller.arrangedObjects.map(\.firstName) == ["c", "a", "b"])
    controller.maximumCount = 3
    #expect(!controller.canAdd)
    #expect(controller.add() == nil)
    observation.unbind()
  }

  @Test func aNewControllerHoldsItsOwnEmptyContentAndCanAddAtOnce() {
    let controller = ArrayController<Person>(makeElement: { Person("new") })
    #expect(controller.canAdd && controller.canInsert && !controller.canRemove)
    let label = HeadlessLabel()
    label.bind(\.text, to: .computed(from: controller) { "\($0.content.count) people" })
    #expect(label.text == "0 people")
    controller.add()
    #expect(label.text == "1 people")
    controller.setContent([Person("a"), Person("b")])
    #expect(label.text == "2 people")
    controller.select(indexes: [0])
    controller.remove()
    #expect(controller.content.count == 1)
    #expect(label.text == "1 people")
  }

  @Test func bindingTheContentAgainEndsTheFirstBinding() {
    let first = Directory()
    first.people = [Person("a")]
    let second = Directory()
    second.people = [Person("x"), Person("y")]
    let controller = ArrayController<Person>()
    let old = controller.bindContent(to: .keyPath(first, \.people))
    let new = controller.bindContent(to: .keyPath(second, \.people))
    #expect(!old.isBound)
    #expect(new.isBound)
    expectBindings(controller, count: 1)
    first.people.append(Person("b"))
    #expect(controller.arrangedObjects.map(\.firstName) == ["x", "y"])
    second.people.append(Person("z"))
    #expect(controller.arrangedObjects.map(\.firstName) == ["x", "y", "z"])
  }

  @Test func settingTheContentDirectlyEndsItsBinding() {
    let directory = Directory()
    directory.people = [Person("a")]
    let controller = ArrayController<Person>()
    let binding = controller.bindContent(to: .keyPath(directory, \.people))
    controller.setContent([Person("q")])
    #expect(!binding.isBound)
    directory.people.append(Person("b"))
    #expect(controller.arrangedObjects.map(\.firstName) == ["q"])
  }

  @Test func aContentBindingIsKeptInABindingSetAndEndsWithIt() {
    let directory = Directory()
    let controller = ArrayController<Person>()
    let bindings = BindingSet()
    controller.bindContent(to: .keyPath(directory, \.people)).store(in: bindings)
    #expect(bindings.boundCount == 1)
    bindings.unbind()
    directory.people = [Person("late")]
    #expect(controller.arrangedObjects.isEmpty)
  }

  @Test func aContentBindingIsNotBoundOnceTheModelIsGone() {
    var directory: Directory? = Directory()
    let controller = ArrayController<Person>()
    let binding = controller.bindContent(to: .keyPath(directory!, \.people))
    directory = nil
    #expect(!binding.isBound)
    #expect(controller.arrangedObjects.isEmpty)
  }

  @Test func aControllerAndItsModelAreReleasedWithTheirContentBinding() {
    expectReleased { tracker in
      let directory = tracker.track(Directory())
      directory.people = [Person("a")]
      let controller = tracker.track(ArrayController<Person>())
      let binding = tracker.track(controller.bindContent(to: .keyPath(directory, \.people)))
      #expect(binding.isBound)
    }
  }

  @Test func anObjectControllersContentBindingCanBeUnbound() {
    let editor = Editor()
    editor.person = Person("Ada")
    let controller = ObjectController<Person>(makeContent: { Person("New") })
    let binding = controller.bindContent(to: .keyPath(editor, \.person))
    #expect(controller.binding(for: \.content) === binding)
    #expect(binding.direction == .both)
    #expect(controller.content?.firstName == "Ada")
    binding.unbind()
    editor.person = Person("Grace")
    #expect(controller.content?.firstName == "Ada")  // keeps the object it had
    controller.setContent(Person("Own"))
    #expect(editor.person?.firstName == "Grace")  // no longer written back
  }

  @Test func aListsBindingToItsControllerCanBeQueriedAndUnbound() {
    let directory = Directory()
    directory.people = [Person("a")]
    let controller = ArrayController<Person>()
    controller.bindContent(to: .keyPath(directory, \.people))
    let list = HeadlessListView<Person> { _, _ in }
    let binding = list.bind(to: controller)
    #expect(list.binding(for: \.items) === binding)
    #expect(binding.source === controller)
    #expect(binding.description.contains("HeadlessListView"))
    binding.unbind()
    directory.people.append(Person("b"))
    #expect(list.items.map(\.firstName) == ["a"])
    #expect(list.onUserSelection == nil)
  }

  @Test func bindingAListAgainFollowsOnlyTheNewController() {
    let first = Directory()
    first.people = [Person("a")]
    let second = Directory()
    second.people = [Person("x")]
    let one = ArrayController<Person>()
    one.bindContent(to: .keyPath(first, \.people))
    let two = ArrayController<Person>()
    two.bindContent(to: .keyPath(second, \.people))
    let list = HeadlessListView<Person> { _, _ in }
    let old = list.bind(to: one)
    list.bind(to: two)
    #expect(!old.isBound)
    first.people.append(Person("b"))
    #expect(list.items.map(\.firstName) == ["x"])
  }

  @Test func aListAndItsControllerAreReleasedWithTheBindingBetweenThem() {
    expectReleased { tracker in
      let directory = tracker.track(Directory())
      directory.people = [Person("a"), Person("b")]
      let controller = tracker.track(ArrayController<Person>())
      controller.bindContent(to: .keyPath(directory, \.people))
      let list = tracker.track(HeadlessListView<Person> { _, _ in })
      tracker.track(list.bind(to: controller))
      list.userDidSelectRows([1])
      #expect(controller.selectionIndexes == [1])
    }
  }
}
