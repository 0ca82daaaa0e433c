#if GTK
  import Bindery
  import BinderyControllers
  import BinderyControls
  import BinderyGTK
  import CGTK
  import Foundation
  import Testing

  /// A topic in the GTK outline tests: topics hold topics.
  @KeyValueObservable
  final class WindowTopic {
    var title: String
    var topics: [WindowTopic]
    init(_ title: String, _ topics: [WindowTopic] = []) {
      self.title = title
      self.topics = topics
    }
  }

  /// An outline in a window: a list box whose rows are the visible nodes, indented, with expanders.
  extension GTKSuites {
    @MainActor
    @Suite
    struct OutlineWindowTests {
      func listBox(in widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        if String(cString: cgtk_object_type_name(widget)) == "GtkListBox" { return widget }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
          if let found = listBox(in: current) { return found }
          child = gtk_widget_get_next_sibling(current)
        }
        return nil
      }

      /// The rows' label texts, each indented by a space per 24 pixels of its row's margin.
      func shown(_ listBox: UnsafeMutablePointer<GtkWidget>) -> [String] {
        var texts: [String] = []
        var index: Int32 = 0
        while let row = gtk_list_box_get_row_at_index(cgtk_list_box(listBox), index) {
          guard let box = gtk_list_box_row_get_child(row) else { break }
          let indent = String(repeating: " ", count: Int(gtk_widget_get_margin_start(box) - 6) / 24)
          let label = gtk_widget_get_next_sibling(gtk_widget_get_first_child(box))
          texts.append(indent + (label.map { String(cString: gtk_label_get_text(cgtk_label($0))) } ?? "?"))
          index += 1
        }
        return texts
      }

      /// The expander button of row `index`.
      func expander(_ listBox: UnsafeMutablePointer<GtkWidget>, _ index: Int32) -> UnsafeMutablePointer<GtkWidget>? {
        gtk_list_box_get_row_at_index(cgtk_list_box(listBox), index)
          .flatMap { gtk_list_box_row_get_child($0) }.flatMap { gtk_widget_get_first_child($0) }
      }

      @Test("An outline's expander shows a topic's children indented under it, and the arrow keys walk the tree")
      func expandersAndKeys() async throws {
        let topics = [WindowTopic("Basics", [WindowTopic("Install"), WindowTopic("Build")]), WindowTopic("Guides")]
        let tree = TreeController<WindowTopic>(children: \.topics)
        tree.setContent(topics)
        let outline = HeadlessOutlineView<WindowTopic> { topic, row in
          let label = HeadlessLabel()
          label.bind(\.text, to: topic, \.title).store(in: row.bindings)
          row.controls = [label]
        }
        let bindings = BindingSet()
        outline.bind(to: tree).store(in: bindings)
        let title = uniqueTitle("Topics")
        let host = try GTKWindowHost(
          title: title, root: Panel(title: "Topics", subviews: [outline]), bindings: bindings)
        host.present()
        defer { host.close() }
        let widget = try #require(host.widget(for: outline))
        let list = try #require(listBox(in: widget))
        #expect(await settle { shown(list) == ["Basics", "Guides"] })

        try await click(try #require(expander(list, 0)), ofWindowTitled: title)
        #expect(await settle { shown(list) == ["Basics", " Install", " Build", "Guides"] })
        #expect(outline.isExpanded(topics[0]))

        // The keyboard: Down, Left (to the parent), Left (collapses), Right (expands), Right (first child).
        try await focusWindow(titled: title, of: list)
        tree.setSelectionIndexPaths([[0, 1]])
        #expect(await settle { tree.selectedObjects.map(\.title) == ["Build"] })
        gtk_widget_grab_focus(cgtk_widget(try #require(gtk_list_box_get_row_at_index(cgtk_list_box(list), 2))))
        try await xdotool(["key", "Left"])
        #expect(await settle { tree.selectedObjects.map(\.title) == ["Basics"] })
        try await xdotool(["key", "Left"])
        #expect(await settle { shown(list) == ["Basics", "Guides"] })
        try await xdotool(["key", "Right"])
        #expect(await settle { shown(list) == ["Basics", " Install", " Build", "Guides"] })
        try await xdotool(["key", "Right"])
        #expect(await settle { tree.selectedObjects.map(\.title) == ["Install"] })

        topics[1].topics.append(WindowTopic("Tables"))  // Guides gets a child: its expander shows
        #expect(await settle { expander(list, 3).map { gtk_widget_get_opacity($0) } == 1 })
      }
    }
  }
#endif
