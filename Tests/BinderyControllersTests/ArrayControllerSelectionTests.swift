import Bindery
import BinderyControllers
import BinderyControls
import BinderyTestFixtures
import Testing

/// Cocoa's selection API of NSArrayController, as Bindery names it.
@Suite("Array controller selection, as Cocoa documents it")
struct ArrayControllerSelectionTests {
  /// A controller over people named `names`, in this order, nothing selected.
  private func controller(_ names: [String]) -> (Directory, ArrayController<Person>) {
    let directory = Directory()
    directory.people = names.map { Person($0) }
    let controller = ArrayController<Person>(makeElement: { Person("new") })
    controller.avoidsEmptySelection = false
    controller.bindContent(to: .keyPath(directory, \.people))
    controller.select(indexes: [])
    return (directory, controller)
  }

  @Test("selectNext and selectPrevious move the selection, and canSelectNext / canSelectPrevious follow it")
  func selectNextAndPrevious() {
    let (directory, controller) = controller(["a", "b", "c"])
    let next = HeadlessButton(title: "Next")
    let previous = HeadlessButton(title: "Previous")
    next.bind(\.isEnabled, to: controller, \.canSelectNext)
    previous.bind(\.isEnabled, to: controller, \.canSelectPrevious)
    #expect(!next.isEnabled && !previous.isEnabled)  // nothing selected
    controller.selectNext()
    #expect(controller.selectionIndexes.isEmpty)
    controller.select(indexes: [0])
    #expect(next.isEnabled && !previous.isEnabled)
    controller.selectNext()
    #expect(controller.selectionIndexes == [1])
    #expect(next.isEnabled && previous.isEnabled)
    controller.selectNext()
    #expect(controller.selectionIndexes == [2])
    #expect(!next.isEnabled && previous.isEnabled)
    controller.selectNext()  // nothing after the last
    #expect(controller.selectionIndexes == [2])
    controller.selectPrevious()
    #expect(controller.selectedObjects.map(\.firstName) == ["b"])
    controller.select(indexes: [0, 1])
    controller.selectNext()  // after the last selected
    #expect(controller.selectionIndexes == [2])
    controller.select(indexes: [1, 2])
    controller.selectPrevious()  // before the first selected
    #expect(controller.selectionIndexes == [0])
    directory.people.append(Person("d"))  // the arrangement grows: there is a next again
    controller.select(indexes: [2])
    #expect(next.isEnabled)
    directory.people.removeLast()
    #expect(!next.isEnabled)
  }

  @Test("selection indexes and selected objects can be added and removed, each reporting whether it changed")
  func addingAndRemovingSelection() {
    let (directory, controller) = controller(["a", "b", "c", "d"])
    let people = directory.people
    #expect(controller.addToSelection(indexes: [1]))
    #expect(controller.addToSelection(indexes: [3, 1]))
    #expect(controller.selectionIndexes == [1, 3])
    #expect(!controller.addToSelection(indexes: [3]))  // already selected
    #expect(!controller.addToSelection(indexes: [9]))  // not arranged
    #expect(controller.addToSelection([people[0]]))
    #expect(controller.selectedObjects.map(\.firstName) == ["a", "b", "d"])
    #expect(controller.removeFromSelection(indexes: [1]))
    #expect(!controller.removeFromSelection(indexes: [2]))  // not selected
    #expect(controller.removeFromSelection([people[3], Person("stranger")]))
    #expect(controller.selectedObjects.map(\.firstName) == ["a"])
    #expect(!controller.removeFromSelection([people[2]]))
  }

  @Test("setting the selection reports whether it changed")
  func selectReportsAChange() {
    let (directory, controller) = controller(["a", "b", "c"])
    #expect(controller.select(indexes: [1]))
    #expect(!controller.select(indexes: [1]))
    #expect(!controller.select(indexes: [1, 1, 7]))  // the same once repeats and strangers are ignored
    #expect(controller.select([directory.people[2]]))
    #expect(!controller.select([directory.people[2]]))
    #expect(controller.select(indexes: []))
    #expect(!controller.select(indexes: []))
  }

  @Test("selectionIndex is the first selected index, nil when nothing is selected, and selects one object when set")
  func selectionIndex() {
    let (_, controller) = controller(["a", "b", "c"])
    #expect(controller.selectionIndex == nil)
    var seen: [Int?] = []
    let token = observe {
      controller.selectionIndex
    } onChange: {
      seen.append($0)
    }
    controller.selectionIndex = 2
    #expect(controller.selectionIndexes == [2])
    #expect(controller.selectedObjects.map(\.firstName) == ["c"])
    controller.select(indexes: [0, 1])
    #expect(controller.selectionIndex == 0)
    controller.selectionIndex = nil
    #expect(controller.selectionIndexes.isEmpty)
    controller.selectionIndex = 5  // outside the arrangement: nothing is selected
    #expect(controller.selectionIndex == nil)
    #expect(seen == [2, 0, nil])
    _ = token
  }

  @Test("with preservesSelection, the selection follows its objects; without, it keeps its indexes")
  func preservesSelection() {
    let (directory, controller) = controller(["c", "a", "b"])
    #expect(controller.preservesSelection)
    controller.select([directory.people[0]])  // "c", at 0
    controller.sortOrder = [.ascending(\.firstName)]
    #expect(controller.selectedObjects.map(\.firstName) == ["c"])
    #expect(controller.selectionIndexes == [2])
    directory.people.insert(Person("0"), at: 0)
    #expect(controller.selectedObjects.map(\.firstName) == ["c"])
    #expect(controller.selectionIndexes == [3])

    controller.preservesSelection = false
    controller.sortOrder = [.descending(\.firstName)]  // c b a 0: index 3 is now "0"
    #expect(controller.selectionIndexes == [3])
    #expect(controller.selectedObjects.map(\.firstName) == ["0"])
    directory.people.append(Person("z"))  // z c b a 0
    #expect(controller.selectionIndexes == [3])
    #expect(controller.selectedObjects.map(\.firstName) == ["a"])
    directory.people.removeAll { $0.firstName == "0" || $0.firstName == "a" }  // z c b: index 3 is gone
    #expect(controller.selectionIndexes.isEmpty)
    controller.avoidsEmptySelection = true
    controller.select(indexes: [2])
    directory.people.removeAll { $0.firstName == "b" }  // z c: the nearest index
    #expect(controller.selectionIndexes == [1])
    #expect(controller.selectedObjects.map(\.firstName) == ["c"])
  }

  @Test("alwaysUsesMultipleValuesMarker shows the marker for several selected objects even with equal values")
  func alwaysUsesMultipleValuesMarker() {
    let directory = Directory()
    directory.people = [Person("Ada", "Lovelace"), Person("Augusta", "Lovelace"), Person("Grace", "Hopper")]
    let controller = ArrayController<Person>()
    controller.bindContent(to: .keyPath(directory, \.people))
    let field = HeadlessTextField()
    field.bind(
      \.text,
      to: .marked(controller, \.selection.lastName).placeholders(BindingPlaceholders(multipleValues: "Multiple"))
    )
    controller.select(indexes: [0, 1])
    #expect(!controller.alwaysUsesMultipleValuesMarker)
    #expect(field.text == "Lovelace")
    controller.alwaysUsesMultipleValuesMarker = true
    #expect(field.text == "Multiple")
    #expect(controller.selection.lastName == .marker(.multipleValues))
    controller.select(indexes: [2])  // one object: its value
    #expect(field.text == "Hopper")
    controller.select(indexes: [0, 1])
    controller.alwaysUsesMultipleValuesMarker = false
    #expect(field.text == "Lovelace")
  }
}
