#if GTK
  import Bindery
  import BinderyControllers
  import BinderyControls
  import BinderyScreens
  import BinderyGTK
  import PersonEditorKit
  import CGTK
  import Foundation
  import Testing

  /// PersonEditor.spec.yaml as a GNOME app's window: a header bar with the toolbar's buttons, a list
  /// that fills the window, a status page for an empty list, toasts, and a list that is one Tab stop.
  extension GTKSuites {
    @MainActor
    @Suite(.enabled(if: hasXdotool, "needs xdotool"))
    struct AdwaitaWindowTests {
      /// A window of PersonEditor's spec file on `controller`, `height` pixels tall.
      func open(_ controller: PeopleViewController, title: String, height: Int = 0) throws -> GTKWindowHost {
        try GTKMainLoop.start()
        let screen = try PersonEditorScreen.load(specPath: personEditorSpec, controller: controller) { _ in }
        let window = try GTKWindowHost(title: title, screen: screen, width: 480, height: height)
        window.present()
        return window
      }

      /// The first ancestor of `widget` (itself included) for which `matches` is true.
      func ancestor(
        of widget: UnsafeMutablePointer<GtkWidget>, where matches: (UnsafeMutablePointer<GtkWidget>) -> Bool
      ) -> UnsafeMutablePointer<GtkWidget>? {
        var current: UnsafeMutablePointer<GtkWidget>? = widget
        while let node = current {
          if matches(node) { return node }
          current = gtk_widget_get_parent(node)
        }
        return nil
      }

      /// The widgets inside `widget` (itself included), depth first.
      func descendants(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var found = [widget]
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
          found += descendants(of: current)
          child = gtk_widget_get_next_sibling(current)
        }
        return found
      }

      /// Where `widget` is in its window, in pixels from the window's top left corner.
      func bounds(of widget: UnsafeMutablePointer<GtkWidget>) -> graphene_rect_t {
        var rect = graphene_rect_t()
        if let root = gtk_widget_get_root(widget) {
          _ = gtk_widget_compute_bounds(widget, cgtk_widget(UnsafeMutableRawPointer(root)), &rect)
        }
        return rect
      }

      @Test func theToolbarsButtonsAreInTheHeaderBarAndTheWindowIsALibadwaitaWindow() async throws {
        let controller = try PeopleViewController()
        let window = try open(controller, title: uniqueTitle("People"))
        defer { window.close() }
        let gtkWindow = try #require(window.window)
        #expect(cgtk_is_adw_window(gtkWindow) != 0)
        for name in ["AddButton", "RemoveButton", "UndoButton", "RedoButton"] {
          let button = try #require(window.widget(named: name))
          #expect(ancestor(of: button) { cgtk_is_adw_header_bar($0) != 0 } != nil, "\(name) is in the header bar")
        }
        let save = try #require(window.widget(named: "SaveButton"))
        #expect(ancestor(of: save) { cgtk_is_adw_header_bar($0) != 0 } == nil, "Save stays in the form")
      }

      @Test func theListFillsTheWindowAndWhatIsBelowItNeverMovesAsRowsAreAdded() async throws {
        let controller = try PeopleViewController()
        let window = try open(controller, title: uniqueTitle("People"), height: 640)
        defer { window.close() }
        let list = try #require(window.widget(named: "People"))
        let save = try #require(window.widget(named: "SaveButton"))
        #expect(await settle { gtk_widget_get_mapped(save) != 0 && bounds(of: save).origin.y > 0 })
        await settleBriefly()
        let saveBefore = bounds(of: save).origin.y
        let scroller = try #require(
          ancestor(of: list) { isInstance($0, of: gtk_scrolled_window_get_type()) })
        let listHeight = bounds(of: scroller).size.height
        #expect(listHeight > 250, "the list takes the height left in a 640-pixel window (\(listHeight) px)")

        for _ in 0..<12 { _ = controller.people.add() }
        #expect(await settle { listRows(list).count == 15 })
        await settleBriefly()

        #expect(bounds(of: save).origin.y == saveBefore, "Save stays where it was")
        #expect(bounds(of: scroller).size.height == listHeight, "the list scrolls instead of growing")
      }

      @Test func anEmptyListShowsItsPlaceholderAsAStatusPage() async throws {
        let controller = try PeopleViewController()
        let window = try open(controller, title: uniqueTitle("People"))
        defer { window.close() }
        let list = try #require(window.widget(named: "People"))
        let statusPage = try #require(descendants(of: list).first { cgtk_is_adw_status_page($0) != 0 })
        #expect(await settle { listRows(list).count == 3 })
        #expect(gtk_widget_get_mapped(statusPage) == 0, "hidden while there are rows")

        #expect(controller.people.select(indexes: [0, 1, 2]))
        controller.people.remove()

        #expect(await settle { gtk_widget_get_mapped(statusPage) != 0 })
        #expect(String(cString: adw_status_page_get_title(cgtk_adw_status_page(statusPage))) == "No people yet")
        _ = controller.people.add()
        #expect(await settle { gtk_widget_get_mapped(statusPage) == 0 })
      }

      @Test func aDetailListSaysNoSelectionOrMultipleValuesInItsStatusPage() async throws {
        try GTKMainLoop.start()
        let authors = ArrayController<Author>()
        authors.avoidsEmptySelection = false
        authors.setContent([Author(["Countess"]), Author([])])
        let nicknames = ArrayController<Nickname>()
        let bindings = BindingSet()
        nicknames.bindContent(to: .selection(of: authors, \.nicknames)).store(in: bindings)
        let list = HeadlessListView<Nickname> { nickname, row in
          let label = HeadlessLabel()
          label.bind(\.text, to: nickname, \.text).store(in: row.bindings)
          row.controls = [label]
        }
        list.placeholder = "No nicknames"
        list.bind(to: nicknames).store(in: bindings)
        let window = try GTKWindowHost(
          title: uniqueTitle("Nicknames"), root: Panel(title: "Nicknames", subviews: [list]), names: ["List": list],
          bindings: bindings)
        window.retain(authors)
        window.retain(nicknames)
        window.present()
        defer { window.close() }
        let listBox = try #require(window.widget(named: "List"))
        let statusPage = try #require(descendants(of: listBox).first { cgtk_is_adw_status_page($0) != 0 })
        func title() -> String { String(cString: adw_status_page_get_title(cgtk_adw_status_page(statusPage))) }
        #expect(await settle { gtk_widget_get_mapped(statusPage) != 0 && title() == "No Selection" })

        #expect(authors.select(indexes: [0]))
        #expect(await settle { listRows(listBox) == [["Countess"]] })
        #expect(gtk_widget_get_mapped(statusPage) == 0)

        #expect(authors.select(indexes: [0, 1]))
        #expect(await settle { gtk_widget_get_mapped(statusPage) != 0 && title() == "Multiple Values" })

        #expect(authors.select(indexes: [1]))
        #expect(await settle { title() == "No nicknames" })
      }

      @Test func tabLeavesTheListInOnePressAndShiftTabComesBack() async throws {
        let controller = try PeopleViewController()
        let title = uniqueTitle("People")
        let window = try open(controller, title: title)
        defer { window.close() }
        let list = try #require(window.widget(named: "People"))
        let first = try #require(window.widget(named: "FirstNameField"))
        #expect(await settle { listRows(list).count == 3 })
        try await focusWindow(titled: title, of: list)
        let row = try #require(gtk_list_box_get_row_at_index(cgtk_list_box(list), 0))
        gtk_widget_grab_focus(cgtk_widget(row))
        #expect(await settle { isFocusWithin(list) })

        try await xdotool(["key", "Down"])  // the arrows move in the list
        #expect(await settle { selectedRows(list) == [1] })
        #expect(isFocusWithin(list))
        try await xdotool(["key", "Tab"])

        #expect(await settle { isFocusWithin(first) }, "one Tab goes from the list to the first field")
        #expect(selectedRows(list) == [1], "leaving the list does not change the selection")
        try await xdotool(["key", "shift+Tab"])
        #expect(await settle { isFocusWithin(list) }, "Shift+Tab comes back to the list")
        #expect(selectedRows(list) == [1])
      }

      @Test func aToastShowsItsTextAsWrittenAndItsButtonRunsItsAction() async throws {
        let controller = try PeopleViewController()
        let title = uniqueTitle("People")
        let window = try open(controller, title: title)
        defer { window.close() }
        let gtkWindow = try #require(window.window)
        var undone = 0
        window.showToast("Ada <Lovelace> removed", button: "Undo") { undone += 1 }

        func labels() -> [String] {
          descendants(of: gtkWindow).filter { isInstance($0, of: gtk_label_get_type()) }
            .compactMap { labelText($0) }
        }
        #expect(await settle { labels().contains("Ada <Lovelace> removed") }, "markup is shown as text")
        // The toast's own Undo, not the header bar's.
        let button = try #require(
          descendants(of: gtkWindow).first { widget in
            isInstance(widget, of: gtk_button_get_type()) && buttonLabel(widget) == "Undo"
              && ancestor(of: widget) { String(cString: cgtk_object_type_name($0)) == "AdwToastWidget" } != nil
          })
        #expect(await settle { gtk_widget_get_mapped(button) != 0 })
        #expect(undone == 0, "the action waits for the button")
        try await Task.sleep(for: .milliseconds(600))  // the toast slides in
        try await click(button, ofWindowTitled: title)
        #expect(await settle { undone == 1 })
      }

      @Test func labelledFieldsAreRowsTitledByTheirLabelsAndAgeIsASpinButton() async throws {
        let controller = try PeopleViewController()
        let window = try open(controller, title: uniqueTitle("People"))
        defer { window.close() }
        for (name, title) in [("FirstNameField", "First name"), ("LastNameField", "Last name")] {
          let field = try #require(window.widget(named: name))
          #expect(isInstance(field, of: gtk_entry_get_type()), "\(name) is an entry")
          let row = try #require(ancestor(of: field) { isInstance($0, of: adw_action_row_get_type()) })
          #expect(adw_preferences_row_get_title(cgtk_adw_preferences_row(row)).map { String(cString: $0) } == title)
          #expect(gtk_widget_get_focusable(row) == 0, "one Tab stop: the entry")
          #expect(ancestor(of: row) { gtk_widget_has_css_class($0, "boxed-list") != 0 } != nil)
          let placeholder = gtk_entry_get_placeholder_text(cgtk_entry(field)).map { String(cString: $0) } ?? ""
          #expect(placeholder.isEmpty, "the title is not said again")
        }
        let age = try #require(window.widget(named: "AgeField"))
        #expect(cgtk_is_spin_button(age) != 0)
        let ageRow = try #require(ancestor(of: age) { isInstance($0, of: adw_action_row_get_type()) })
        #expect(adw_preferences_row_get_title(cgtk_adw_preferences_row(ageRow)).map { String(cString: $0) } == "Age")
        #expect(await settle { entryText(age) == "36" })
        // The labels are the rows' titles: no separate label widget says "Age" again.
        let gtkWindow = try #require(window.window)
        let ageLabels = descendants(of: gtkWindow).filter {
          isInstance($0, of: gtk_label_get_type()) && labelText($0) == "Age"
            && ancestor(of: $0) { $0 == ageRow } == nil
        }
        #expect(ageLabels.isEmpty)
      }

      @Test func theAgeSpinButtonStepsWithTheArrowKeysAndWritesAtOnce() async throws {
        let controller = try PeopleViewController()
        let title = uniqueTitle("People")
        let window = try open(controller, title: title)
        defer { window.close() }
        let age = try #require(window.widget(named: "AgeField"))
        #expect(await settle { entryText(age) == "36" })
        try await focusWindow(titled: title, of: age)
        gtk_widget_grab_focus(age)
        #expect(await settle { isFocusWithin(age) })

        try await xdotool(["key", "Up"])
        #expect(await settle { controller.people.content[0].age == 37 }, "a step is written without Return")
        #expect(await settle { entryText(age) == "37" })
        try await xdotool(["key", "Down"])
        try await xdotool(["key", "Down"])
        #expect(await settle { controller.people.content[0].age == 35 })
        #expect(listRows(window.widget(named: "People")).first == ["Ada Lovelace", "age 35"])
      }

      @Test func textThatIsNotANumberStaysInTheSpinButtonWithItsError() async throws {
        let controller = try PeopleViewController()
        let title = uniqueTitle("People")
        let window = try open(controller, title: title)
        defer { window.close() }
        let age = try #require(window.widget(named: "AgeField"))
        #expect(await settle { entryText(age) == "36" })

        try await type("3b", into: age, ofWindowTitled: title, pressReturn: true)

        #expect(await settle { errorLine(of: age) == "Enter a whole number, like 1,234" })
        #expect(entryText(age) == "3b", "GTK left what was typed")
        #expect(gtk_widget_has_css_class(age, "error") != 0)
        #expect(controller.people.content[0].age == 36)
        try await xdotool(["key", "Tab"])
        await settleBriefly()
        #expect(entryText(age) == "3b")
        #expect(controller.people.content[0].age == 36, "leaving the field wrote nothing")
      }

      /// Whether the keyboard focus is in `widget`.
      private func isFocusWithin(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_FOCUS_WITHIN.rawValue != 0
      }

      /// A button's label.
      private func buttonLabel(_ widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        gtk_button_get_label(cgtk_button(widget)).map { String(cString: $0) }
      }
    }
  }

  /// Whether `widget` is an instance of `type`.
  private func isInstance(_ widget: UnsafeMutablePointer<GtkWidget>, of type: GType) -> Bool {
    cgtk_type_is_a(cgtk_object_type(UnsafeMutableRawPointer(widget)), type) != 0
  }

  /// An author and their nicknames, for a master-detail window.
  @KeyValueObservable
  final class Author {
    var nicknames: [Nickname]
    init(_ nicknames: [String]) { self.nicknames = nicknames.map(Nickname.init) }
  }

  /// One nickname.
  @KeyValueObservable
  final class Nickname {
    var text: String
    init(_ text: String) { self.text = text }
  }
#endif
