import Bindery
import BinderyControllers
import BinderyControls
import BinderyTestKit
import Testing

/// A person's department chosen from the departments in a pop-up (Cocoa's NSPopUpButton `content`,
/// `contentValues` and `selectedObject` bindings).
@Suite("Pop-ups of objects")
struct PopUpOfObjectsTests {
  @KeyValueObservable
  final class Department {
    var name: String
    init(_ name: String) { self.name = name }
  }

  @KeyValueObservable
  final class Employee {
    var department: Department?
  }

  @KeyValueObservable
  final class Company {
    var departments: [Department] = []
  }

  /// Research, Sales and Legal in a controller sorted by name, and a pop-up of them titled by name.
  private func screen() -> (Company, ArrayController<Department>, HeadlessPopUpButton) {
    let company = Company()
    company.departments = [Department("Research"), Department("Sales"), Department("Legal")]
    let departments = ArrayController<Department>()
    departments.bindContent(to: .keyPath(company, \.departments))
    departments.sortOrder = [.ascending(\.name)]
    let popUp = HeadlessPopUpButton()
    popUp.bind(content: departments, title: \.name)
    return (company, departments, popUp)
  }

  @Test("Choosing an item writes its department itself to the person, and the person's department chooses its item")
  func choosingWritesTheObjectItself() {
    let (company, _, popUp) = screen()
    let person = Employee()
    popUp.bind(selectedObject: person, \.department)
    #expect(popUp.items == ["Legal", "Research", "Sales"])
    #expect(popUp.selectedIndex == nil)
    #expect(popUp.userDidSelect(index: 2))
    #expect(person.department === company.departments[1], "the Sales object, not a copy or its title")
    #expect(popUp.selectedObject === company.departments[1])
    person.department = company.departments[0]
    #expect(popUp.selectedIndex == 1)
    #expect(popUp.selectedItem == "Research")
  }

  @Test("The items follow renames, insertions, removals and reorderings, and the chosen object stays chosen")
  func itemsFollowTheContent() {
    let (company, departments, popUp) = screen()
    let person = Employee()
    person.department = company.departments[1]  // Sales
    popUp.bind(selectedObject: person, \.department)
    #expect(popUp.selectedItem == "Sales")
    company.departments[0].name = "Arts"
    #expect(popUp.items == ["Arts", "Legal", "Sales"], "renamed and moved by the sort")
    company.departments.append(Department("Marketing"))
    #expect(popUp.items == ["Arts", "Legal", "Marketing", "Sales"])
    #expect(popUp.selectedIndex == 3, "Sales is still chosen, at its new place")
    company.departments.remove(at: 2)  // Legal
    #expect(popUp.items == ["Arts", "Marketing", "Sales"])
    departments.sortOrder = [.descending(\.name)]
    #expect(popUp.items == ["Sales", "Marketing", "Arts"])
    #expect(popUp.selectedItem == "Sales")
    #expect(person.department === company.departments[1], "nothing was written back")
  }

  @Test("The null placeholder comes first, stands for no department, and writes nil")
  func nullPlaceholderWritesNil() {
    let (company, _, popUp) = screen()
    popUp.insertsNullPlaceholder = true
    popUp.nullPlaceholder = "None"
    let person = Employee()
    person.department = company.departments[0]
    popUp.bind(selectedObject: person, \.department)
    #expect(popUp.items == ["None", "Legal", "Research", "Sales"])
    #expect(popUp.selectedIndex == 2)
    #expect(popUp.userDidSelect(index: 0))
    #expect(person.department == nil)
    #expect(popUp.selectedItem == "None")
    #expect(popUp.userDidSelect(index: 1))
    #expect(person.department === company.departments[2])
  }

  @Test("A selected object that is not in the content chooses no item and writes nothing back")
  func objectNotInContent() {
    let (company, departments, popUp) = screen()
    let person = Employee()
    let stranger = Department("Elsewhere")
    person.department = stranger
    popUp.bind(selectedObject: person, \.department)
    #expect(popUp.selectedIndex == nil)
    #expect(popUp.selectedObject === stranger)
    #expect(person.department === stranger)
    // The chosen department leaves the content: no item is chosen, the person keeps it.
    person.department = company.departments[0]
    #expect(popUp.selectedItem == "Research")
    company.departments.remove(at: 0)
    #expect(popUp.selectedIndex == nil)
    #expect(popUp.items == ["Legal", "Sales"])
    #expect(person.department?.name == "Research")
    withExtendedLifetime(departments) {}
  }

  @Test("A pop-up of titles keeps its items and index as before")
  func titlesStayAsBefore() {
    let popUp = HeadlessPopUpButton(items: ["Small", "Large"], selectedIndex: 1)
    popUp.insertsNullPlaceholder = true
    #expect(popUp.items == ["Small", "Large"])
    #expect(popUp.userDidSelect(index: 0))
    #expect(popUp.selectedObject == nil)
    #expect(popUp.content.isEmpty)
  }

  @Test("Unbinding stops the following, and a pop-up, its controller and its person leave nothing behind")
  func lifetimes() {
    let (shown, departments, popUp) = screen()
    popUp.binding(for: \.content)?.unbind()
    shown.departments[0].name = "Arts"
    #expect(popUp.items == ["Legal", "Research", "Sales"], "unbound: the items no longer follow")
    withExtendedLifetime(departments) {}

    let tracker = LifetimeTracker()
    let company = Company()
    company.departments = [Department("Research"), Department("Sales")]
    do {
      let controller = tracker.track(ArrayController<Department>())
      controller.bindContent(to: .keyPath(company, \.departments))
      let menu = tracker.track(HeadlessPopUpButton())
      menu.bind(content: controller, title: \.name)
      let person = tracker.track(Employee())
      menu.bind(selectedObject: person, \.department)
      #expect(menu.userDidSelect(index: 0))
      #expect(person.department != nil)
    }
    #expect(tracker.liveCount == 0, "alive: \(tracker.liveTypeNames)")
    #expect(company.keyValueRegistrar.observerCount == 0)
    #expect(company.departments.allSatisfy { $0.keyValueRegistrar.observerCount == 0 })
  }
}
