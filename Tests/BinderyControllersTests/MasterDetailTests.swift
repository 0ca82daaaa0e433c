import Bindery
import BinderyControllers
import BinderyControls
import BinderyTestKit
import Testing

/// A master list of departments and a detail list of the selected department's employees, as a
/// Cocoa window binds an employees controller's content to `departments.selection.employees`.
@Suite("Master-detail: a controller whose content is another controller's selection")
struct MasterDetailTests {
  @KeyValueObservable
  final class Employee {
    var name: String
    init(_ name: String) { self.name = name }
  }

  @KeyValueObservable
  final class Department {
    var name: String
    var employees: [Employee]
    var staff: KeyValueArray<Employee> = []
    init(_ name: String, _ employees: [String]) {
      self.name = name
      self.employees = employees.map(Employee.init)
    }
  }

  /// Research (Ada, Alan) and Sales (Grace), with Research selected, and the employees of the selected
  /// department in a detail controller that makes new employees named "New".
  private func screen() -> (ArrayController<Department>, ArrayController<Employee>, PropertyBinding) {
    let departments = ArrayController<Department>()
    departments.setContent([Department("Research", ["Ada", "Alan"]), Department("Sales", ["Grace"])])
    departments.select(indexes: [0])
    let employees = ArrayController<Employee>(makeElement: { Employee("New") })
    let binding = employees.bindContent(to: .selection(of: departments, \.employees))
    return (departments, employees, binding)
  }

  @Test func theSelectionHasStringKeysForPropertiesHoldingObjectsComparedByIdentity() throws {
    let (departments, _, _) = screen()
    let path = try KeyValuePath("selection.employees", in: ArrayController<Department>.self)
    guard case .value(let first) = path.resolve(in: departments) else {
      Issue.record("selection.employees read no value")
      return
    }
    #expect((first as? [Employee])?.map(\.name) == ["Ada", "Alan"])
    departments.select(indexes: [0, 1])
    guard case .marker(.multipleValues) = path.resolve(in: departments) else {
      Issue.record("two departments' different employees are not the multiple-values marker")
      return
    }
    let shared = departments.content[0].employees
    departments.content[1].employees = shared
    guard case .value(let same) = path.resolve(in: departments) else {
      Issue.record("the same employees in both departments are not one value")
      return
    }
    #expect((same as? [Employee]).map { $0.elementsEqual(shared) { $0 === $1 } } == true)
  }

  @Test func theDetailShowsTheSelectedMastersObjectsAndFollowsTheSelection() {
    let (departments, employees, _) = screen()
    #expect(employees.arrangedObjects.map(\.name) == ["Ada", "Alan"])
    #expect(employees.contentMarker == nil)
    var shown: [[String]] = []
    let token = observe(employees, \.arrangedObjects) { shown.append($0.newValue.map(\.name)) }
    departments.select(indexes: [1])
    #expect(employees.arrangedObjects.map(\.name) == ["Grace"])
    #expect(shown.last == ["Grace"])
    token.unbind()
  }

  @Test func addInsertAndRemoveInTheDetailWriteTheSelectedMastersProperty() throws {
    let (departments, employees, _) = screen()
    let research = departments.content[0]
    #expect(employees.canAdd && employees.canInsert)
    let added = try #require(employees.add())
    #expect(research.employees.map(\.name) == ["Ada", "Alan", "New"])
    #expect(employees.selectedObjects.first === added, "the new employee is selected")
    employees.insert(Employee("Grace"), at: 0)
    #expect(research.employees.map(\.name) == ["Grace", "Ada", "Alan", "New"])
    employees.select(indexes: [1])
    employees.remove()
    #expect(research.employees.map(\.name) == ["Grace", "Alan", "New"])
    #expect(departments.content[1].employees.map(\.name) == ["Grace"], "the other department is untouched")
  }

  @Test func aChangeOfTheSelectedMastersArrayReachesTheDetailAsTheExactChange() {
    let (departments, employees, _) = screen()
    var changes: [CollectionChange] = []
    let token = employees.observeArrangement { change, _ in changes.append(change) }
    departments.content[0].employees.append(Employee("Charles"))
    #expect(employees.arrangedObjects.map(\.name) == ["Ada", "Alan", "Charles"])
    #expect(changes == [CollectionChange(inserted: [2])])
    // A department that is no longer selected is no longer followed.
    departments.select(indexes: [1])
    departments.content[0].employees.removeAll()
    #expect(employees.arrangedObjects.map(\.name) == ["Grace"])
    token.unbind()
  }

