public import Bindery

/// A headless on/off switch.
///
/// ```swift
/// let toggle = HeadlessSwitch()
/// toggle.bind(\.isOn, to: settings, \.notificationsEnabled)
/// toggle.userDidToggle()  // writes settings.notificationsEnabled
/// ```
@KeyValueObservable
public final class HeadlessSwitch: EditableControl, EnablingControl {
  /// Whether the switch is on.
  public var isOn: Bool
  /// Whether the user can toggle it.
  public var isEnabled = true
  /// Whether the switch is hidden.
  public var isHidden = false

  private static let isOnID = #propertyID("isOn")

  /// Creates a switch.
  public init(isOn: Bool = false) {
    self.isOn = isOn
  }

  /// Creates the control with its defaults (what a spec file's `class:` makes).
  public convenience init() {
    self.init(isOn: false)
  }

  /// Sets the switch as a user would, and reports the edit.
  ///
  /// - Returns: `false`, and changes nothing, when the switch is disabled or hidden.
  @discardableResult
  public func userDidSet(isOn newValue: Bool) -> Bool {
    guard isEnabled, !isHidden else { return false }
    isOn = newValue
    keyValueRegistrar.userDidEdit(self, Self.isOnID, \.isOn, value: isOn)
    return true
  }

  /// Flips the switch as a user would, and reports the edit.
  @discardableResult
  public func userDidToggle() -> Bool {
    userDidSet(isOn: !isOn)
  }
}

extension HeadlessSwitch: BooleanCombining {
  /// `isEnabled` combines its bindings with AND, `isHidden` with OR (Cocoa's enabled2, hidden2…).
  public static func booleanCombination(for property: AnyKeyPath) -> BooleanCombination? {
    enablingCombination(for: property, isEnabled: \.isEnabled, isHidden: \.isHidden)
  }
}
