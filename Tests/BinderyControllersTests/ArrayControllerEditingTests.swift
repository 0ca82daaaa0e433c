import Bindery
import BinderyControllers
import BinderyControls
import BinderyTestFixtures
import Testing

/// Editing and arranging options of Cocoa's NSArrayController, as Bindery names them.
@Suite("Array controller editing and arranging, as Cocoa documents them")
struct ArrayControllerEditingTests {
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

  @Test("at its maximum count the controller adds nothing and its Add button is disabled, until one is removed")
  func maximumCount() {
    let (directory, controller) = controller(["Ada", "Grace"])
    let addButton = HeadlessButton(title: "Add")
    addButton.bind(\.isEnabled, to: controller, \.canAdd)
    controller.maximumCount = 3
    #expect(addButton.isEnabled)
    #expect(controller.add() != nil)
    #expect(!addButton.isEnabled)
    #expect(!controller.canInsert)
    #expect(controller.add() == nil)
    controller.insert(Person("Alan"), at: 0)
    #expect(directory.people.map(\.firstName) == ["Ada", "Grace", "new"])
    controller.select(indexes: [0])
    controller.remove()
    #expect(addButton.isEnabled)
    controller.maximumCount = nil
    #expect(controller.add() != nil)
    #expect(controller.add() != nil)
    #expect(directory.people.count == 4)
  }

  @Test("at its maximum count the Remove button stays enabled: removing never needs room")
  func removeStaysEnabledAtTheMaximumCount() {
    let (directory, controller) = controller(["Ada", "Grace", "Alan"])
    let removeButton = HeadlessButton(title: "Remove")
    removeButton.bind(\.isEnabled, to: controller, \.canRemove)
    controller.maximumCount = 3
    controller.select(indexes: [1])
    #expect(!controller.canAdd)
    #expect(removeButton.isEnabled)
    controller.remove()
    #expect(directory.people.map(\.firstName) == ["Ada", "Alan"])
    #expect(controller.canAdd)
    controller.maximumCount = 1
    controller.select(indexes: [0])
    #expect(removeButton.isEnabled)
    controller.isEditable = false
    #expect(!removeButton.isEnabled)
  }

  @Test("canInsert is true while the content can be written and the controller is editable")
  func canInsert() {
    let directory = Directory()
    let controller = ArrayController<Person>()  // makes no objects: it can insert, not add
    let insertButton = HeadlessButton(title: "Insert")
    insertButton.bind(\.isEnabled, to: controller, \.canInsert)
    #expect(insertButton.isEnabled)  // its own content until bound
    controller.bindContent(to: .keyPath(directory, \.people))
    #expect(insertButton.isEnabled)
    #expect(!controller.canAdd)
    controller.insert(Person("Ada"), at: 0)
    #expect(directory.people.map(\.firstName) == ["Ada"])
    controller.isEditable = false
    #expect(!insertButton.isEnabled)
    controller.isEditable = true
    #expect(insertButton.isEnabled)
    let readOnly = ArrayController<Person>()
    readOnly.bindContent(to: .keyPath(directory, \Directory.people as KeyPath<Directory, [Person]>))
    #expect(!readOnly.canInsert)
  }

  @Test(
    "an object added while the filter would hide it is shown, and the filter is cleared; a filter it passes is kept")
  func clearsFilterOnInsertion() {
    let (directory, controller) = controller(["Ada", "Grace"])
    #expect(controller.clearsFilterOnInsertion)
    controller.filter = { $0.firstName != "new" }
    let added = controller.add()
    #expect(controller.filter == nil)
    #expect(controller.arrangedObjects.map(\.firstName) == ["Ada", "Grace", "new"])
    #expect(controller.selectedObjects.first === added)
    controller.filter = { $0.firstName.hasPrefix("A") }
    let grace = Person("Grace Jr")
    controller.insert(grace, at: 0)
    #expect(controller.filter == nil)
    #expect(controller.arrangedObjects.first === grace)
    controller.filter = { $0.firstName.hasPrefix("A") }
    let alan = Person("Alan")
    controller.insert(alan, at: 0)  // the filter shows it: kept
    #expect(controller.filter != nil)
    #expect(controller.arrangedObjects.map(\.firstName) == ["Alan", "Ada"])
    #expect(controller.selectedObjects.first === alan)

    controller.clearsFilterOnInsertion = false
    controller.filter = { $0.firstName != "new" }
    controller.add()
    #expect(controller.filter != nil)
    #expect(directory.people.count == 6)
    #expect(!controller.arrangedObjects.contains { $0.firstName == "new" })
    #expect(controller.selectedObjects.isEmpty)  // the new object is not arranged
  }

