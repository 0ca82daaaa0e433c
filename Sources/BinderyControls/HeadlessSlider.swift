public import Bindery

/// A headless slider over a closed range.
///
/// ```swift
/// let volume = HeadlessSlider(minimumValue: 0, maximumValue: 11)
/// volume.bind(\.value, to: amplifier, \.volume)
/// volume.userDidSlide(to: 11)
/// ```
@KeyValueObservable
public final class HeadlessSlider: EditableControl, EnablingControl {
  /// The current value, within `minimumValue ... maximumValue` when a user set it.
  public var value: Double
  /// The smallest value a user can pick.
  public var minimumValue: Double
  /// The largest value a user can pick.
  public var maximumValue: Double
  /// Whether the user can move it.
  public var isEnabled = true
  /// Whether the slider is hidden.
  public var isHidden = false

  private static let valueID = #propertyID("value")

  /// Creates a slider; a range given upside down is put right.
  public init(value: Double = 0, minimumValue: Double = 0, maximumValue: Double = 1) {
    self.minimumValue = min(minimumValue, maximumValue)
    self.maximumValue = max(minimumValue, maximumValue)
    self.value = value
  }

  /// Creates the control with its defaults (what a spec file's `class:` makes).
  public convenience init() {
    self.init(value: 0)
  }

  /// Moves the slider as a user would (clamped to its range), and reports the edit.
  ///
  /// - Returns: `false`, and changes nothing, when the slider is disabled, hidden, or `newValue` is NaN.
  @discardableResult
  public func userDidSlide(to newValue: Double) -> Bool {
    guard isEnabled, !isHidden, !newValue.isNaN else { return false }
    value = min(max(newValue, minimumValue), maximumValue)
    keyValueRegistrar.userDidEdit(self, Self.valueID, \.value, value: value)
    return true
  }
}

extension HeadlessSlider: BooleanCombining {
  /// `isEnabled` combines its bindings with AND, `isHidden` with OR (Cocoa's enabled2, hidden2…).
  public static func booleanCombination(for property: AnyKeyPath) -> BooleanCombination? {
    enablingCombination(for: property, isEnabled: \.isEnabled, isHidden: \.isHidden)
  }
}
