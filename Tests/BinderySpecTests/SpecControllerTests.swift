import Bindery
import BinderyControllers
import BinderyControls
import BinderySpec
import BinderyTestFixtures
import BinderyTestKit
import Testing

@Suite("Controllers and lists in spec files")
struct SpecControllerTests {
  @Test func aSpecFilesContentAndListBindingsAreAmongItsBindingsAndEndWithThem() throws {
    let spec = try SpecFile.load(contentsOf: specPath("PeopleEditor.spec.yaml"), classes: listClasses)
    let editor = try #require(spec.object(named: "Editor", as: PeopleEditor.self))
    let people = try #require(spec.object(named: "People", as: ArrayController<Person>.self))
    let list = try #require(spec.object(named: "PeopleList", as: HeadlessListView<Person>.self))
    let content = try #require(people.binding(for: \.content))
    let rows = try #require(list.binding(for: \.items))
    #expect(spec.bindings.bindings.contains { $0 === content })
    #expect(spec.bindings.bindings.contains { $0 === rows })
    #expect(content.source === editor)
    spec.unbind()
    #expect(!content.isBound)
    #expect(!rows.isBound)
    editor.people = [Person(firstName: "Ada", lastName: "Lovelace")]
    #expect(people.arrangedObjects.isEmpty)
    #expect(list.items.isEmpty)
  }

  @Test func aListThroughAnArrayControllerLoadsAndFollowsTheModel() throws {
    let spec = try SpecFile.load(contentsOf: specPath("PeopleEditor.spec.yaml"), classes: listClasses)
    let editor = try #require(spec.object(named: "Editor", as: PeopleEditor.self))
    let people = try #require(spec.object(named: "People", as: ArrayController<Person>.self))
    let list = try #require(spec.object(named: "PeopleList", as: HeadlessListView<Person>.self))
    let field = try #require(spec.object(named: "FirstNameField", as: HeadlessTextField.self))
    let fullName = try #require(spec.object(named: "FullNameLabel", as: HeadlessLabel.self))
    let addButton = try #require(spec.object(named: "AddButton", as: HeadlessButton.self))
    let removeButton = try #require(spec.object(named: "RemoveButton", as: HeadlessButton.self))
    #expect(addButton.isEnabled)  // writable content and an objectClass to make
    #expect(!removeButton.isEnabled)

    let ada = Person(firstName: "Ada", lastName: "Lovelace")
    let grace = Person(firstName: "Grace", lastName: "Hopper")
    editor.people = [ada, grace]
    // Sorted by last name; one row per person, its label bound to the row's item.
    #expect(list.items.map(\.firstName) == ["Grace", "Ada"])
    let labels = list.rows.map { $0.controls.first as? HeadlessLabel }
    #expect(labels.map { $0?.text } == ["Grace Hopper", "Ada Lovelace"])
    #expect(field.text == "No Selection")
    #expect(!field.isEnabled)

    // Selecting a row selects in the controller; the fields follow the selection.
    list.userDidSelectRows([1])
    #expect(people.selectedObjects.first === ada)
    #expect(field.text == "Ada")
    #expect(field.isEnabled)
    #expect(removeButton.isEnabled)
    field.userDidEdit(text: "Augusta")
    #expect(ada.firstName == "Augusta")
    #expect(fullName.text == "Augusta Lovelace")
    #expect(labels[1]?.text == "Augusta Lovelace")

    // Several selected with different names: the multiple-values placeholder.
    people.select(indexes: [0, 1])
    #expect(field.text == "Multiple Values")

    // Rows read the file's other objects too; saving hides the names and disables the field.
    editor.isSaving = true
    #expect(labels.allSatisfy { $0?.isHidden == true })
    #expect(!field.isEnabled)
    editor.isSaving = false

    // The model's array changes row by row.
    editor.people.append(Person(firstName: "Alan", lastName: "Turing"))
    #expect(list.items.map(\.firstName) == ["Grace", "Augusta", "Alan"])
    #expect(list.appliedOperations.last == .insert(2))
    // Buttons run their actions: the controller's own add and remove, registered ones on the model
    // and, in a row, on the row's item.
    #expect(addButton.userDidTap())
    #expect(editor.people.count == 4)
    #expect(people.selectedObjects.count == 1)  // the new person is selected
    #expect(removeButton.userDidTap())
    #expect(editor.people.count == 3)
    #expect(try #require(spec.object(named: "SaveButton", as: HeadlessButton.self)).userDidTap())
    #expect(editor.saveCount == 1)
    let firstRow = try #require(list.rows.first)
    let archived = firstRow.item
    #expect((firstRow.controls.last as? HeadlessButton)?.userDidTap() == true)
    #expect(archived.age == -1)
    #expect(!list.items.contains { $0 === archived })  // filtered out by 'age >= 0'
  }

