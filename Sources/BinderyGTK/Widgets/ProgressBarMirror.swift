#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A progress indicator as a `GtkProgressBar` (the accessible role `progress bar`): the part done,
  /// hidden; while indeterminate it pulses once at each change of the indicator (GTK moves a pulse
  /// only when told to).
  final class ProgressBarMirror: WidgetMirror {
    let indicator: HeadlessProgressIndicator

    init(_ indicator: HeadlessProgressIndicator) {
      self.indicator = indicator
      super.init(widget: gtk_progress_bar_new())
      gtk_widget_set_hexpand(widget, 1)
      follow(indicator, \.value)
      follow(indicator, \.minValue)
      follow(indicator, \.maxValue)
      follow(indicator, \.isIndeterminate)
      follow(indicator, \.isEnabled)
      follow(indicator, \.isHidden)
      refresh()
    }

    override func update() {
      let bar = cgtk_progress_bar(widget)
      if indicator.isIndeterminate {
        gtk_progress_bar_pulse(bar)
      } else if gtk_progress_bar_get_fraction(bar) != indicator.fractionDone {
        gtk_progress_bar_set_fraction(bar, indicator.fractionDone)
      }
      apply(enabled: indicator.isEnabled, hidden: indicator.isHidden)
    }
  }
#endif
