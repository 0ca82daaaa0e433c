public import Bindery

/// A headless label: text that only bindings and code set.
///
/// ```swift
/// let label = HeadlessLabel()
/// label.bind(\.text, to: controller, \.person?.fullName)
/// ```
@KeyValueObservable
public final class HeadlessLabel: EditableControl, EnablingControl {
  /// The text shown.
  public var text: String?
  /// Whether the label is drawn enabled.
  public var isEnabled = true
  /// Whether the label is hidden.
  public var isHidden = false

  /// Creates a label.
  public init(text: String? = nil) {
    self.text = text
  }

  /// Creates the control with its defaults (what a spec file's `class:` makes).
  public convenience init() {
    self.init(text: nil)
  }
}

extension HeadlessLabel: BooleanCombining {
  /// `isEnabled` combines its bindings with AND, `isHidden` with OR (Cocoa's enabled2, hidden2…).
  public static func booleanCombination(for property: AnyKeyPath) -> BooleanCombination? {
    enablingCombination(for: property, isEnabled: \.isEnabled, isHidden: \.isHidden)
  }
}
