#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A label as a `GtkLabel`: its text (as text, never markup), enabled and hidden.
  final class LabelMirror: WidgetMirror {
    let label: HeadlessLabel

    init(_ label: HeadlessLabel) {
      self.label = label
      super.init(widget: gtk_label_new(nil))
      gtk_label_set_xalign(cgtk_label(widget), 0)
      gtk_label_set_wrap(cgtk_label(widget), 1)
      // A long word (a name typed without spaces) wraps too, instead of widening the window.
      gtk_label_set_wrap_mode(cgtk_label(widget), PANGO_WRAP_WORD_CHAR)
      follow(label, \.text)
      follow(label, \.isEnabled)
      follow(label, \.isHidden)
      update()
    }

    override func update() {
      show(label.text, in: widget)
      apply(enabled: label.isEnabled, hidden: label.isHidden)
    }
  }
#endif
