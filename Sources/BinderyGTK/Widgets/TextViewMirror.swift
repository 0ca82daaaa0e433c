#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A text view (`HeadlessTextView`), or a text field drawn as one (``ControlStyle/multiline``): a
  /// `GtkTextView` that wraps its lines, in a framed scrolled window, with the control's validation
  /// error on a line under it (the view is then read as invalid, described by that reason). It shows
  /// the control's text, enabled and hidden, and whether a text view is editable (a view that is not
  /// can still be read, selected and copied); GTK's text view has no placeholder.
  ///
  /// Typing is the control's user edit, delivered once GTK has handled the events it has ready (a
  /// paste over a selection removes, then inserts: one edit). Return starts a new line and Tab moves
  /// the focus on; focus entering the view begins editing, focus leaving it ends editing, when
  /// bindings that update on commit write back. Escape drops what was typed and not written yet.
  final class TextViewMirror: FieldEditingMirror {
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>

    init(_ control: any TypedTextControl) {
      let view = gtk_text_view_new()!
      let textView = cgtk_text_view(view)
      gtk_text_view_set_wrap_mode(textView, GTK_WRAP_WORD_CHAR)
      gtk_text_view_set_accepts_tab(textView, 0)  // Tab moves the focus, as in every other field
      gtk_text_view_set_top_margin(textView, 6)
      gtk_text_view_set_bottom_margin(textView, 6)
      gtk_text_view_set_left_margin(textView, 8)
      gtk_text_view_set_right_margin(textView, 8)
      buffer = gtk_text_view_get_buffer(textView)
      let scroller = gtk_scrolled_window_new()!
      gtk_scrolled_window_set_child(OpaquePointer(scroller), view)
      gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
      gtk_scrolled_window_set_min_content_height(OpaquePointer(scroller), 96)
      gtk_scrolled_window_set_has_frame(OpaquePointer(scroller), 1)
      gtk_widget_set_hexpand(scroller, 1)
      let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
      let errorLine = Self.makeErrorLine()
      gtk_box_append(cgtk_box(column), scroller)
      gtk_box_append(cgtk_box(column), errorLine)
      super.init(control, widget: view, placed: column, errorLine: errorLine)
      refresh()
      on("changed", of: UnsafeMutableRawPointer(buffer)) { [weak self] in self?.userDidType() }
      followFocusAndEscape()
    }

    /// The view's text.
    override var text: String {
      var start = GtkTextIter()
      var end = GtkTextIter()
      gtk_text_buffer_get_bounds(buffer, &start, &end)
      guard let characters = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
      defer { g_free(characters) }
      return String(cString: characters)
    }

    override func update() {
      if isTakingEdit { return }
      let wanted = editor.text ?? ""
      if text != wanted { settingWidget { gtk_text_buffer_set_text(buffer, wanted, -1) } }
      let editable: gboolean = editor.acceptsTyping ? 1 : 0
      if gtk_text_view_get_editable(cgtk_text_view(widget)) != editable {
        gtk_text_view_set_editable(cgtk_text_view(widget), editable)
        gtk_text_view_set_cursor_visible(cgtk_text_view(widget), editable)
      }
      apply(enabled: editor.isEnabled, hidden: editor.isHidden)
      showValidationError()
    }
  }
#endif
