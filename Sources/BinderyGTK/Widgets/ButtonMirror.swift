#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A button as a `GtkButton`: title, enabled and hidden; a click is the button's tap (its action),
  /// after which the widget of ``HeadlessButton/focusesAfterAction`` takes the keyboard focus.
  final class ButtonMirror: WidgetMirror {
    let button: HeadlessButton
    private weak var builder: WidgetBuilder?

    init(_ button: HeadlessButton, builder: WidgetBuilder) {
      self.button = button
      self.builder = builder
      super.init(widget: gtk_button_new_with_label(button.title))
      follow(button, \.title)
      follow(button, \.isEnabled)
      follow(button, \.isHidden)
      update()
      on("clicked") { [weak self] in self?.clicked() }
    }

    private func clicked() {
      guard button.userDidTap(), let target = button.focusesAfterAction,
        let focused = builder?.widget(for: target)
      else { return }
      gtk_widget_grab_focus(focused)
    }

    override func update() {
      if String(gtk: gtk_button_get_label(cgtk_button(widget))) != button.title {
        gtk_button_set_label(cgtk_button(widget), button.title)
      }
      apply(enabled: button.isEnabled, hidden: button.isHidden)
    }
  }
#endif
