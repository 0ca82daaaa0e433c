import Bindery
import BinderyControllers
import BinderyControls
import BinderyWeb
import Testing

/// A department a person belongs to, on the pop-up test page.
@KeyValueObservable
final class PageDepartment {
  var name: String
  init(_ name: String) { self.name = name }
}

/// The person whose department the page's pop-up chooses.
@KeyValueObservable
final class PagePerson {
  var department: PageDepartment?
}

/// The pop-up page's model: departments, their controller and a person.
final class DepartmentsModel {
  var departments: [PageDepartment] = [PageDepartment("Research"), PageDepartment("Sales")]
  let controller = ArrayController<PageDepartment>()
  let person = PagePerson()

  init() { controller.setContent(departments) }
}

@Suite("Pop-ups of objects on the page")
struct PopUpOfObjectsPageTests {
  /// A page with one pop-up, "Department", of the model's departments, with a null placeholder.
  private func page() -> (WebPage, UncheckedBox<DepartmentsModel>) {
    let model = UncheckedBox(DepartmentsModel())
    let page = WebPage(title: "Departments", model: { model.value }, sharing: .shared) { model, _ in
      let menu = HeadlessPopUpButton()
      menu.insertsNullPlaceholder = true
      menu.nullPlaceholder = "None"
      let bindings = BindingSet()
      menu.bind(content: model.controller, title: \.name).store(in: bindings)
      menu.bind(selectedObject: model.person, \.department).store(in: bindings)
      let root = Panel(title: "Person", subviews: [menu])
      return WebContent(root: root, ids: ["Department": menu], bindings: bindings)
    }
    return (page, model)
  }

  @Test("The select's options follow the departments, and choosing one writes the department itself")
  func optionsFollowAndChoosingWritesTheObject() async throws {
    let (page, model) = page()
    let host = WebPageHost(page: page)
    let tab = TestTab(host)
    let reset = try #require(await tab.hello())
    let menu = try #require(reset.element("Department"))
    #expect(menu["tag"] == "select")
    #expect(menu.prop("options") == .array(["None", "Research", "Sales"]))
    #expect(menu.prop("p:selectedIndex") == .number(0))

    await tab.edit("Department", .number(2))
    #expect(model.value.person.department === model.value.departments[1], "the Sales object itself")

    await host.perform {
      model.value.departments[1].name = "Arts"
      model.value.controller.insert(PageDepartment("Legal"), at: 0)
    }
    let operations = await tab.messages().flatMap(\.operations)
    let options = operations.last { $0["key"] == "options" }
    #expect(options?["value"] == .array(["None", "Legal", "Research", "Arts"]))
    let index = operations.last { $0["key"] == "p:selectedIndex" }
    #expect(index?["value"] == .number(3), "Arts (once Sales) is still chosen")

    await tab.edit("Department", .number(0))
    #expect(model.value.person.department == nil, "the null placeholder writes nil")
  }
}
