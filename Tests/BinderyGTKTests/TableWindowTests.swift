#if GTK
  import Bindery
  import BinderyControllers
  import BinderyControls
  import BinderyGTK
  import CGTK
  import Foundation
  import Testing

  /// A film in the GTK table tests.
  @KeyValueObservable
  final class WindowFilm {
    var title: String
    var year: Int
    init(_ title: String, _ year: Int) {
      self.title = title
      self.year = year
    }
  }

  /// A table in a window: header buttons that sort the controller (and show the order it has), rows
  /// chosen with Control-clicks, titles edited in entries.
  extension GTKSuites {
    @MainActor
    @Suite
    struct TableWindowTests {
      /// The first descendant of `widget` whose GType is named `typeName`, depth first.
      func descendant(of widget: UnsafeMutablePointer<GtkWidget>, typed typeName: String)
        -> UnsafeMutablePointer<GtkWidget>?
      {
        if String(cString: cgtk_object_type_name(widget)) == typeName { return widget }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
          if let found = descendant(of: current, typed: typeName) { return found }
          child = gtk_widget_get_next_sibling(current)
        }
        return nil
      }

      /// The header buttons, in order.
      func headers(_ table: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var buttons: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(gtk_widget_get_first_child(table))
        while let current = child {
          buttons.append(current)
          child = gtk_widget_get_next_sibling(current)
        }
        return buttons
      }

      func label(_ button: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: gtk_button_get_label(cgtk_button(button)))
      }

      /// Control-clicks the middle of `widget` with the mouse (xdotool).
      func controlClick(_ widget: UnsafeMutablePointer<GtkWidget>, ofWindowTitled title: String) async throws {
        try await focusWindow(titled: title, of: widget)
        let root = try #require(gtk_widget_get_root(widget))
        var middle = graphene_point_t(
          x: Float(gtk_widget_get_width(widget)) / 2, y: Float(gtk_widget_get_height(widget)) / 2)
        var inWindow = graphene_point_t()
        #expect(gtk_widget_compute_point(widget, cgtk_widget(UnsafeMutableRawPointer(root)), &middle, &inWindow) != 0)
        let geometry = try await xdotool(["getwindowgeometry", "--shell", try await windowID(titled: title)])
        var origin: [String: Int] = [:]
        for line in geometry.split(separator: "\n") {
          let parts = line.split(separator: "=")
          if parts.count == 2, let value = Int(parts[1]) { origin[String(parts[0])] = value }
        }
        var shadowX = 0.0
        var shadowY = 0.0
        gtk_native_get_surface_transform(root, &shadowX, &shadowY)
        let x = (origin["X"] ?? 0) + Int(Double(inWindow.x) + shadowX)
        let y = (origin["Y"] ?? 0) + Int(Double(inWindow.y) + shadowY)
        try await xdotool(["mousemove", "--sync", "\(x)", "\(y)", "keydown", "ctrl", "click", "1", "keyup", "ctrl"])
        await settleBriefly()
      }

      @Test("A click on a header sorts the controller, a second click the other way; an order set in code shows")
      func headerClicksSort() async throws {
        let films = ArrayController<WindowFilm>()
        films.setContent([WindowFilm("Sunrise", 1927), WindowFilm("Nosferatu", 1922), WindowFilm("Metropolis", 1927)])
        let table = HeadlessTableView<WindowFilm>(columns: [
          HeadlessTableColumn(id: "title", title: "Title", sortKey: \.title) { film, bindings in
            let field = HeadlessTextField()
            field.bind(\.text, to: film, \.title).store(in: bindings)
            return field
          },
          HeadlessTableColumn(id: "year", title: "Year", sortKey: \.year) { film, bindings in
            let label = HeadlessLabel()
            label.bind(\.text, to: .computed(from: film, named: "year") { String?("\($0.year)") }).store(in: bindings)
            return label
          },
        ])
        let bindings = BindingSet()
        table.bind(to: films).store(in: bindings)
        let title = uniqueTitle("Films")
        let host = try GTKWindowHost(title: title, root: Panel(title: "Films", subviews: [table]), bindings: bindings)
        host.present()
        defer { host.close() }
        let widget = try #require(host.widget(for: table))
        let buttons = headers(widget)
        #expect(buttons.map(label) == ["Title", "Year"])

        try await click(buttons[0], ofWindowTitled: title)
        #expect(await settle { films.sortOrder.first?.keyPath == \WindowFilm.title })
        #expect(films.sortOrder.first?.isAscending == true)
        #expect(films.arrangedObjects.map(\.title) == ["Metropolis", "Nosferatu", "Sunrise"])
        #expect(await settle { label(buttons[0]) == "Title ▲" })

        try await click(buttons[0], ofWindowTitled: title)
        #expect(await settle { films.sortOrder.first?.isAscending == false })
        #expect(await settle { label(buttons[0]) == "Title ▼" })

        films.sortOrder = [.descending(\.year)]
        #expect(await settle { label(buttons[1]) == "Year ▼" && label(buttons[0]) == "Title" })

        // Control-clicks on the rows' year labels choose several films.
        let listBox = try #require(descendant(of: widget, typed: "GtkListBox"))
        func yearLabel(_ row: Int32) -> UnsafeMutablePointer<GtkWidget>? {
          gtk_list_box_get_row_at_index(cgtk_list_box(listBox), row)
            .flatMap { gtk_list_box_row_get_child($0) }
            .flatMap { gtk_widget_get_last_child($0) }
        }
        try await click(try #require(yearLabel(0)), ofWindowTitled: title)
        #expect(await settle { films.selectionIndexes == [0] })
        try await controlClick(try #require(yearLabel(2)), ofWindowTitled: title)
        #expect(await settle { films.selectionIndexes == [0, 2] }, "\(films.selectionIndexes)")
        #expect(selectedRows(listBox) == [0, 2])

        // The title column's cells are entries: what the user types there renames the film.
        let entry = try #require(descendant(of: widget, typed: "GtkText").flatMap { gtk_widget_get_parent($0) })
        gtk_editable_set_text(cgtk_editable(entry), "Nosferatu, eine Symphonie des Grauens")
        #expect(await settle { films.arrangedObjects.contains { $0.title == "Nosferatu, eine Symphonie des Grauens" } })
      }
    }
  }
#endif
