#if GTK
  import Bindery
  import BinderyControllers
  import BinderyControls
  import BinderyGTK
  import CGTK
  import Testing

  /// A department in the GTK pop-up tests.
  @KeyValueObservable
  final class WindowDepartment {
    var name: String
    init(_ name: String) { self.name = name }
  }

  /// The person whose department a GTK drop-down chooses.
  @KeyValueObservable
  final class WindowPerson {
    var department: WindowDepartment?
  }

  /// A pop-up of objects as a `GtkDropDown`: its strings follow the content, GTK's choice writes the
  /// object.
  extension GTKSuites {
    @MainActor
    @Suite
    struct PopUpOfObjectsWindowTests {
      /// The drop-down's strings, in order.
      func titles(_ dropDown: UnsafeMutablePointer<GtkWidget>) -> [String] {
        guard let model = gtk_drop_down_get_model(cgtk_drop_down(dropDown)) else { return [] }
        return (0..<g_list_model_get_n_items(model)).map { index in
          let item = g_list_model_get_item(model, index)
          defer { g_object_unref(item) }
          return gtk_string_object_get_string(OpaquePointer(item)).map { String(cString: $0) } ?? ""
        }
      }

      @Test("The drop-down's items follow the departments, and GTK's choice writes the department itself")
      func dropDownOfObjects() async throws {
        let departments = ArrayController<WindowDepartment>()
        let made = [WindowDepartment("Research"), WindowDepartment("Sales")]
        departments.setContent(made)
        let person = WindowPerson()
        let popUp = HeadlessPopUpButton()
        popUp.insertsNullPlaceholder = true
        popUp.nullPlaceholder = "None"
        let bindings = BindingSet()
        popUp.bind(content: departments, title: \.name).store(in: bindings)
        popUp.bind(selectedObject: person, \.department).store(in: bindings)
        let host = try GTKWindowHost(
          title: uniqueTitle("Departments"), root: Panel(title: "Person", subviews: [popUp]), bindings: bindings)
        host.present()
        defer { host.close() }
        let dropDown = try #require(host.widget(for: popUp))
        #expect(titles(dropDown) == ["None", "Research", "Sales"])
        #expect(gtk_drop_down_get_selected(cgtk_drop_down(dropDown)) == 0)

        gtk_drop_down_set_selected(cgtk_drop_down(dropDown), 2)
        #expect(person.department === made[1], "the Sales object itself")

        made[1].name = "Arts"
        departments.insert(WindowDepartment("Legal"), at: 0)
        #expect(await settle { titles(dropDown) == ["None", "Legal", "Research", "Arts"] })
        #expect(gtk_drop_down_get_selected(cgtk_drop_down(dropDown)) == 3, "Arts (once Sales) is still chosen")

        gtk_drop_down_set_selected(cgtk_drop_down(dropDown), 0)
        #expect(person.department == nil, "the null placeholder writes nil")
      }
    }
  }
#endif
