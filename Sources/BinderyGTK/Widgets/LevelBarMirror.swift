#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A level indicator as a `GtkLevelBar` (the accessible role `meter`, with its value and range):
  /// value, range, hidden; a warning level has the `warning` style class, a critical one `error`.
  /// An indicator editable when its window is made is a rating instead (`RatingMirror`).
  final class LevelBarMirror: WidgetMirror {
    let indicator: HeadlessLevelIndicator

    init(_ indicator: HeadlessLevelIndicator) {
      self.indicator = indicator
      super.init(widget: gtk_level_bar_new())
      gtk_widget_set_hexpand(widget, 1)
      follow(indicator, \.value)
      follow(indicator, \.minValue)
      follow(indicator, \.maxValue)
      follow(indicator, \.warningValue)
      follow(indicator, \.criticalValue)
      follow(indicator, \.isEnabled)
      follow(indicator, \.isHidden)
      refresh()
    }

    override func update() {
      let bar = cgtk_level_bar(widget)
      let low = indicator.minValue.isFinite ? indicator.minValue : 0
      let high = indicator.maxValue.isFinite ? max(indicator.maxValue, low) : low
      let value = indicator.value.isFinite ? min(max(indicator.value, low), high) : low
      if gtk_level_bar_get_min_value(bar) != low || gtk_level_bar_get_max_value(bar) != high {
        gtk_level_bar_set_min_value(bar, low)
        gtk_level_bar_set_max_value(bar, max(high, low + .ulpOfOne))
      }
      if gtk_level_bar_get_value(bar) != value { gtk_level_bar_set_value(bar, value) }
      let level = indicator.level
      setStyleClass("warning", level == .warning)
      setStyleClass("error", level == .critical)
      apply(enabled: indicator.isEnabled, hidden: indicator.isHidden)
    }
  }
#endif
