import BinderyControls

/// A slider (`kind: slider`): value, minimum, maximum, enabled and hidden.
final class SliderMirror: WebMirror {
  let slider: HeadlessSlider

  init(_ slider: HeadlessSlider, id: String, collector: PatchCollector) {
    self.slider = slider
    super.init(id: id, kind: "slider", collector: collector)
    watch(slider, \.value, as: "value") { .number($0) }
    watch(slider, \.minimumValue, as: "min") { .number($0) }
    watch(slider, \.maximumValue, as: "max") { .number($0) }
    watch(slider, \.isEnabled, as: "enabled") { .bool($0) }
    watch(slider, \.isHidden, as: "hidden") { .bool($0) }
  }

  override var valueKey: String? { "value" }

  override func properties() -> [(key: String, value: JSONValue)] {
    [
      ("value", .number(slider.value)), ("min", .number(slider.minimumValue)), ("max", .number(slider.maximumValue)),
      ("enabled", .bool(slider.isEnabled)), ("hidden", .bool(slider.isHidden)),
    ]
  }

  override func receiveEdit(_ value: JSONValue) throws(WebInputError) {
    guard case .number(let number) = value, number.isFinite else { throw wrongType("a number") }
    guard slider.userDidSlide(to: number) else { throw disabled() }
  }
}
