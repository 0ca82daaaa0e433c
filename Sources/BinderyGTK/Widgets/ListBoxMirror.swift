#if GTK
  import Bindery
  import BinderyControllers
  import BinderyControls
  import CGTK

  /// A list whose item type the mirror need not know: its rows (each with its controls) and its
  /// selection, which a user changes by clicking rows.
  protocol GTKListSource: AnyObject {
    /// The rows, in order: each row (its identity), and the controls shown in it.
    var shownRows: [(row: AnyObject, controls: [AnyObject])] { get }
    /// The indexes of the selected rows.
    var shownSelection: [Int] { get }
    /// Whether the list is hidden.
    var isListHidden: Bool { get }
    /// What the list says while it has no rows.
    var listPlaceholder: String? { get }
    /// Reports the user's selection.
    func userSelected(_ indexes: [Int])
    /// Reports the user's Delete: removes the selected rows' items, if it can.
    func userDeleted()
    /// Calls `changed` after each change of the rows, the selection or whether the list is hidden.
    func followList(_ changed: @escaping () -> Void) -> [KeyValueObservation]
    /// A row's place in an outline (its level from 1, whether it has children and shows them), or
    /// `nil` in a plain list.
    func outlineState(of row: AnyObject) -> (level: Int, expandable: Bool, expanded: Bool)?
    /// Reports the user's click on a row's expander.
    func userToggled(_ row: AnyObject)
    /// Reports a tree view key (Left, Right) pressed in an outline; whether it was one.
    func userPressedOutlineKey(_ key: UInt32) -> Bool
  }

  extension GTKListSource {
    /// A plain list's rows have no outline state.
    func outlineState(of row: AnyObject) -> (level: Int, expandable: Bool, expanded: Bool)? { nil }
    /// A plain list has no expanders.
    func userToggled(_ row: AnyObject) {}
    /// A plain list leaves Left and Right to GTK.
    func userPressedOutlineKey(_ key: UInt32) -> Bool { false }
  }

  extension HeadlessListView: GTKListSource {
    var shownRows: [(row: AnyObject, controls: [AnyObject])] {
      rows.map { ($0, $0.controls) }
    }
    var shownSelection: [Int] { selectionIndexes }
    var isListHidden: Bool { isHidden }
    var listPlaceholder: String? { emptyText }
    func userSelected(_ indexes: [Int]) { userDidSelectRows(indexes) }
    func userDeleted() { userDidDeleteSelection() }
    func followList(_ changed: @escaping () -> Void) -> [KeyValueObservation] {
      [
        observe(self, \.rows) { _ in changed() }, observe(self, \.selectionIndexes) { _ in changed() },
        observe(self, \.isHidden) { _ in changed() }, observe(self, \.emptyText) { _ in changed() },
      ]
    }
  }

  /// A list as a `GtkListBox` (libadwaita's boxed list) that fills the height its window has left,
  /// with the list's placeholder as a status page while it has no rows, one Tab stop (the arrows
  /// move between rows, Tab leaves): one row per row of the list, each a row of its controls' widgets,
  /// updated row by row (rows that left are removed, new rows inserted at their index, and of the rows
  /// that stay, only those out of order move, with their widgets), never rebuilt whole; the selection
  /// both ways (a click selects in the list, and so in its array controller; the controller's
  /// selection shows in the list box).
  ///
  /// The list is changed on the main actor (as an array controller shown in a window is): a change
  /// made elsewhere reaches the list box on the main actor, but reading the list there races with
  /// its next change.
  final class ListBoxMirror: WidgetMirror {
    private let source: any GTKListSource
    private unowned let builder: WidgetBuilder
    private var rows: [ShownRow] = []
    private let listBox: UnsafeMutablePointer<GtkWidget>
    private var isUpdating = false
    private var needsUpdate = false

    /// One row in the list box: the list's row it shows (kept, so its identity is not reused), the
    /// `GtkListBoxRow`, and its controls' mirrors.
    private struct ShownRow {
      let source: AnyObject
      let row: UnsafeMutablePointer<GtkWidget>
      let contents: [WidgetMirror]
      /// An outline row's expander button (an empty space of its width for a leaf).
      var expander: UnsafeMutablePointer<GtkWidget>? = nil
      /// The outline state the row shows.
      var shownState: (level: Int, expandable: Bool, expanded: Bool)? = nil
    }

    /// Whether each row's widgets take equal widths (a table's cells, under its headers).
    private let equalCells: Bool
    /// The accessible names of a table's cells that show no text of their own as their name (an
    /// editable cell's entry is named by its column's title), in column order.
    private let cellNames: [String]

    init(_ source: any GTKListSource, builder: WidgetBuilder, equalCells: Bool = false, cellNames: [String] = []) {
      self.source = source
      self.builder = builder
      self.equalCells = equalCells
      self.cellNames = cellNames
      listBox = gtk_list_box_new()
      gtk_list_box_set_selection_mode(cgtk_list_box(listBox), GTK_SELECTION_MULTIPLE)
      gtk_list_box_set_activate_on_single_click(cgtk_list_box(listBox), 0)
      gtk_widget_add_css_class(listBox, "boxed-list")
      gtk_widget_set_valign(listBox, GTK_ALIGN_START)
      // The list takes the height its window has left, whatever its number of rows: what is below
      // it never moves as rows come and go, and a taller window shows more rows.
      let scroller = gtk_scrolled_window_new()!
      gtk_scrolled_window_set_child(OpaquePointer(scroller), listBox)
      gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
      gtk_scrolled_window_set_min_content_height(OpaquePointer(scroller), 160)
      gtk_widget_set_vexpand(scroller, 1)
      statusPage = adw_status_page_new()
      gtk_widget_add_css_class(statusPage, "compact")
      gtk_list_box_set_placeholder(cgtk_list_box(listBox), statusPage)
      super.init(widget: scroller)
      let scheduler = updateScheduler
      source.followList { scheduler.controlDidChange() }.forEach { follow($0) }
      refresh()
      on("selected-rows-changed", of: UnsafeMutableRawPointer(listBox)) { [weak self] in self?.userDidSelect() }
      // Delete removes the selected rows through the list's controller; Tab and Shift+Tab leave the
      // list (one Tab stop: the arrows move in it).
      onKeyPressed(listBox) { [weak self] key, state in
        guard let self else { return false }
        let modifiers = shortcutModifiers(state)
        if key == UInt32(GDK_KEY_Delete), modifiers == 0 {
          self.source.userDeleted()
          return true
        }
        if modifiers == 0, self.source.userPressedOutlineKey(key) {
          self.refresh()
          return true
        }
        let isTab = key == UInt32(GDK_KEY_Tab) || key == UInt32(GDK_KEY_ISO_Left_Tab)
        guard isTab, modifiers & ~GDK_SHIFT_MASK.rawValue == 0 else { return false }
        let backward = key == UInt32(GDK_KEY_ISO_Left_Tab) || modifiers != 0
        self.leaveList(backward: backward)
        return true
      }
    }

    /// The `AdwStatusPage` the list box shows while it has no rows.
    private let statusPage: UnsafeMutablePointer<GtkWidget>

    /// Moves the keyboard focus to the widget after the list (or before it, `backward`): the list
    /// takes no focus for the move, so the window's focus chain goes past all its rows at once.
    private func leaveList(backward: Bool) {
      guard let root = gtk_widget_get_root(listBox) else { return }
      gtk_widget_set_can_focus(widget, 0)
      defer { gtk_widget_set_can_focus(widget, 1) }
      // The window goes round from its last widget to its first, as Tab does.
      _ = gtk_widget_child_focus(
        cgtk_widget(UnsafeMutableRawPointer(root)), backward ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD)
    }

    /// The list box itself (inside its scrolled window), and its rows' widgets.
    var listBoxWidget: UnsafeMutablePointer<GtkWidget> { listBox }

    override var children: [WidgetMirror] { rows.flatMap(\.contents) }

    override func update() {
      // Moving a row out and back in can end the editing of a field in it, whose binding can change
      // the list again: that change is applied once this one is done.
      if isUpdating {
        needsUpdate = true
        return
      }
      isUpdating = true
      defer { isUpdating = false }
      repeat {
        needsUpdate = false
        reconcile()
      } while needsUpdate && !isStopped
      apply(hidden: source.isListHidden)
      let placeholder = source.listPlaceholder
      let title = String(gtk: adw_status_page_get_title(cgtk_adw_status_page(statusPage)))
      if title != placeholder ?? "" { adw_status_page_set_title(cgtk_adw_status_page(statusPage), placeholder) }
      if (gtk_widget_get_visible(statusPage) != 0) == (placeholder == nil) {
        gtk_widget_set_visible(statusPage, placeholder == nil ? 0 : 1)
      }
    }

    private func reconcile() {
      let wanted = source.shownRows
      var positions: [ObjectIdentifier: Int] = [:]
      for (index, entry) in wanted.enumerated() { positions[ObjectIdentifier(entry.row)] = index }
      func stays(_ shown: ShownRow) -> Bool {
        positions[ObjectIdentifier(shown.source)].map { wanted[$0].row === shown.source } ?? false
      }
      settingWidget {
        // Rows that left.
        for shown in rows where !stays(shown) {
          shown.contents.forEach { builder.forget($0) }
          gtk_list_box_remove(cgtk_list_box(listBox), shown.row)
        }
        let kept = rows.filter(stays)
        // Of the rows that stay, the longest run already in order stays put; the others move.
        let order = kept.map { positions[ObjectIdentifier($0.source)] ?? 0 }
        let inRun = CollectionChange.longestIncreasingRun(order)
        let inPlace = Set(order.indices.filter { inRun[$0] }.map { order[$0] })
        var moving: [Int: ShownRow] = [:]
        for shown in kept {
          let target = positions[ObjectIdentifier(shown.source)] ?? 0
          guard !inPlace.contains(target) else { continue }
          g_object_ref(shown.row)  // kept alive while out of the list box
          gtk_list_box_remove(cgtk_list_box(listBox), shown.row)
          moving[target] = shown
        }
        var byTarget: [Int: ShownRow] = [:]
        for shown in kept { byTarget[positions[ObjectIdentifier(shown.source)] ?? 0] = shown }
        var next: [ShownRow] = []
        for (index, entry) in wanted.enumerated() {
          if let shown = moving[index] {
            gtk_list_box_insert(cgtk_list_box(listBox), shown.row, Int32(index))
            g_object_unref(shown.row)
            next.append(shown)
          } else if let shown = byTarget[index] {
            next.append(shown)
          } else {
            next.append(makeRow(entry.row, controls: entry.controls, at: index))
          }
        }
        rows = next
        for index in rows.indices { showOutlineState(of: index) }
        showSelection()
      }
    }

    private func makeRow(_ source: AnyObject, controls: [AnyObject], at index: Int) -> ShownRow {
      let contents = controls.compactMap { builder.mirror(for: $0) }
      contents.forEach { builder.resolveLabels(in: $0) }
      let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
      if equalCells { gtk_box_set_homogeneous(cgtk_box(box), 1) }
      gtk_widget_set_margin_start(box, 6)
      gtk_widget_set_margin_end(box, 6)
      gtk_widget_set_margin_top(box, 4)
      gtk_widget_set_margin_bottom(box, 4)
      var expander: UnsafeMutablePointer<GtkWidget>?
      if self.source.outlineState(of: source) != nil {
        let button = gtk_button_new_from_icon_name("pan-end-symbolic")!
        gtk_widget_add_css_class(button, "flat")
        gtk_widget_add_css_class(button, "circular")
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        // The row says whether it is expanded; the button is a pointer's way to change it (the
        // keyboard's is Left and Right on the row), so it takes no focus of its own.
        gtk_widget_set_focusable(button, 0)
        gtk_box_append(cgtk_box(box), button)
        on("clicked", of: UnsafeMutableRawPointer(button)) { [weak self, weak source] in
          guard let self, let source else { return }
          self.source.userToggled(source)
          self.refresh()
        }
        expander = button
      }
      for mirror in contents { gtk_box_append(cgtk_box(box), mirror.placed) }
      // The last control takes the rest of the row: a label there wraps at the row's width, not at
      // its longest word.
      if !equalCells, let last = contents.last { gtk_widget_set_hexpand(last.placed, 1) }
      for (mirror, name) in zip(contents, cellNames) where !(mirror is LabelMirror) {
        cgtk_set_accessible_label(mirror.widget, name)
      }
      let row = gtk_list_box_row_new()!
      gtk_list_box_row_set_child(cgtk_list_box_row(row), box)
      gtk_list_box_insert(cgtk_list_box(listBox), row, Int32(index))
      return ShownRow(source: source, row: row, contents: contents, expander: expander)
    }

    /// Shows an outline row's level (as its indentation), its expander's arrow and its accessible
    /// expanded state and level, when they changed.
    private func showOutlineState(of index: Int) {
      guard let expander = rows[index].expander, let state = source.outlineState(of: rows[index].source) else { return }
      if let shown = rows[index].shownState, shown == state { return }
      rows[index].shownState = state
      if let box = gtk_list_box_row_get_child(cgtk_list_box_row(rows[index].row)) {
        gtk_widget_set_margin_start(box, Int32(6 + (state.level - 1) * 24))
      }
      gtk_button_set_icon_name(cgtk_button(expander), state.expanded ? "pan-down-symbolic" : "pan-end-symbolic")
      gtk_widget_set_opacity(expander, state.expandable ? 1 : 0)
      gtk_widget_set_sensitive(expander, state.expandable ? 1 : 0)
      gtk_widget_set_tooltip_text(expander, state.expandable ? (state.expanded ? "Collapse" : "Expand") : nil)
      cgtk_set_accessible_tree_row(
        rows[index].row, state.expandable ? (state.expanded ? 1 : 0) : -1, Int32(state.level))
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
      refresh()
    }

    override func stop() {
      super.stop()
      rows = []
    }
  }
#endif
