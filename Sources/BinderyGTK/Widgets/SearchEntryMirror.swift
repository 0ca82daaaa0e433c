#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A search field as a `GtkSearchEntry`, with a `GtkDropDown` of its templates before it when it
  /// has several: the text, the placeholder (the chosen template's title, also the entry's accessible
  /// name), the chosen template, enabled and hidden. GTK's `search-changed` (as the user types, after
  /// GTK's short pause) is the field's user edit; Escape (`stop-search`) clears it; choosing a template
  /// in the drop-down is the field's user choice.
  final class SearchEntryMirror: WidgetMirror {
    let field: HeadlessSearchField
    /// The drop-down of the templates' titles, shown while there are at least two.
    let templates: UnsafeMutablePointer<GtkWidget>
    private let strings: OpaquePointer
    private var shownTitles: [String] = []
    private var shownPlaceholder: String??

    init(_ field: HeadlessSearchField) {
      self.field = field
      strings = gtk_string_list_new(nil)
      templates = gtk_drop_down_new(cgtk_list_model(UnsafeMutableRawPointer(strings)), nil)
      cgtk_set_accessible_label(templates, "Search by")
      let entry = gtk_search_entry_new()!
      gtk_widget_set_hexpand(entry, 1)
      let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
      gtk_box_append(cgtk_box(row), templates)
      gtk_box_append(cgtk_box(row), entry)
      super.init(widget: entry, placed: row)
      follow(field, \.text)
      follow(field, \.placeholder)
      follow(field, \.templateTitles)
      follow(field, \.templateIndex)
      follow(field, \.isEnabled)
      follow(field, \.isHidden)
      refresh()
      on("search-changed") { [weak self] in self?.userDidSearch() }
      on("stop-search") { [weak self] in self?.userDidStop() }
      on("notify::selected", of: UnsafeMutableRawPointer(templates), shape: .withArgument) { [weak self] in
        self?.userDidChooseTemplate()
      }
    }

    /// GTK's "no item" position.
    private static let noItem = guint.max

    private var text: String { String(gtk: gtk_editable_get_text(cgtk_editable(widget))) }

    override func update() {
      settingWidget {
        if text != field.text { gtk_editable_set_text(cgtk_editable(widget), field.text) }
        if shownPlaceholder != .some(field.placeholder) {
          shownPlaceholder = .some(field.placeholder)
          cgtk_set_string(widget, "placeholder-text", field.placeholder)
          cgtk_set_accessible_label(widget, field.placeholder.map { "Search by \($0)" } ?? "Search")
        }
        if shownTitles != field.templateTitles {
          shownTitles = field.templateTitles
          gtk_string_list_splice(
            strings, 0, g_list_model_get_n_items(cgtk_list_model(UnsafeMutableRawPointer(strings))), nil)
          for title in field.templateTitles { gtk_string_list_append(strings, title) }
        }
        let dropDown = cgtk_drop_down(templates)
        let wanted =
          field.templateTitles.indices.contains(field.templateIndex) ? guint(field.templateIndex) : Self.noItem
        if gtk_drop_down_get_selected(dropDown) != wanted { gtk_drop_down_set_selected(dropDown, wanted) }
      }
      let several = field.templateTitles.count > 1
      if (gtk_widget_get_visible(templates) != 0) != several { gtk_widget_set_visible(templates, several ? 1 : 0) }
      if (gtk_widget_get_sensitive(templates) != 0) != field.isEnabled {
        gtk_widget_set_sensitive(templates, field.isEnabled ? 1 : 0)
      }
      apply(enabled: field.isEnabled, hidden: field.isHidden)
    }

    private func userDidSearch() {
      let typed = text
      guard typed != field.text else { return }
      field.userDidEdit(text: typed)
      refresh()
    }

    /// Escape: the entry is emptied, which GTK reports at once as a search change.
    private func userDidStop() {
      guard !text.isEmpty else { return }
      gtk_editable_set_text(cgtk_editable(widget), "")
    }

    private func userDidChooseTemplate() {
      let selected = gtk_drop_down_get_selected(cgtk_drop_down(templates))
      guard selected != Self.noItem, Int(selected) != field.templateIndex else { return }
      field.userDidChooseTemplate(index: Int(selected))
      refresh()
    }
  }
#endif
