public import Bindery

/// A headless stepper: a number a user raises or lowers by a fixed increment, within a range.
///
/// ```swift
/// let guests = HeadlessStepper(minimumValue: 1, maximumValue: 12)
/// guests.bind(\.value, to: booking, \.guests)
/// guests.userDidStep(by: 1)  // writes booking.guests
/// ```
@KeyValueObservable
public final class HeadlessStepper: EditableControl, EnablingControl {
  /// The current value, within `minimumValue ... maximumValue` when a user set it.
  public var value: Double
  /// The smallest value a user can pick.
  public var minimumValue: Double
  /// The largest value a user can pick.
  public var maximumValue: Double
  /// How much one step changes the value.
  public var increment: Double
  /// Whether the user can change it.
  public var isEnabled = true
  /// Whether the stepper is hidden.
  public var isHidden = false

  private static let valueID = #propertyID("value")

  /// Creates a stepper; a range given upside down is put right.
  public init(value: Double = 0, minimumValue: Double = 0, maximumValue: Double = 100, increment: Double = 1) {
    self.minimumValue = min(minimumValue, maximumValue)
    self.maximumValue = max(minimumValue, maximumValue)
    self.increment = increment
    self.value = value
  }

  /// Creates the control with its defaults (what a spec file's `class:` makes).
  public convenience init() {
    self.init(value: 0)
  }

  /// Sets the value as a user would (clamped to the range), and reports the edit.
  ///
  /// - Returns: `false`, and changes nothing, when the stepper is disabled, hidden, or `newValue` is
  ///   not finite.
  @discardableResult
  public func userDidStep(to newValue: Double) -> Bool {
    guard isEnabled, !isHidden, newValue.isFinite else { return false }
    value = min(max(newValue, minimumValue), maximumValue)
    keyValueRegistrar.userDidEdit(self, Self.valueID, \.value, value: value)
    return true
  }

  /// Steps `steps` increments up (or down, when negative) as a user would.
  @discardableResult
  public func userDidStep(by steps: Int) -> Bool {
    userDidStep(to: value + Double(steps) * increment)
  }
}

extension HeadlessStepper: BooleanCombining {
  /// `isEnabled` combines its bindings with AND, `isHidden` with OR (Cocoa's enabled2, hidden2…).
  public static func booleanCombination(for property: AnyKeyPath) -> BooleanCombination? {
    enablingCombination(for: property, isEnabled: \.isEnabled, isHidden: \.isHidden)
  }
}
