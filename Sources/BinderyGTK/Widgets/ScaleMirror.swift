#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A slider as a horizontal `GtkScale`: value, range, enabled and hidden; dragging it is the
  /// slider's user edit.
  ///
  /// An empty or inverted range (a maximum at or below the minimum) shows as the minimum alone.
  final class ScaleMirror: WidgetMirror {
    let slider: HeadlessSlider

    init(_ slider: HeadlessSlider) {
      self.slider = slider
      super.init(widget: gtk_scale_new(GTK_ORIENTATION_HORIZONTAL, nil))
      gtk_scale_set_draw_value(cgtk_scale(widget), 1)
      gtk_widget_set_hexpand(widget, 1)
      follow(slider, \.value)
      follow(slider, \.minimumValue)
      follow(slider, \.maximumValue)
      follow(slider, \.isEnabled)
      follow(slider, \.isHidden)
      refresh()
      on("value-changed") { [weak self] in self?.userDidSlide() }
    }

    override func update() {
      let range = cgtk_range(widget)
      let adjustment = gtk_range_get_adjustment(range)
      let low = slider.minimumValue.isFinite ? slider.minimumValue : 0
      let high = slider.maximumValue.isFinite ? max(slider.maximumValue, low) : low
      let step = high > low ? (high - low) / 100 : 1
      settingWidget {
        if gtk_adjustment_get_lower(adjustment) != low || gtk_adjustment_get_upper(adjustment) != high {
          gtk_range_set_range(range, low, high)
        }
        if gtk_adjustment_get_step_increment(adjustment) != step { gtk_range_set_increments(range, step, step * 10) }
        let digits = Int32(shownDecimals(of: step, slider.value))
        if gtk_scale_get_digits(cgtk_scale(widget)) != digits { gtk_scale_set_digits(cgtk_scale(widget), digits) }
        if gtk_range_get_value(range) != slider.value { gtk_range_set_value(range, slider.value) }
      }
      apply(enabled: slider.isEnabled, hidden: slider.isHidden)
    }

    private func userDidSlide() {
      let value = gtk_range_get_value(cgtk_range(widget))
      guard value != slider.value else { return }
      slider.userDidSlide(to: value)
      refresh()
    }
  }

  /// The decimals a widget shows so that none of `values` is rounded when shown (at most 6).
  func shownDecimals(of values: Double...) -> Int {
    var decimals = 0
    for value in values where value.isFinite {
      var scaled = abs(value)
      var needed = 0
      while needed < 6, abs(scaled - scaled.rounded()) > 1e-9 * max(1, scaled) {
        scaled *= 10
        needed += 1
      }
      decimals = max(decimals, needed)
    }
    return decimals
  }
#endif
