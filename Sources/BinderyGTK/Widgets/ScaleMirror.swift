#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A slider as a horizontal `GtkScale`: value, range, enabled and hidden; dragging it is the
  /// slider's user edit.
  final class ScaleMirror: WidgetMirror {
    let slider: HeadlessSlider

    init(_ slider: HeadlessSlider) {
      self.slider = slider
      let step = max((slider.maximumValue - slider.minimumValue) / 100, .ulpOfOne)
      super.init(
        widget: gtk_scale_new_with_range(
          GTK_ORIENTATION_HORIZONTAL, slider.minimumValue, max(slider.maximumValue, slider.minimumValue + step), step))
      gtk_scale_set_draw_value(cgtk_scale(widget), 1)
      gtk_widget_set_hexpand(widget, 1)
      follow(slider, \.value)
      follow(slider, \.minimumValue)
      follow(slider, \.maximumValue)
      follow(slider, \.isEnabled)
      follow(slider, \.isHidden)
      update()
      on("value-changed") { [weak self] in self?.userDidSlide() }
    }

    override func update() {
      let range = cgtk_range(widget)
      let adjustment = gtk_range_get_adjustment(range)
      let low = slider.minimumValue
      let high = max(slider.maximumValue, low)
      settingWidget {
        if gtk_adjustment_get_lower(adjustment) != low || gtk_adjustment_get_upper(adjustment) != high {
          gtk_range_set_range(range, low, high)
        }
        if gtk_range_get_value(range) != slider.value { gtk_range_set_value(range, slider.value) }
      }
      apply(enabled: slider.isEnabled, hidden: slider.isHidden)
    }

    private func userDidSlide() {
      let value = gtk_range_get_value(cgtk_range(widget))
      guard value != slider.value else { return }
      slider.userDidSlide(to: value)
      update()
    }
  }
#endif
