public import Bindery

/// A headless text field: text a user types, and a programmatic `text` that bindings set.
///
/// ```swift
/// let field = HeadlessTextField()
/// field.bind(\.text, to: controller, \.person?.firstName)
/// field.userDidEdit(text: "Ada")  // as if typed: writes controller.person?.firstName
/// field.text = "Grace"            // programmatic: not written back
/// ```
@KeyValueObservable
public final class HeadlessTextField: EditableControl, EnablingControl {
  /// The text shown.
  public var text: String?
  /// The text shown when `text` is empty.
  public var placeholder: String?
  /// Whether the user can edit the field.
  public var isEnabled = true
  /// Whether the field is hidden.
  public var isHidden = false
  /// Why the text the user typed was not written to the model, until a value is accepted.
  public var validationError: BindingError?

  static let textID = #propertyID("text")

  /// Creates a field.
  public init(text: String? = nil, placeholder: String? = nil) {
    self.text = text
    self.placeholder = placeholder
  }

  /// Creates the control with its defaults (what a spec file's `class:` makes).
  public convenience init() {
    self.init(text: nil)
  }

  /// Types `text` as a user would: sets it and reports the edit (the value-changed event).
  ///
  /// - Returns: `false`, and changes nothing, when the field is disabled or hidden.
  @discardableResult
  public func userDidEdit(text newText: String?) -> Bool {
    guard isEnabled, !isHidden else { return false }
    text = newText
    keyValueRegistrar.userDidEdit(self, Self.textID, \.text, value: text)
    return true
  }
}

extension HeadlessTextField {
  /// Begins editing as a user would (the field gets the focus): a binding with an editing formatter
  /// shows the value in its editing form until the end of editing.
  public func userDidBeginEditing() {
    keyValueRegistrar.userDidBeginEditing(self, Self.textID, \.text, value: text)
  }

  /// Finishes editing as a user would (Return, or leaving the field): bindings that update on commit
  /// write the text back now.
  public func userDidEndEditing() {
    keyValueRegistrar.userDidEndEditing(self, Self.textID, \.text, value: text)
  }

  /// Shows the error next to the field (sets ``validationError``).
  public func showValidationError(_ error: BindingError?) {
    validationError = error
  }
}

extension HeadlessTextField: BooleanCombining {
  /// `isEnabled` combines its bindings with AND, `isHidden` with OR (Cocoa's enabled2, hidden2…).
  public static func booleanCombination(for property: AnyKeyPath) -> BooleanCombination? {
    enablingCombination(for: property, isEnabled: \.isEnabled, isHidden: \.isHidden)
  }
}