  @Test func withNoSelectionOrSeveralTheDetailIsEmptyCannotAddAndSaysWhy() {
    let (departments, employees, _) = screen()
    let addButton = HeadlessButton(title: "Add")
    addButton.bind(\.isEnabled, to: employees, \.canAdd)
    #expect(addButton.isEnabled)
    departments.avoidsEmptySelection = false
    departments.select(indexes: [])
    #expect(employees.arrangedObjects.isEmpty)
    #expect(employees.contentMarker == .noSelection)
    #expect(!addButton.isEnabled && !employees.canInsert)
    #expect(employees.add() == nil)
    departments.select(indexes: [0, 1])
    #expect(employees.arrangedObjects.isEmpty)
    #expect(employees.contentMarker == .multipleValues)
    #expect(employees.add() == nil)
    #expect(departments.content.map { $0.employees.count } == [2, 1], "nothing was written")
    departments.select(indexes: [1])
    #expect(employees.contentMarker == nil)
    #expect(addButton.isEnabled)
  }

  @Test func aDetailListShowsTheMarkerInPlaceOfItsPlaceholder() {
    let (departments, employees, _) = screen()
    let list = HeadlessListView<Employee> { employee, row in
      let label = HeadlessLabel()
      label.bind(\.text, to: employee, \.name)
      row.controls = [label]
    }
    list.placeholder = "No employees"
    list.bind(to: employees)
    #expect(list.items.map(\.name) == ["Ada", "Alan"])
    #expect(list.emptyText == "No employees")
    departments.avoidsEmptySelection = false
    departments.select(indexes: [])
    #expect(list.items.isEmpty)
    #expect(list.emptyText == "No Selection")
    departments.select(indexes: [0, 1])
    #expect(list.emptyText == "Multiple Values")
    departments.select(indexes: [1])
    departments.content[1].employees.removeAll()
    #expect(list.emptyText == "No employees")
  }

  @Test func aControllerThatSharesTheDetailFollowsItsRetargets() {
    let (departments, employees, _) = screen()
    let window = ArrayController<Employee>()
    window.bindContent(to: .sharing(employees))
    #expect(window.arrangedObjects.map(\.name) == ["Ada", "Alan"])
    departments.select(indexes: [1])
    #expect(window.arrangedObjects.map(\.name) == ["Grace"])
    departments.content[1].employees.append(Employee("Charles"))
    #expect(window.arrangedObjects.map(\.name) == ["Grace", "Charles"])
  }

  @Test func aKeyValueArrayPropertyWorksAsAnArray() throws {
    let departments = ArrayController<Department>()
    let research = Department("Research", [])
    research.staff = [Employee("Ada")]
    departments.setContent([research])
    departments.select(indexes: [0])
    let staff = ArrayController<Employee>(makeElement: { Employee("New") })
    staff.bindContent(to: .selection(of: departments, \.staff))
    #expect(staff.arrangedObjects.map(\.name) == ["Ada"])
    research.staff.append(Employee("Alan"))
    #expect(staff.arrangedObjects.map(\.name) == ["Ada", "Alan"])
    _ = try #require(staff.add())
    #expect(research.staff.map(\.name) == ["Ada", "Alan", "New"])
  }

  @Test func unbindingKeepsTheObjectsAndStopsFollowing() {
    let (departments, employees, binding) = screen()
    binding.unbind()
    departments.select(indexes: [1])
    #expect(employees.arrangedObjects.map(\.name) == ["Ada", "Alan"])
    #expect(employees.contentMarker == nil)
    #expect(employees.canAdd, "its own content again")
  }

  @Test func theBindingHoldsTheMasterWeaklyAndEndsWithIt() {
    let employees = ArrayController<Employee>()
    weak var gone: ArrayController<Department>?
    do {
      let departments = ArrayController<Department>()
      departments.setContent([Department("Research", ["Ada"])])
      departments.select(indexes: [0])
      employees.bindContent(to: .selection(of: departments, \.employees))
      #expect(employees.arrangedObjects.map(\.name) == ["Ada"])
      gone = departments
    }
    #expect(gone == nil, "the detail did not keep the master alive")
  }

  @Test func anObjectControllerBehindADetailFormHoldsTheSelectedObjectOrAMarker() {
    let (departments, _, _) = screen()
    let form = ObjectController<Department>(makeContent: { Department("New", []) })
    form.bindContent(to: .selection(of: departments))
    let nameField = HeadlessTextField()
    nameField.bind(\.text, to: .marked(form, \.selection.name))
    #expect(form.content === departments.content[0])
    #expect(nameField.text == "Research")
    #expect(!form.canAdd && !form.canRemove, "the master adds and removes")
    #expect(nameField.userDidEdit(text: "Labs"))
    #expect(departments.content[0].name == "Labs")
    departments.select(indexes: [0, 1])
    #expect(form.content == nil)
    #expect(form.contentMarker == .multipleValues)
    #expect(form.selection.name.marker == .multipleValues)
    departments.avoidsEmptySelection = false
    departments.select(indexes: [])
    #expect(form.contentMarker == .noSelection)
    #expect(form.selection.name.marker == .noSelection)
    departments.select(indexes: [1])
    #expect(nameField.text == "Sales")
  }
}