  @Test("with automaticallyRearrangesObjects off, an edit of a sort key or filter input waits for rearrangeObjects()")
  func rearrangingByHand() {
    let (directory, controller) = controller(["b", "c", "d"])
    controller.sortOrder = [.ascending(\.firstName)]
    controller.filter = { $0.age < 50 }
    #expect(controller.automaticallyRearrangesObjects)
    directory.people[2].firstName = "a"  // d → a: moves at once
    #expect(controller.arrangedObjects.map(\.firstName) == ["a", "b", "c"])

    controller.automaticallyRearrangesObjects = false
    var changes: [String] = []
    let token = controller.observeArrangement { change, _ in changes.append("\(change)") }
    directory.people[0].firstName = "z"  // b → z: stays
    directory.people[1].age = 80  // c fails the filter: stays
    #expect(controller.arrangedObjects.map(\.firstName) == ["a", "z", "c"])
    #expect(changes.isEmpty)
    directory.people.append(Person("m"))  // a new object is arranged at once, by the current keys
    #expect(controller.arrangedObjects.count == 4)
    #expect(controller.arrangedObjects.contains { $0.firstName == "m" })
    controller.rearrangeObjects()
    #expect(controller.arrangedObjects.map(\.firstName) == ["a", "m", "z"])
    directory.people[1].age = 10  // c passes again: waits
    #expect(controller.arrangedObjects.map(\.firstName) == ["a", "m", "z"])
    controller.automaticallyRearrangesObjects = true  // rearranges at once
    #expect(controller.arrangedObjects.map(\.firstName) == ["a", "c", "m", "z"])
    _ = token
  }

  @Test("a controller that is not editable refuses to add, insert and remove, and refuses edits through its selection")
  func notEditable() {
    let (directory, controller) = controller(["Ada", "Grace"])
    controller.select(indexes: [0])
    let field = HeadlessTextField()
    field.bind(\.text, to: .marked(controller, \.selection.firstName))
    let named = HeadlessTextField()
    _ = try? named.bind(\.text, to: .keyPath(controller, "selection.firstName"))
    let sortSwitch = HeadlessSwitch()
    sortSwitch.bind(\.isOn, to: controller, \.avoidsEmptySelection)
    var editable: [Bool] = []
    let token = observe(controller, \.isEditable) { editable.append($0.newValue) }
    controller.isEditable = false
    #expect(editable == [false])
    #expect(!controller.canAdd && !controller.canInsert && !controller.canRemove)
    #expect(controller.add() == nil)
    controller.insert(Person("Alan"), at: 0)
    controller.remove()
    #expect(directory.people.map(\.firstName) == ["Ada", "Grace"])
    field.userDidEdit(text: "Augusta")
    #expect(directory.people[0].firstName == "Ada")
    #expect(field.validationError != nil)
    named.userDidEdit(text: "Augusta")
    #expect(directory.people[0].firstName == "Ada")
    #expect(named.validationError != nil)
    controller.selection.firstName = .value("Augusta")  // code that writes without asking
    #expect(directory.people[0].firstName == "Ada")
    sortSwitch.userDidToggle()  // the controller's own settings stay writable
    #expect(controller.avoidsEmptySelection)
    controller.isEditable = true
    field.userDidEdit(text: "Augusta")
    #expect(directory.people[0].firstName == "Augusta")
    #expect(field.validationError == nil)
    #expect(controller.canRemove)
    _ = token
  }
}
