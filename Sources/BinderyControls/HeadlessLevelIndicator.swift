public import Bindery

/// A headless level indicator (Cocoa's `NSLevelIndicator`): a value between a minimum and a maximum,
/// shown as normal, warning or critical by two thresholds; editable as a rating when asked.
///
/// ```swift
/// let stars = HeadlessLevelIndicator(maxValue: 5)
/// stars.isEditable = true                 // a rating a user sets
/// stars.bind(\.value, to: film, \.stars)
/// stars.userDidSet(value: 4)              // writes film.stars
/// let fuel = HeadlessLevelIndicator(maxValue: 100, warningValue: 25, criticalValue: 10)
/// fuel.value = 8                          // fuel.level == .critical
/// ```
///
/// As in Cocoa, a warning value below the critical value means high values are the worry (a disk
/// filling up); a warning value above it, low values (a battery draining). A rating a user sets is
/// rounded to a whole number, as `NSLevelIndicator`'s rating style does, and clamped to the range.
@KeyValueObservable
public final class HeadlessLevelIndicator: EditableControl, EnablingControl {
  /// The level shown (Cocoa's `value` binding, `doubleValue`).
  public var value: Double
  /// The value of an empty indicator (`minValue`).
  public var minValue: Double
  /// The value of a full indicator (`maxValue`).
  public var maxValue: Double
  /// From this value on (towards the critical value), the level is a warning; `nil` for none.
  public var warningValue: Double?
  /// From this value on (away from the warning value), the level is critical; `nil` for none.
  public var criticalValue: Double?
  /// Whether a user can set the value, as a rating (`NSLevelIndicator.isEditable`); `false` by default.
  public var isEditable = false
  /// Whether the user can use it.
  public var isEnabled = true
  /// Whether the indicator is hidden.
  public var isHidden = false

  private static let valueID = #propertyID("value")

  /// What a level means against the thresholds.
  public enum Level: Sendable, Hashable {
    /// Neither threshold is reached.
    case normal
    /// The warning threshold is reached, the critical one not.
    case warning
    /// The critical threshold is reached.
    case critical
  }

  /// Creates an indicator; a range given upside down is put right.
  public init(
    value: Double = 0, minValue: Double = 0, maxValue: Double = 1, warningValue: Double? = nil,
    criticalValue: Double? = nil
  ) {
    self.minValue = min(minValue, maxValue)
    self.maxValue = max(minValue, maxValue)
    self.value = value
    self.warningValue = warningValue
    self.criticalValue = criticalValue
  }

  /// Creates the control with its defaults (what a spec file's `class:` makes).
  public convenience init() {
    self.init(value: 0)
  }

  /// What ``value`` means against ``warningValue`` and ``criticalValue``.
  public var level: Level {
    Self.level(of: value, warning: warningValue, critical: criticalValue)
  }

  /// What `value` means against the two thresholds, as `NSLevelIndicator` colours it.
  public static func level(of value: Double, warning: Double?, critical: Double?) -> Level {
    switch (warning, critical) {
    case (nil, nil): return .normal
    case (let warning?, nil): return value >= warning ? .warning : .normal
    case (nil, let critical?): return value >= critical ? .critical : .normal
    case (let warning?, let critical?):
      if warning <= critical {
        return value >= critical ? .critical : value >= warning ? .warning : .normal
      }
      return value <= critical ? .critical : value <= warning ? .warning : .normal
    }
  }

  /// The most stars a rating shows (``ratingStars``).
  public static let maximumRatingStars = 20

  /// The whole values a rating shows a star for, as `NSLevelIndicator`'s rating style draws them:
  /// from 1 (or the minimum, if higher) to the maximum, at most ``maximumRatingStars`` of them. A
  /// value below the first star shows none lit.
  public var ratingStars: [Double] {
    let first = max(1, minValue.rounded(.up))
    let last = maxValue.rounded(.down)
    guard first.isFinite, last.isFinite, first <= last else { return [] }
    let count = Int(min(Double(Self.maximumRatingStars), last - first + 1))
    return (0..<count).map { first + Double($0) }
  }

  /// Sets the rating as a user would (rounded to a whole number, clamped to the range), and reports
  /// the edit.
  ///
  /// - Returns: `false`, and changes nothing, when the indicator is not editable, disabled, hidden,
  ///   or `newValue` is NaN.
  @discardableResult
  public func userDidSet(value newValue: Double) -> Bool {
    guard isEditable, isEnabled, !isHidden, !newValue.isNaN else { return false }
    value = min(max(newValue.rounded(), minValue), maxValue)
    keyValueRegistrar.userDidEdit(self, Self.valueID, \.value, value: value)
    return true
  }
}

extension HeadlessLevelIndicator: BooleanCombining {
  /// `isEnabled` combines its bindings with AND, `isHidden` with OR (Cocoa's enabled2, hidden2…).
  public static func booleanCombination(for property: AnyKeyPath) -> BooleanCombination? {
    enablingCombination(for: property, isEnabled: \.isEnabled, isHidden: \.isHidden)
  }
}
