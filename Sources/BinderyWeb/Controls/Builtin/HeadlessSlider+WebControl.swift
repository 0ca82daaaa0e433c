public import BinderyControls

extension HeadlessSlider: WebControl {
  /// A page shows a slider as an `<input type="range" step="any">` between its minimum and maximum;
  /// each move is the user's edit of ``HeadlessSlider/value``.
  public static let webElement = WebElement<HeadlessSlider>(tag: "input")
    .attribute("type", "range")
    .attribute("step", "any")
    .attribute("min", \.minimumValue)
    .attribute("max", \.maximumValue)
    .property("valueAsNumber", \.value)
    .enabled(\.isEnabled)
    .hidden(\.isHidden)
    .edit(on: "input", reading: "valueAsNumber") { slider, value in slider.userDidSlide(to: value) }
}
