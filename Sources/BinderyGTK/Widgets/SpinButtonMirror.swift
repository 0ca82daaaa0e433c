#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A stepper as a `GtkSpinButton`: value, range, increment, enabled and hidden; a step or a typed
  /// value is the stepper's user edit.
  ///
  /// It shows as many decimals as the value and the increment need, so that GTK, which reads the
  /// shown text back when the focus leaves, never writes a rounded value.
  final class SpinButtonMirror: WidgetMirror {
    let stepper: HeadlessStepper

    init(_ stepper: HeadlessStepper) {
      self.stepper = stepper
      super.init(widget: gtk_spin_button_new(nil, 1, 0))
      follow(stepper, \.value)
      follow(stepper, \.minimumValue)
      follow(stepper, \.maximumValue)
      follow(stepper, \.increment)
      follow(stepper, \.isEnabled)
      follow(stepper, \.isHidden)
      refresh()
      on("value-changed") { [weak self] in self?.userDidStep() }
    }

    override func update() {
      let spin = cgtk_spin_button(widget)
      let adjustment = gtk_spin_button_get_adjustment(spin)
      let low = stepper.minimumValue.isFinite ? stepper.minimumValue : 0
      let high = stepper.maximumValue.isFinite ? max(stepper.maximumValue, low) : low
      let step = stepper.increment > 0 && stepper.increment.isFinite ? stepper.increment : 1
      settingWidget {
        if gtk_adjustment_get_lower(adjustment) != low || gtk_adjustment_get_upper(adjustment) != high {
          gtk_spin_button_set_range(spin, low, high)
        }
        if gtk_adjustment_get_step_increment(adjustment) != step {
          gtk_spin_button_set_increments(spin, step, step * 10)
        }
        let digits = guint(shownDecimals(of: step, stepper.value, low, high))
        if gtk_spin_button_get_digits(spin) != digits { gtk_spin_button_set_digits(spin, digits) }
        if gtk_spin_button_get_value(spin) != stepper.value { gtk_spin_button_set_value(spin, stepper.value) }
      }
      apply(enabled: stepper.isEnabled, hidden: stepper.isHidden)
    }

    private func userDidStep() {
      let value = gtk_spin_button_get_value(cgtk_spin_button(widget))
      guard value != stepper.value else { return }
      stepper.userDidStep(to: value)
      refresh()
    }
  }
#endif
