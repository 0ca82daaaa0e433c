public import BinderyControls

extension HeadlessLevelIndicator: WebControl {
  /// A page shows a level indicator as a `<meter>`, its warning and critical values as the meter's
  /// `low` and `high` (with `optimum` at the good end), so a browser colours a warning and a critical
  /// level as `NSLevelIndicator` does. An indicator editable when the page is made is a rating of
  /// stars instead, a mirror of its own.
  public static let webElement = WebElement<HeadlessLevelIndicator>(tag: "meter")
    .attribute("min", \.minValue)
    .attribute("max", \.maxValue)
    .attribute("low", \.webLow)
    .attribute("high", \.webHigh)
    .attribute("optimum", \.webOptimum)
    .property("value", \.value)
    .hidden(\.isHidden)
}

extension HeadlessLevelIndicator {
  /// Whether low values are the worry (the warning value above the critical value).
  private var lowIsWorse: Bool {
    guard let warningValue, let criticalValue else { return false }
    return warningValue > criticalValue
  }

  /// The meter's `low`: the lower of the two thresholds.
  var webLow: Double? {
    [warningValue, criticalValue].compactMap { $0 }.min()
  }

  /// The meter's `high`: the higher of the two thresholds.
  var webHigh: Double? {
    [warningValue, criticalValue].compactMap { $0 }.max()
  }

  /// The meter's `optimum`: the good end, when there is a threshold.
  var webOptimum: Double? {
    guard warningValue != nil || criticalValue != nil else { return nil }
    return lowIsWorse ? maxValue : minValue
  }
}
