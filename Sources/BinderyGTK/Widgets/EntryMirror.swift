#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A text field as a `GtkEntry`, a secure field as a `GtkPasswordEntry`, a number field as a
  /// `GtkSpinButton`; a field with its label before it in a column is a row of a boxed list titled
  /// by the label (an `AdwActionRow` holding the entry), as in GNOME's own forms. It shows the
  /// field's text, placeholder, enabled, hidden, and the validation error of its bindings: the entry
  /// gets the `error` style class, the reason shows on a line under it, and assistive technologies
  /// read the entry as invalid, described by that reason.
  ///
  /// Typing is the field's user edit. GTK reports some edits in two steps (setting the text, or
  /// typing over a selection, removes the old text and then inserts the new): the steps of one
  /// edit reach the field as one user edit, once GTK has handled the events it has ready, so a
  /// model never sees the empty text in between. Focus entering the entry begins editing; Return or
  /// focus leaving it ends editing, when bindings that update on commit write back.
  ///
  /// A spin button's text stays the field's: what is typed goes through the field's bindings (their
  /// format and validation), as in any field. Its arrows, and the Up and Down keys, step from the
  /// number shown: the new number is the field's edit, and editing ends, so it is written at once.
  final class EntryMirror: FieldEditingMirror {
    private let field: HeadlessTextField
    private let title: FieldLabel?
    private let isNumber: Bool
    private var shownPlaceholder: String??
    private var shownTitle: String?
    /// The number the spin button last stood at, set by the model or stepped by the user.
    private var shownNumber: Double?
    /// The row that holds the entry, when the field shows as a row titled by its label.
    private let row: UnsafeMutablePointer<GtkWidget>?

    /// The mirror of `field`, drawn in `style`; with a `title`, a row titled by that label.
    init(_ field: HeadlessTextField, style: ControlStyle?, title: FieldLabel? = nil) {
      self.field = field
      self.title = title
      isNumber = style == .number
      let entry: UnsafeMutablePointer<GtkWidget>
      switch style {
      case .number:
        entry = gtk_spin_button_new(nil, 1, 0)
        let spin = cgtk_spin_button(entry)
        gtk_spin_button_set_range(spin, -1e15, 1e15)
        gtk_spin_button_set_increments(spin, 1, 10)
        // Text that is not a number leaves the value as it was, for the field's bindings to judge.
        gtk_spin_button_set_update_policy(spin, GTK_UPDATE_IF_VALID)
        cgtk_spin_button_take_text(entry)
        gtk_widget_set_halign(entry, GTK_ALIGN_START)
      case .secure:
        entry = gtk_password_entry_new()
        gtk_password_entry_set_show_peek_icon(OpaquePointer(entry), 1)
      default: entry = gtk_entry_new()
      }
      // A row titled by the label holds the entry (libadwaita 1.2's AdwEntryRow does not tell
      // assistive technologies that its text has the keyboard focus; a GtkEntry in a row does).
      if title != nil {
        let row = adw_action_row_new()!
        gtk_widget_set_valign(entry, GTK_ALIGN_CENTER)
        adw_action_row_add_suffix(cgtk_adw_action_row(row), entry)
        adw_action_row_set_activatable_widget(cgtk_adw_action_row(row), entry)
        // One Tab stop: the entry, not the row around it.
        gtk_widget_set_focusable(row, 0)
        self.row = row
      } else {
        row = nil
      }
      let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
      let errorLine = Self.makeErrorLine()
      if let row {
        adw_preferences_row_set_use_markup(cgtk_adw_preferences_row(row), 0)
        let list = cgtk_list_box_new_group()!
        gtk_list_box_set_selection_mode(cgtk_list_box(list), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "boxed-list")
        gtk_list_box_append(cgtk_list_box(list), row)
        gtk_box_append(cgtk_box(column), list)
        gtk_widget_set_margin_start(errorLine, 12)
      } else {
        gtk_box_append(cgtk_box(column), entry)
      }
      gtk_box_append(cgtk_box(column), errorLine)
      super.init(field, widget: entry, placed: column, errorLine: errorLine)
      if style != .number { gtk_widget_set_hexpand(widget, 1) }
      follow(field, \.placeholder)
      if let title { follow(title, \.text) }
      refresh()
      on("changed") { [weak self] in self?.userDidType() }
      let text = gtk_editable_get_delegate(cgtk_editable(widget)).map { UnsafeMutableRawPointer($0) }
      on("activate", of: text) { [weak self] in self?.userDidFinish() }
      if isNumber { on("value-changed") { [weak self] in self?.userDidStep() } }
      followFocusAndEscape()
    }

    /// The entry's text.
    override var text: String { String(gtk: gtk_editable_get_text(cgtk_editable(widget))) }

    override func update() {
      if isTakingEdit { return }
      let wanted = field.text ?? ""
      if text != wanted { settingWidget { gtk_editable_set_text(cgtk_editable(widget), wanted) } }
      if isNumber { showNumber() }
      // In a row, a placeholder that says the row's title again is left out.
      let placeholder = title != nil && field.placeholder == title?.text ? nil : field.placeholder
      // A spin button has no placeholder.
      if !isNumber, shownPlaceholder != .some(placeholder) {
        shownPlaceholder = .some(placeholder)
        cgtk_set_string(widget, "placeholder-text", placeholder)
      }
      if let title, shownTitle != title.text ?? "" {
        let text = title.text ?? ""
        shownTitle = text
        if let row { adw_preferences_row_set_title(cgtk_adw_preferences_row(row), text) }
        cgtk_set_sole_accessible_label(widget, text)
      }
      apply(enabled: field.isEnabled, hidden: field.isHidden)
      showValidationError()
    }

    /// Puts the spin button's value at the number its text shows, so that its arrows step from it.
    private func showNumber() {
      var number = 0.0
      guard cgtk_spin_button_read_text(cgtk_spin_button(widget), &number, nil) == 1 else { return }
      shownNumber = number
      if gtk_spin_button_get_value(cgtk_spin_button(widget)) != number {
        settingWidget { gtk_spin_button_set_value(cgtk_spin_button(widget), number) }
      }
    }

    /// The spin button's value changed: GTK read the typed text (nothing to do: the text is the
    /// edit), or the user stepped it (an arrow, Up or Down), which writes the new number now.
    private func userDidStep() {
      let spin = cgtk_spin_button(widget)
      let value = gtk_spin_button_get_value(spin)
      guard value != shownNumber, field.isEnabled, !field.isHidden else { return }
      shownNumber = value
      var typed = 0.0
      if cgtk_spin_button_read_text(spin, &typed, nil) == 1, typed == value { return }
      let text =
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
      gtk_editable_set_text(cgtk_editable(widget), text)
      userDidFinish()
    }
  }
#endif
