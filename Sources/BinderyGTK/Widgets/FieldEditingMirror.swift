#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// What the widgets of typed text share (a field's entry, a text view): the control's editing
  /// session and its error line.
  ///
  /// Typing is the control's user edit, delivered once GTK has handled the events it has ready (GTK
  /// reports some edits in two steps: setting the text, or typing over a selection, removes the old
  /// text and then inserts the new; the model never sees the empty text in between). Focus entering
  /// the widget begins editing; the end of editing (Return in an entry, focus leaving the widget)
  /// writes what bindings that update on commit hold. Escape drops what was typed and not written
  /// yet (Cocoa's discardEditing). The control's validation error shows on a line under the widget:
  /// the widget gets the `error` style class, and assistive technologies read it as invalid,
  /// described by that reason.
  class FieldEditingMirror: WidgetMirror {
    /// The control whose text the widget shows.
    let editor: any TypedTextControl
    /// The line under the widget that shows the error, hidden while there is none.
    let errorLine: UnsafeMutablePointer<GtkWidget>
    private var isEditing = false
    private var isHandlingEdit = false
    private var hasPendingEdit = false
    private var shownError: String?

    /// A mirror of `editor` in `widget`, placed as `placed` (a box holding the widget and, somewhere
    /// in it, `errorLine`).
    init(
      _ editor: any TypedTextControl, widget: UnsafeMutablePointer<GtkWidget>, placed: UnsafeMutablePointer<GtkWidget>,
      errorLine: UnsafeMutablePointer<GtkWidget>
    ) {
      self.editor = editor
      self.errorLine = errorLine
      super.init(widget: widget, placed: placed)
      editor.followShown(by: self)
    }

    /// A hidden line for an error: wrapped, in the `error` and `caption` styles.
    static func makeErrorLine() -> UnsafeMutablePointer<GtkWidget> {
      let line = gtk_label_new(nil)!
      gtk_label_set_xalign(cgtk_label(line), 0)
      gtk_label_set_wrap(cgtk_label(line), 1)
      gtk_widget_add_css_class(line, "error")
      gtk_widget_add_css_class(line, "caption")
      gtk_widget_set_visible(line, 0)
      return line
    }

    /// The widget's text, as GTK has it.
    var text: String { "" }

    /// Whether a user's edit is on its way to the control: setting the widget's text now would fight
    /// the user's typing, so the widget is brought in line once the edit is handled.
    var isTakingEdit: Bool { isHandlingEdit || hasPendingEdit }

    /// Watches the widget's focus (entering begins editing, leaving ends it) and Escape.
    func followFocusAndEscape() {
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

    /// Shows the control's validation error, if it changed.
    func showValidationError() {
      let error = editor.validationError.map(\.message)
      guard error != shownError else { return }
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

    /// Whether the user can type in the widget now.
    var isTypable: Bool { editor.isEnabled && editor.acceptsTyping && !editor.isHidden }

    /// Escape: typing not delivered yet is dropped, and each binding's pending edit with it; the
    /// widget shows the model's value again, without its error.
    func userDidDiscard() {
      guard isTypable else { return }
      hasPendingEdit = false
      for binding in editor.bindings { binding.discardEditing() }
      update()
    }

    /// The widget's text changed (GTK's `changed`): delivered as one edit when GTK is idle.
    func userDidType() {
      guard !hasPendingEdit else { return }
      hasPendingEdit = true
      runWhenIdle { [weak self] in self?.deliverTyping() }
    }

    private func deliverTyping() {
      guard hasPendingEdit else { return }
      hasPendingEdit = false
      guard !isStopped else { return }
      let typed = text
      if typed != (editor.text ?? "") {
        isHandlingEdit = true
        if !isEditing {
          isEditing = true
          editor.userDidBeginEditing()
        }
        editor.userDidEdit(text: typed)
        isHandlingEdit = false
      }
      // A binding may have changed the text it wrote back (a format), or the model changed while
      // the edit was on its way: show the control's text now.
      refresh()
    }

    private func userDidBegin() {
      guard !isEditing, isTypable else { return }
      isEditing = true
      editor.userDidBeginEditing()
      refresh()
    }

    override func finishEditing() {
      userDidFinish()
    }

    /// The end of editing: typing on its way is delivered, then bindings that update on commit write.
    func userDidFinish() {
      deliverTyping()
      guard isEditing else { return }
      isEditing = false
      editor.userDidEndEditing()
      refresh()
    }
  }
#endif
