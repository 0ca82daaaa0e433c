import Bindery
import BinderyControllers
import BinderyControls
import BinderyTestFixtures
import BinderyTestKit
import Testing

/// Each window's own controller over one shared list: its own selection and arrangement, the shared
/// list's content, Add and Remove.
@Suite("Controllers that share another controller's content")
struct SharedContentTests {
  /// The model's list with Ada, Grace and Alan, and two windows' controllers over it (which hold it
  /// weakly: the model owns it).
  private func windows() -> (
    shared: ArrayController<Person>, one: ArrayController<Person>, two: ArrayController<Person>
  ) {
    let shared = ArrayController<Person>(makeElement: { Person("New") })
    shared.setContent([Person("Ada", "Lovelace"), Person("Grace", "Hopper"), Person("Alan", "Turing")])
    let one = ArrayController<Person>()
    let two = ArrayController<Person>()
    one.bindContent(to: .sharing(shared))
    two.bindContent(to: .sharing(shared))
    return (shared, one, two)
  }

  @Test func eachWindowSelectsOnItsOwnAndEditsReachTheSharedObjects() {
    let (shared, one, two) = windows()
    one.select(indexes: [2])
    two.select(indexes: [0])
    let field = HeadlessTextField()
    field.bind(\.text, to: .marked(one, \.selection.lastName))
    #expect(field.text == "Turing")

    // The second window clicks Grace while the first types: the first still edits Alan.
    two.select(indexes: [1])
    #expect(field.userDidEdit(text: "Turing!"))
    #expect(shared.content.map(\.lastName) == ["Lovelace", "Hopper", "Turing!"])
    #expect(one.selectedObjects.map(\.firstName) == ["Alan"])
    #expect(two.selectedObjects.map(\.firstName) == ["Grace"])
    #expect(two.arrangedObjects[2].lastName == "Turing!", "the other window shows the edit")
  }

  @Test func addThroughAWindowInsertsIntoTheSharedListAndSelectsThereOnly() {
    let (shared, one, two) = windows()
    two.select(indexes: [1])
    #expect(one.canAdd, "the shared list makes the objects")
    let added = one.add()
    #expect(added?.firstName == "New")
    #expect(shared.content.map(\.firstName) == ["Ada", "Grace", "Alan", "New"])
    #expect(one.selectedObjects.first === added)
    #expect(two.selectedObjects.map(\.firstName) == ["Grace"], "the other window keeps its selection")
    #expect(two.arrangedObjects.count == 4)
  }

  @Test func removeThroughAWindowRemovesFromTheSharedListAndMovesTheOtherWindowsSelection() {
    let (shared, one, two) = windows()
    one.select(indexes: [1])
    two.select(indexes: [1])
    one.remove()
    #expect(shared.content.map(\.firstName) == ["Ada", "Alan"])
    #expect(two.arrangedObjects.map(\.firstName) == ["Ada", "Alan"])
    #expect(two.selectedObjects.count == 1, "avoids an empty selection, as its own removal would")
  }

  @Test func eachWindowArrangesOnItsOwn() throws {
    let (shared, one, two) = windows()
    one.sortOrder = [try .init(key: "firstName")]
    #expect(one.arrangedObjects.map(\.firstName) == ["Ada", "Alan", "Grace"])
    #expect(two.arrangedObjects.map(\.firstName) == ["Ada", "Grace", "Alan"])
    #expect(shared.arrangedObjects.map(\.firstName) == ["Ada", "Grace", "Alan"])
  }

  @Test func theSharedListsBoundAndEditabilityDecideWhetherAWindowCanAdd() {
    let (shared, one, _) = windows()
    shared.maximumCount = 4
    one.add()
    #expect(shared.content.count == 4)
    #expect(!one.canAdd)
    #expect(one.add() == nil)
    #expect(shared.content.count == 4)
    one.remove()
    #expect(one.canAdd, "removing made room")
    shared.isEditable = false
    one.select(indexes: [0])
    one.remove()
    #expect(shared.content.count == 3, "a list that is not editable refuses")
  }

  @Test func aSharedListBoundToAModelArrayReachesItsWindows() {
    let directory = Directory()
    directory.people = [Person("Ada")]
    let shared = ArrayController<Person>(makeElement: { Person("New") })
    shared.bindContent(to: .keyPath(directory, \.people))
    let window = ArrayController<Person>()
    window.bindContent(to: .sharing(shared))
    directory.people.append(Person("Grace"))
    #expect(window.arrangedObjects.map(\.firstName) == ["Ada", "Grace"])
    window.add()
    #expect(directory.people.map(\.firstName) == ["Ada", "Grace", "New"])
  }

  @Test func aWindowsControllerGoesAwayWithItsWindowAndTheSharedListStays() {
    let shared = ArrayController<Person>(makeElement: { Person("New") })
    shared.setContent([Person("Ada")])
    expectReleased { tracker in
      let window = tracker.track(ArrayController<Person>())
      let field = tracker.track(HeadlessTextField())
      window.bindContent(to: .sharing(shared))
      field.bind(\.text, to: .marked(window, \.selection.firstName))
      #expect(field.text == "Ada")
    }
    shared.add()
    #expect(shared.content.count == 2)
  }

  @Test func theContentBindingIsABindingThatUnbindsToTheObjectsItHad() {
    let (shared, one, _) = windows()
    let binding = one.binding(for: \.content)
    #expect(binding?.source === shared)
    binding?.unbind()
    shared.add()
    #expect(one.content.count == 3, "no longer follows the shared list")
    #expect(shared.content.count == 4)
  }
}

@Suite("Diagnostics of edits through a selection")
struct SelectionDiagnosticsTests {
  @Test func aUserEditThroughASelectionIsExplainedWithThePlainValueTyped() {
    let (controller, field) = (ArrayController<Person>(), HeadlessTextField())
    controller.setContent([Person("Ada")])
    let steps = BindingDiagnostics.recording {
      let binding = field.bind(\.text, to: .marked(controller, \.selection.firstName))
      #expect(field.userDidEdit(text: "Grace"))
      return BindingDiagnostics.recentChanges(of: [binding]).map(\.step)
    }
    #expect(controller.content.first?.firstName == "Grace")
    let edit = steps.first { $0.hasPrefix("user edit") }
    #expect(
      edit?.hasPrefix("user edit \"Grace\" in HeadlessTextField.text → ArrayController<Person>.") == true, "\(steps)")
  }
}
