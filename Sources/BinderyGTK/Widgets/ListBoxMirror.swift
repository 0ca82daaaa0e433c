#if GTK
  import Bindery
  import BinderyControllers
  import BinderyControls
  import CGTK

  /// A list whose item type the mirror need not know: its rows (each with its controls) and its
  /// selection, which a user changes by clicking rows.
  protocol GTKListSource: AnyObject {
    /// The rows, in order: an identity, and the controls shown in the row.
    var shownRows: [(id: ObjectIdentifier, controls: [AnyObject])] { get }
    /// The indexes of the selected rows.
    var shownSelection: [Int] { get }
    /// Reports the user's selection.
    func userSelected(_ indexes: [Int])
    /// Calls `changed` after each change of the rows or the selection.
    func followRowsAndSelection(_ changed: @escaping () -> Void) -> [KeyValueObservation]
  }

  extension HeadlessListView: GTKListSource {
    var shownRows: [(id: ObjectIdentifier, controls: [AnyObject])] {
      rows.map { (ObjectIdentifier($0), $0.controls) }
    }
    var shownSelection: [Int] { selectionIndexes }
    func userSelected(_ indexes: [Int]) { userDidSelectRows(indexes) }
    func followRowsAndSelection(_ changed: @escaping () -> Void) -> [KeyValueObservation] {
      [observe(self, \.rows) { _ in changed() }, observe(self, \.selectionIndexes) { _ in changed() }]
    }
  }

  /// A list as a `GtkListBox`: one row per row of the list, each a row of its controls' widgets,
  /// updated row by row (rows that left are removed, new rows inserted at their index, moved rows
  /// moved), never rebuilt whole; the selection both ways (a click selects in the list, and so in
  /// its array controller; the controller's selection shows in the list box).
  final class ListBoxMirror: WidgetMirror {
    private let source: any GTKListSource
    private unowned let builder: WidgetBuilder
    private var rows: [ShownRow] = []
    private let listBox: UnsafeMutablePointer<GtkWidget>

    /// One row in the list box: the list's row it shows, the `GtkListBoxRow`, and its controls' mirrors.
    private struct ShownRow {
      let id: ObjectIdentifier
      let row: UnsafeMutablePointer<GtkWidget>
      let contents: [WidgetMirror]
    }

    init(_ source: any GTKListSource, builder: WidgetBuilder) {
      self.source = source
      self.builder = builder
      listBox = gtk_list_box_new()
      gtk_list_box_set_selection_mode(cgtk_list_box(listBox), GTK_SELECTION_MULTIPLE)
      gtk_list_box_set_activate_on_single_click(cgtk_list_box(listBox), 0)
      gtk_widget_add_css_class(listBox, "boxed-list")
      let scroller = gtk_scrolled_window_new()!
      gtk_scrolled_window_set_child(OpaquePointer(scroller), listBox)
      gtk_scrolled_window_set_min_content_height(OpaquePointer(scroller), 140)
      gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(scroller), 1)
      gtk_scrolled_window_set_max_content_height(OpaquePointer(scroller), 320)
      super.init(widget: scroller)
      let scheduler = updateScheduler
      source.followRowsAndSelection { scheduler.controlDidChange() }.forEach { follow($0) }
      update()
      on("selected-rows-changed", of: UnsafeMutableRawPointer(listBox)) { [weak self] in self?.userDidSelect() }
    }

    /// The list box itself (inside its scrolled window), and its rows' widgets.
    var listBoxWidget: UnsafeMutablePointer<GtkWidget> { listBox }

    override var children: [WidgetMirror] { rows.flatMap(\.contents) }

    override func update() {
      let wanted = source.shownRows
      let wantedIDs = Set(wanted.map(\.id))
      settingWidget {
        // Rows that left.
        for shown in rows where !wantedIDs.contains(shown.id) {
          shown.contents.forEach { builder.forget($0) }
          gtk_list_box_remove(cgtk_list_box(listBox), shown.row)
        }
        var kept = Dictionary(rows.filter { wantedIDs.contains($0.id) }.map { ($0.id, $0) }) { first, _ in first }
        var next: [ShownRow] = []
        for (index, entry) in wanted.enumerated() {
          if let shown = kept.removeValue(forKey: entry.id) {
            if gtk_list_box_row_get_index(cgtk_list_box_row(shown.row)) != Int32(index) {
              // A moved row keeps its widgets: taken out, put back at its new index.
              g_object_ref(shown.row)
              gtk_list_box_remove(cgtk_list_box(listBox), shown.row)
              gtk_list_box_insert(cgtk_list_box(listBox), shown.row, Int32(index))
              g_object_unref(shown.row)
            }
            next.append(shown)
          } else {
            next.append(makeRow(entry.id, controls: entry.controls, at: index))
          }
        }
        rows = next
        showSelection()
      }
    }

    private func makeRow(_ id: ObjectIdentifier, controls: [AnyObject], at index: Int) -> ShownRow {
      let contents = controls.compactMap { builder.mirror(for: $0) }
      let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
      gtk_widget_set_margin_start(box, 6)
      gtk_widget_set_margin_end(box, 6)
      gtk_widget_set_margin_top(box, 4)
      gtk_widget_set_margin_bottom(box, 4)
      for mirror in contents { gtk_box_append(cgtk_box(box), mirror.widget) }
      let row = gtk_list_box_row_new()!
      gtk_list_box_row_set_child(cgtk_list_box_row(row), box)
      gtk_list_box_insert(cgtk_list_box(listBox), row, Int32(index))
      return ShownRow(id: id, row: row, contents: contents)
    }

    /// The rows GTK shows as selected, by index.
    private var selectedInWidget: [Int] {
      var indexes: [Int] = []
      var node = gtk_list_box_get_selected_rows(cgtk_list_box(listBox))
      let list = node
      while let current = node {
        indexes.append(Int(gtk_list_box_row_get_index(cgtk_list_box_row(current.pointee.data))))
        node = current.pointee.next
      }
      g_list_free(list)
      return indexes.sorted()
    }

    private func showSelection() {
      let wanted = source.shownSelection.filter { rows.indices.contains($0) }.sorted()
      guard selectedInWidget != wanted else { return }
      gtk_list_box_unselect_all(cgtk_list_box(listBox))
      for index in wanted { gtk_list_box_select_row(cgtk_list_box(listBox), cgtk_list_box_row(rows[index].row)) }
    }

    private func userDidSelect() {
      let selected = selectedInWidget
      guard selected != source.shownSelection.sorted() else { return }
      source.userSelected(selected)
      update()
    }

    override func stop() {
      super.stop()
      rows = []
    }
  }
#endif
