import Bindery
import BinderyControllers
import BinderyControls
import BinderySpec
import BinderyTestKit
import Testing

/// A department, as the pop-up spec files name it.
@KeyValueObservable
final class Department {
  var name = ""
  var budget = 0
}

/// A person with a department, as the pop-up spec files name it.
@KeyValueObservable
final class Employee {
  var name = ""
  var department: Department?
}

/// An owner whose definition file binds its pop-up's selected object.
@KeyValueObservable
final class DepartmentForm {
  var person = Employee()
  var menu = HeadlessPopUpButton()
  var departments = ArrayController<Department>()
}

/// The classes of the pop-up spec files.
private let popUpClasses: SpecClassRegistry = {
  let registry = SpecClassRegistry()
  registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)
  registry.register(Department.self) { Department() }
  registry.register(Employee.self) { Employee() }
  return registry
}()

/// The departments (line 1–4), a person (line 5–6) and the start of a pop-up (line 7–10).
private let departmentsAndPerson = """
  Departments:
    class: ArrayController
    objectClass: Department
    sortOrder: [name]
  Person:
    class: Employee
  Menu:
    class: PopUpButton
    nullPlaceholder: None
    bindings:

  """

/// A bad pop-up spec: the first error's kind, place, and a part of its message.
struct BadPopUpSpec: CustomTestStringConvertible, Sendable {
  let bindings: String
  let messagePart: String
  let line: Int
  let column: Int
  let kind: SpecError.Kind
  var testDescription: String { messagePart }
}

@Suite("Pop-ups of objects in spec files")
struct PopUpSpecTests {
  private let yaml =
    departmentsAndPerson + """
          content: {to: /Departments, value: arrangedObjects}
          contentValues: {to: /Departments, value: arrangedObjects.name}
          selectedObject: {to: /Person, value: department}
      """

  /// Research and Sales, made in code.
  private func departments() -> [Department] {
    ["Research", "Sales"].map { name in
      let department = Department()
      department.name = name
      return department
    }
  }

  @Test("A spec's pop-up shows the departments by name, follows them, and choosing writes the department itself")
  func aSpecPopUpChoosesObjects() throws {
    let spec = try SpecFile.load(yaml: yaml + "\n  insertsNullPlaceholder: true\n", classes: popUpClasses)
    let controller = try #require(spec.object(named: "Departments", as: ArrayController<Department>.self))
    let person = try #require(spec.object(named: "Person", as: Employee.self))
    let menu = try #require(spec.object(named: "Menu", as: HeadlessPopUpButton.self))
    let made = departments()
    controller.setContent(made)
    #expect(menu.items == ["None", "Research", "Sales"])
    #expect(menu.selectedIndex == 0, "no department: the null placeholder")
    #expect(menu.userDidSelect(index: 2))
    #expect(person.department === made[1])
    made[1].name = "Arts"
    #expect(menu.items == ["None", "Arts", "Research"])
    #expect(menu.selectedItem == "Arts")
    #expect(menu.userDidSelect(index: 0))
    #expect(person.department == nil)
    spec.unbind()
    made[0].name = "Legal"
    #expect(menu.items == ["None", "Arts", "Research"], "unbound: the items no longer follow")
  }

  @Test("A pop-up bound to a controller's selection.department follows the selected person and writes to them")
  func aPopUpOfTheSelectedPersonsDepartment() throws {
    let spec = try SpecFile.load(
      yaml: """
        Departments:
          class: ArrayController
          objectClass: Department
          sortOrder: [name]
        People:
          class: ArrayController
          objectClass: Employee
        Menu:
          class: PopUpButton
          insertsNullPlaceholder: true
          nullPlaceholder: None
          bindings:
            content: {to: /Departments, value: arrangedObjects}
            contentValues: {to: /Departments, value: arrangedObjects.name}
            selectedObject: {to: /People, value: selection.department}
        """, classes: popUpClasses)
    let departmentsController = try #require(spec.object(named: "Departments", as: ArrayController<Department>.self))
    let people = try #require(spec.object(named: "People", as: ArrayController<Employee>.self))
    let menu = try #require(spec.object(named: "Menu", as: HeadlessPopUpButton.self))
    let made = departments()
    departmentsController.setContent(made)
    let (ada, grace) = (Employee(), Employee())
    ada.department = made[1]
    people.setContent([ada, grace])
    _ = people.select(indexes: [0])
    #expect(people.selectionIndexes == [0])
    #expect(menu.selectedItem == "Sales")
    #expect(people.select(indexes: [1]))
    #expect(menu.selectedIndex == 0, "Grace has no department: the null placeholder")
    #expect(menu.userDidSelect(index: 1))
    #expect(grace.department === made[0])
    #expect(ada.department === made[1], "only the selected person changed")
    #expect(people.select(indexes: [0, 1]))
    #expect(menu.selectedObject == nil, "two departments: no single object")
    grace.department = made[1]
    #expect(menu.selectedItem == "Sales", "the same department for both is that department")
  }

