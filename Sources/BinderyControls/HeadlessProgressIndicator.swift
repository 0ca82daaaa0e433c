public import Bindery

/// A headless progress indicator (Cocoa's `NSProgressIndicator`): how far work has gone between a
/// minimum and a maximum, or, while indeterminate, only that it goes on.
///
/// ```swift
/// let progress = HeadlessProgressIndicator(maxValue: 100)
/// progress.bind(\.value, to: upload, \.percentDone)
/// progress.bind(\.isIndeterminate, to: upload, \.isStarting)
/// ```
///
/// A user cannot change it, so it has no user edits: every change comes from code or a binding, and
/// nothing is ever written back.
@KeyValueObservable
public final class HeadlessProgressIndicator: EnablingControl {
  /// How far the work has gone (Cocoa's `value` binding, `doubleValue`).
  public var value: Double
  /// The value before any work is done (`minValue`).
  public var minValue: Double
  /// The value once all of it is done (`maxValue`).
  public var maxValue: Double
  /// Whether how far the work has gone is unknown, shown as motion rather than a fraction
  /// (`isIndeterminate`, Cocoa's `isIndeterminate` binding).
  public var isIndeterminate = false
  /// Whether it is shown enabled (Cocoa greys a disabled indicator).
  public var isEnabled = true
  /// Whether the indicator is hidden.
  public var isHidden = false

  /// Creates an indicator; a range given upside down is put right.
  public init(value: Double = 0, minValue: Double = 0, maxValue: Double = 100, isIndeterminate: Bool = false) {
    self.minValue = min(minValue, maxValue)
    self.maxValue = max(minValue, maxValue)
    self.value = value
    self.isIndeterminate = isIndeterminate
  }

  /// Creates the control with its defaults (what a spec file's `class:` makes).
  public convenience init() {
    self.init(value: 0)
  }

  /// The part done, from 0 to 1 (the value clamped to the range; 0 for an empty range or NaN, and
  /// while indeterminate).
  public var fractionDone: Double {
    guard !isIndeterminate, maxValue > minValue, !value.isNaN else { return 0 }
    return min(max((value - minValue) / (maxValue - minValue), 0), 1)
  }
}

extension HeadlessProgressIndicator: BooleanCombining {
  /// `isEnabled` combines its bindings with AND, `isHidden` with OR (Cocoa's enabled2, hidden2…).
  public static func booleanCombination(for property: AnyKeyPath) -> BooleanCombination? {
    enablingCombination(for: property, isEnabled: \.isEnabled, isHidden: \.isHidden)
  }
}