  @Test func droppingTheLoadedObjectsEndsControllersListsAndRows() throws {
    let tracker = LifetimeTracker()
    var spec: SpecObjects? = try SpecFile.load(contentsOf: specPath("PeopleEditor.spec.yaml"), classes: listClasses)
    let editor = try #require(spec?.object(named: "Editor", as: PeopleEditor.self))  // the model outlives the view
    editor.people = [Person(firstName: "Ada"), Person(firstName: "Grace")]
    do {
      let list = try #require(spec?.object(named: "PeopleList", as: HeadlessListView<Person>.self))
      for row in list.rows { for control in row.controls { _ = tracker.track(control) } }
      _ = tracker.track(list)
      _ = tracker.track(try #require(spec?.object(named: "People", as: ArrayController<Person>.self)))
    }
    #expect(tracker.liveCount == 6)  // the list, the controller, a label and a button per row
    spec = nil
    #expect(tracker.liveCount == 0, "alive: \(tracker.liveTypeNames)")
    #expect(editor.keyValueRegistrar.observerCount == 0)
    #expect(editor.people.allSatisfy { $0.keyValueRegistrar.observerCount == 0 })
  }

  @Test func rowsUseTheRootAndAnObjectControllerBindsItsContent() throws {
    let root = PeopleEditor()
    root.title = "Staff"
    let spec = try SpecFile.load(
      yaml: """
        Editor:
          class: PeopleEditor
        Current:
          class: NSObjectController
          objectClass: Person
          bindings:
            contentObject: {to: /Holder, value: lead}
        Holder:
          class: Team
        People:
          class: NSArrayController
          objectClass: Person
          sortOrder: {key: firstName, ascending: false}
          bindings:
            contentArray: {to: /Holder, value: members}
        Names:
          class: UITableView
          content: /People
          row:
            Name:
              class: UILabel
              bindings:
                text: {value: firstName}
            Title:
              class: UILabel
              bindings:
                text: {value: '$root.title'}
        """, classes: listClasses, root: root)
    let team = try #require(spec.object(named: "Holder", as: Team.self))
    let list = try #require(spec.object(named: "Names", as: HeadlessListView<Person>.self))
    team.members = [Person(firstName: "Ada"), Person(firstName: "Grace")]
    #expect(list.items.map(\.firstName) == ["Grace", "Ada"])
    #expect(list.rows.map { ($0.controls[1] as? HeadlessLabel)?.text } == ["Staff", "Staff"])
    root.title = "Team"
    #expect(list.rows.map { ($0.controls[1] as? HeadlessLabel)?.text } == ["Team", "Team"])
    team.members.append(Person(firstName: "Alan"))  // a KeyValueArray: the exact change reaches the rows
    #expect(list.items.map(\.firstName) == ["Grace", "Alan", "Ada"])
    #expect(list.appliedOperations.last == .insert(1))
    _ = spec
  }

  @Test("Cocoa's controller options are set by name in a spec file")
  func controllerOptionsAreSetByName() throws {
    let spec = try SpecFile.load(
      yaml: """
        Holder:
          class: Team
        Current:
          class: NSObjectController
          objectClass: Person
          automaticallyPreparesContent: true
          editable: false
        People:
          class: NSArrayController
          objectClass: Person
          preservesSelection: false
          selectsInsertedObjects: false
          avoidsEmptySelection: false
          alwaysUsesMultipleValuesMarker: true
          bindings:
            contentArray: {to: /Holder, value: members}
        """, file: "options.yaml", classes: listClasses)
    let current = try #require(spec.object(named: "Current", as: ObjectController<Person>.self))
    let people = try #require(spec.object(named: "People", as: ArrayController<Person>.self))
    #expect(current.content != nil)
    #expect(!current.isEditable)
    #expect(!current.canAdd)
    #expect(!people.preservesSelection)
    #expect(!people.selectsInsertedObjects)
    #expect(people.alwaysUsesMultipleValuesMarker)
    people.add()
    #expect(people.selectionIndexes.isEmpty)
    let team = try #require(spec.object(named: "Holder", as: Team.self))
    #expect(team.members.count == 1)
  }
}
