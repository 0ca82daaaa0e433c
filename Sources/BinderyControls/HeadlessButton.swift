public import Bindery

/// A headless push button with an action.
///
/// ```swift
/// let save = HeadlessButton(title: "Save") { controller.save() }
/// save.bind(\.isEnabled, to: controller, \.canSave)
/// save.userDidTap()  // runs the action only when enabled
/// ```
@KeyValueObservable
public final class HeadlessButton: EditableControl, EnablingControl, ActionSending {
  /// The button's title.
  public var title: String
  /// Whether the user can tap it.
  public var isEnabled = true
  /// Whether the button is hidden.
  public var isHidden = false
  /// The action run on each tap.
  @KeyValueIgnored public var action: (() -> Void)?
  /// The control that takes the keyboard focus once the action is done (a form's first field after
  /// Add), in the front ends that show both; `focusesAfterAction: /FirstNameField` in a spec file.
  public var focusesAfterAction: (any LabelTarget)?

  /// Creates a button.
  public init(title: String = "", action: (() -> Void)? = nil) {
    self.title = title
    self.action = action
  }

  /// Creates the control with its defaults (what a spec file's `class:` makes).
  public convenience init() {
    self.init(title: "")
  }

  /// Taps the button as a user would.
  ///
  /// - Returns: `false`, and runs nothing, when the button is disabled or hidden.
  @discardableResult
  public func userDidTap() -> Bool {
    guard isEnabled, !isHidden else { return false }
    action?()
    return true
  }
}

extension HeadlessButton: BooleanCombining {
  /// `isEnabled` combines its bindings with AND, `isHidden` with OR (Cocoa's enabled2, hidden2…).
  public static func booleanCombination(for property: AnyKeyPath) -> BooleanCombination? {
    enablingCombination(for: property, isEnabled: \.isEnabled, isHidden: \.isHidden)
  }
}
