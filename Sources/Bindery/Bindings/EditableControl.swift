/// An object whose values a user changes, like a text field or a switch.
///
/// A control reports each user edit with ``KeyValueRegistrar/userDidEdit(_:_:_:value:)`` after setting
/// the property (the "value changed" event). A two-way binding whose target is an `EditableControl`
/// writes the value back to its source on those reports only, and ignores programmatic sets, so the
/// binding's own writes are never sent back.
///
/// ```swift
/// @KeyValueObservable
/// final class SearchField: EditableControl {
///   var text: String? = nil
///   func userTyped(_ newText: String) {
///     text = newText
///     keyValueRegistrar.userDidEdit(self, #propertyID("text"), \.text, value: text)
///   }
/// }
/// ```
public protocol EditableControl: KeyValueObservable {
  /// Shows why the value the user entered was not written to the model, or clears it (`nil`) once a
  /// value is accepted. The default does nothing.
  func showValidationError(_ error: BindingError?)
}

extension EditableControl {
  /// Does nothing: controls that can show an error implement it.
  public func showValidationError(_ error: BindingError?) {}
}
