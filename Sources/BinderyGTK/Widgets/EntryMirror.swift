#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A text field as a `GtkEntry`, or a secure field as a `GtkPasswordEntry`: text, placeholder,
  /// enabled, hidden, and the validation error of its bindings: the entry gets the `error` style
  /// class, the reason shows on a line under it, and assistive technologies read the entry as
  /// invalid, described by that reason.
  ///
  /// Typing is the field's user edit. GTK reports some edits in two steps (setting the text, or
  /// typing over a selection, removes the old text and then inserts the new): the steps of one
  /// edit reach the field as one user edit, once GTK has handled the events it has ready, so a
  /// model never sees the empty text in between. Focus entering the entry begins editing; Return or
  /// focus leaving it ends editing, when bindings that update on commit write back.
  final class EntryMirror: WidgetMirror {
    let field: HeadlessTextField
    private var isEditing = false
    private var isHandlingEdit = false
    private var hasPendingEdit = false
    private var shownError: String?
    private var shownPlaceholder: String??
    /// The line under the entry that shows the error, hidden while there is none.
    let errorLine: UnsafeMutablePointer<GtkWidget>

    init(_ field: HeadlessTextField, secure: Bool) {
      self.field = field
      let entry = secure ? gtk_password_entry_new()! : gtk_entry_new()!
      let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
      errorLine = gtk_label_new(nil)
      gtk_label_set_xalign(cgtk_label(errorLine), 0)
      gtk_label_set_wrap(cgtk_label(errorLine), 1)
      gtk_widget_add_css_class(errorLine, "error")
      gtk_widget_add_css_class(errorLine, "caption")
      gtk_widget_set_visible(errorLine, 0)
      gtk_box_append(cgtk_box(column), entry)
      gtk_box_append(cgtk_box(column), errorLine)
      super.init(widget: entry, placed: column)
      if secure { gtk_password_entry_set_show_peek_icon(OpaquePointer(widget), 1) }
      gtk_widget_set_hexpand(widget, 1)
      follow(field, \.text)
      follow(field, \.placeholder)
      follow(field, \.isEnabled)
      follow(field, \.isHidden)
      follow(field, \.validationError)
      refresh()
      on("changed") { [weak self] in self?.userDidType() }
      on("activate") { [weak self] in self?.userDidFinish() }
      // Escape drops what was typed and not written yet (Cocoa's discardEditing).
      onKeyPressed(widget) { [weak self] key, state in
        guard key == UInt32(GDK_KEY_Escape), shortcutModifiers(state) == 0, let self else { return false }
        self.userDidDiscard()
        return true
      }
      let focus = gtk_event_controller_focus_new()!
      gtk_widget_add_controller(widget, focus)
      on("enter", of: UnsafeMutableRawPointer(focus)) { [weak self] in self?.userDidBegin() }
      on("leave", of: UnsafeMutableRawPointer(focus)) { [weak self] in self?.userDidFinish() }
    }

    /// The entry's text.
    var text: String { String(gtk: gtk_editable_get_text(cgtk_editable(widget))) }

    override func update() {
      // Setting the text while the user's edit of it is on its way would fight the user's typing:
      // the entry is brought in line once the edit is handled.
      if isHandlingEdit || hasPendingEdit { return }
      let wanted = field.text ?? ""
      if text != wanted { settingWidget { gtk_editable_set_text(cgtk_editable(widget), wanted) } }
      if shownPlaceholder != .some(field.placeholder) {
        shownPlaceholder = .some(field.placeholder)
        cgtk_set_string(widget, "placeholder-text", field.placeholder)
      }
      apply(enabled: field.isEnabled, hidden: field.isHidden)
      let error = field.validationError.map(\.message)
      if error != shownError {
        shownError = error
        if error != nil {
          gtk_widget_add_css_class(widget, "error")
        } else {
          gtk_widget_remove_css_class(widget, "error")
        }
        show(error, in: errorLine)
        gtk_widget_set_visible(errorLine, error == nil ? 0 : 1)
        cgtk_set_invalid(widget, error == nil ? 0 : 1)
        cgtk_set_described_by(widget, errorLine, error)
      }
    }

    /// Escape: typing not delivered yet is dropped, and each binding's pending edit with it; the
    /// entry shows the model's value again, without its error.
    private func userDidDiscard() {
      guard field.isEnabled, !field.isHidden else { return }
      hasPendingEdit = false
      for binding in field.bindings { binding.discardEditing() }
      update()
    }

    private func userDidType() {
      guard !hasPendingEdit else { return }
      hasPendingEdit = true
      runWhenIdle { [weak self] in self?.deliverTyping() }
    }

    private func deliverTyping() {
      guard hasPendingEdit else { return }
      hasPendingEdit = false
      guard !isStopped else { return }
      let typed = text
      if typed != (field.text ?? "") {
        isHandlingEdit = true
        if !isEditing {
          isEditing = true
          field.userDidBeginEditing()
        }
        field.userDidEdit(text: typed)
        isHandlingEdit = false
      }
      // A binding may have changed the text it wrote back (a format), or the model changed while
      // the edit was on its way: show the field's text now.
      refresh()
    }

    private func userDidBegin() {
      guard !isEditing, field.isEnabled, !field.isHidden else { return }
      isEditing = true
      field.userDidBeginEditing()
      refresh()
    }

    override func finishEditing() {
      userDidFinish()
    }

    private func userDidFinish() {
      deliverTyping()
      guard isEditing else { return }
      isEditing = false
      field.userDidEndEditing()
      refresh()
    }
  }
#endif
