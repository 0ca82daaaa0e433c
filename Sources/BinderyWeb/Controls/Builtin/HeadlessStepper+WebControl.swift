public import BinderyControls

extension HeadlessStepper: WebControl {
  /// A page shows a stepper as an `<input type="number">` with its minimum, maximum and increment
  /// (`step`); a change (the arrows, or a number typed and left) is the user's edit of
  /// ``HeadlessStepper/value``.
  public static let webElement = WebElement<HeadlessStepper>(tag: "input")
    .attribute("type", "number")
    .attribute("step", "any")  // until the increment's own step, as before
    .attribute("min", \.minimumValue)
    .attribute("max", \.maximumValue)
    .attribute("step", \.increment)
    .property("valueAsNumber", \.value)
    .enabled(\.isEnabled)
    .hidden(\.isHidden)
    .edit(on: "change", reading: "valueAsNumber") { stepper, value in stepper.userDidStep(to: value) }
}
