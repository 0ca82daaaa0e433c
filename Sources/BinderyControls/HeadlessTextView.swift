public import Bindery

/// A headless multi-line text view (Cocoa's `NSTextView`): text of several lines a user types.
///
/// As in Cocoa, what a user types reaches the model when editing ends (the view loses the focus),
/// unless the binding updates continuously (`updatesContinuously: true`, Cocoa's
/// `NSContinuouslyUpdatesValueBindingOption`), when each edit does:
///
/// ```swift
/// let notes = HeadlessTextView()
/// notes.bind(\.text, to: film, \.notes, options: BindingOptions(updatesContinuously: false))
/// notes.userDidEdit(text: "Seen twice")  // not written yet
/// notes.userDidEndEditing()             // writes film.notes
/// notes.text = "Loaded"                  // programmatic: not written back
/// ```
///
/// Unlike `NSTextView`, whose `value` binding is on commit by default, a binding made in code
/// updates continuously unless its options say otherwise (as every Bindery binding does); a spec
/// file says `notes { updatesContinuously: false }` for Cocoa's default.
@KeyValueObservable
public final class HeadlessTextView: EditableControl, EnablingControl {
  /// The text shown, lines separated by `\n`.
  public var text: String?
  /// Whether the user can type in it (`NSTextView.isEditable`); a view that is not editable can
  /// still be read and selected.
  public var isEditable = true
  /// Whether the user can use it at all.
  public var isEnabled = true
  /// Whether the view is hidden.
  public var isHidden = false
  /// Why the text the user typed was not written to the model, until a value is accepted.
  public var validationError: BindingError?

  private static let textID = #propertyID("text")

  /// Creates a text view.
  public init(text: String? = nil) {
    self.text = text
  }

  /// Creates the control with its defaults (what a spec file's `class:` makes).
  public convenience init() {
    self.init(text: nil)
  }

  /// Types `text` as a user would: sets it and reports the edit. Bindings that update continuously
  /// write it now, the others at ``userDidEndEditing()``.
  ///
  /// - Returns: `false`, and changes nothing, when the view is not editable, disabled or hidden.
  @discardableResult
  public func userDidEdit(text newText: String?) -> Bool {
    guard isEditable, isEnabled, !isHidden else { return false }
    text = newText
    keyValueRegistrar.userDidEdit(self, Self.textID, \.text, value: text)
    return true
  }

  /// Begins editing as a user would (the view gets the focus).
  public func userDidBeginEditing() {
    keyValueRegistrar.userDidBeginEditing(self, Self.textID, \.text, value: text)
  }

  /// Finishes editing as a user would (the view loses the focus): bindings that update on commit
  /// write the text back now.
  public func userDidEndEditing() {
    keyValueRegistrar.userDidEndEditing(self, Self.textID, \.text, value: text)
  }

  /// Shows the error next to the view (sets ``validationError``).
  public func showValidationError(_ error: BindingError?) {
    validationError = error
  }
}

extension HeadlessTextView: BooleanCombining {
  /// `isEnabled` combines its bindings with AND, `isHidden` with OR (Cocoa's enabled2, hidden2…).
  public static func booleanCombination(for property: AnyKeyPath) -> BooleanCombination? {
    enablingCombination(for: property, isEnabled: \.isEnabled, isHidden: \.isHidden)
  }
}
