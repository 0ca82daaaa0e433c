#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A button as a `GtkButton`: title, enabled and hidden; a click is the button's tap (its action).
  final class ButtonMirror: WidgetMirror {
    let button: HeadlessButton

    init(_ button: HeadlessButton) {
      self.button = button
      super.init(widget: gtk_button_new_with_label(button.title))
      follow(button, \.title)
      follow(button, \.isEnabled)
      follow(button, \.isHidden)
      update()
      on("clicked") { [weak self] in self?.button.userDidTap() }
    }

    override func update() {
      if String(gtk: gtk_button_get_label(cgtk_button(widget))) != button.title {
        gtk_button_set_label(cgtk_button(widget), button.title)
      }
      apply(enabled: button.isEnabled, hidden: button.isHidden)
    }
  }
#endif
