#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A switch as a `GtkSwitch`, or as a `GtkCheckButton` in the checkbox style: on, enabled and
  /// hidden; the user's toggle is the switch's user edit.
  final class ToggleMirror: WidgetMirror {
    let control: HeadlessSwitch
    private let isCheckbox: Bool

    init(_ control: HeadlessSwitch, checkbox: Bool) {
      self.control = control
      self.isCheckbox = checkbox
      super.init(widget: checkbox ? gtk_check_button_new() : gtk_switch_new())
      gtk_widget_set_halign(widget, GTK_ALIGN_START)
      follow(control, \.isOn)
      follow(control, \.isEnabled)
      follow(control, \.isHidden)
      refresh()
      if checkbox {
        on("toggled") { [weak self] in self?.userDidToggle() }
      } else {
        on("notify::active", shape: .withArgument) { [weak self] in self?.userDidToggle() }
      }
    }

    private var isActive: Bool {
      isCheckbox
        ? gtk_check_button_get_active(cgtk_check_button(widget)) != 0
        : gtk_switch_get_active(cgtk_switch(widget)) != 0
    }

    override func update() {
      if isActive != control.isOn {
        settingWidget {
          if isCheckbox {
            gtk_check_button_set_active(cgtk_check_button(widget), control.isOn ? 1 : 0)
          } else {
            gtk_switch_set_active(cgtk_switch(widget), control.isOn ? 1 : 0)
          }
        }
      }
      apply(enabled: control.isEnabled, hidden: control.isHidden)
    }

    private func userDidToggle() {
      let active = isActive
      guard active != control.isOn else { return }
      control.userDidSet(isOn: active)
      refresh()  // refused (disabled): the widget shows the control's state again
    }
  }
#endif