  @Test("Without contentValues the items are the objects' descriptions")
  func withoutContentValues() throws {
    let spec = try SpecFile.load(
      yaml: departmentsAndPerson + "    content: {to: /Departments, value: arrangedObjects}\n", classes: popUpClasses)
    let controller = try #require(spec.object(named: "Departments", as: ArrayController<Department>.self))
    let menu = try #require(spec.object(named: "Menu", as: HeadlessPopUpButton.self))
    let made = departments()
    controller.setContent(made)
    #expect(menu.items == made.map { String(describing: $0) })
  }

  @Test("A definition file binds a pop-up's selected object to a person's department, both ways")
  func aDefinitionFileBindsTheSelectedObject() throws {
    let owner = DepartmentForm()
    let made = departments()
    owner.menu.bind(content: owner.departments, title: \.name)
    owner.departments.setContent(made)
    owner.person.department = made[1]
    let yaml = """
      bindings:
      - source: self
        sourceKeyPath: person.department
        target: menu
        targetKeyPath: selectedObject
      """
    let set = try BindingSetDefinition(yaml: yaml, file: "Department.bindings.yaml").bind(owner: owner)
    #expect(owner.menu.selectedItem == "Sales")
    #expect(owner.menu.userDidSelect(index: 0))
    #expect(owner.person.department === made[0])
    set.unbind()
  }

  static let badSpecs: [BadPopUpSpec] = [
    BadPopUpSpec(
      bindings: "    content: {to: /Departments, value: arrangedObjects}\n"
        + "    contentValues: {to: /Departments, value: arrangedObjects.title}\n",
      messagePart: "no key \"title\"", line: 12, column: 62, kind: .unknownKey),
    BadPopUpSpec(
      bindings: "    content: {to: /Departments, value: arrangedObjects}\n"
        + "    contentValues: {to: /Departments, value: arrangedObjects.budget}\n",
      messagePart: "String", line: 12, column: 46, kind: .typeMismatch),
    BadPopUpSpec(
      bindings: "    content: {to: /Person, value: arrangedObjects}\n",
      messagePart: "is an ArrayController's arrangedObjects", line: 11, column: 19, kind: .typeMismatch),
    BadPopUpSpec(
      bindings: "    content: {to: /Departments, value: content}\n",
      messagePart: "the content's value is arrangedObjects", line: 11, column: 40, kind: .structure),
    BadPopUpSpec(
      bindings: "    contentValues: {to: /Departments, value: arrangedObjects.name}\n",
      messagePart: "contentValues needs content", line: 11, column: 5, kind: .structure),
    BadPopUpSpec(
      bindings: "    content: {to: /Departments, value: arrangedObjects}\n"
        + "    contentValues: {to: /Person, value: arrangedObjects.name}\n",
      messagePart: "the same controller", line: 12, column: 25, kind: .structure),
    BadPopUpSpec(
      bindings: "    selectedObject: {to: /Person, value: name}\n",
      messagePart: "String", line: 11, column: 42, kind: .expression),
    BadPopUpSpec(
      bindings: "    content: {to: /Departmints, value: arrangedObjects}\n",
      messagePart: "no object is named \"Departmints\"", line: 11, column: 19, kind: .unknownReference),
  ]

  @Test("A bad pop-up spec is a located error at load time, and binds nothing", arguments: badSpecs)
  func aBadPopUpSpecIsALocatedError(_ bad: BadPopUpSpec) {
    do {
      let spec = try SpecFile.load(yaml: departmentsAndPerson + bad.bindings, file: "bad.yaml", classes: popUpClasses)
      Issue.record("loaded \(spec.names)")
    } catch {
      let first = error.errors.first
      #expect(first?.message.contains(bad.messagePart) == true, "\(error)")
      #expect(first?.line == bad.line)
      #expect(first?.column == bad.column)
      #expect(first?.kind == bad.kind)
      #expect(error.errors.count == 1, "\(error)")
    }
  }
}
