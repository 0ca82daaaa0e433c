public import BinderyControls

extension HeadlessProgressIndicator: WebControl {
  /// A page shows a progress indicator as a `<progress>` from 0 to 1, its value the part done; while
  /// indeterminate it has no value, which a browser shows as motion.
  public static let webElement = WebElement<HeadlessProgressIndicator>(tag: "progress")
    .attribute("max", "1")
    .attribute("value", \.webFraction)
    .hidden(\.isHidden)
}

extension HeadlessProgressIndicator {
  /// The part done, or `nil` (no value attribute) while indeterminate.
  var webFraction: Double? { isIndeterminate ? nil : fractionDone }
}
