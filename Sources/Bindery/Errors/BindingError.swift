/// Why a binding did not write a value a user entered back to its source.
///
/// The source keeps its last good value; the control keeps the user's text and is told the error
/// (``EditableControl/showValidationError(_:)``).
public enum BindingError: Error, CustomStringConvertible {
  /// The transformer could not convert the value back (it threw).
  case conversionFailed(any Error)
  /// A validator of the binding, or the model's own validation, rejected the value.
  case validationFailed(any Error)
  /// The source takes no edits: a controller whose `isEditable` is `false` refuses every value written
  /// through its selection. A model's ``KeyValueValidating/validateValue(_:for:)`` may throw it too.
  case notEditable

  /// The error thrown by the transformer, the validator or the model; the error itself for
  /// ``notEditable``.
  public var underlying: any Error {
    switch self {
    case .conversionFailed(let error), .validationFailed(let error): error
    case .notEditable: self
    }
  }

  /// What to tell the person who entered the value, as a field shows it: the
  /// ``LocatedError/message`` of a located error (`Enter a whole number, like 1,234`), which leaves
  /// out where in the text it went wrong (programs read that from the error itself); the error's own
  /// description otherwise.
  public var message: String {
    switch self {
    case .conversionFailed(let error), .validationFailed(let error):
      (error as? any LocatedError)?.message ?? "\(error)"
    case .notEditable: "This value cannot be changed"
    }
  }

  /// For programs and logs: what failed, and the underlying error's description.
  public var description: String {
    switch self {
    case .conversionFailed(let error): "cannot convert: \(error)"
    case .validationFailed(let error): "invalid: \(error)"
    case .notEditable: "not editable"
    }
  }
}

/// A model that validates values before bindings write them (Cocoa's `validateValue:forKey:`).
///
/// ```swift
/// extension Person: KeyValueValidating {
///   func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws {
///     if keyPath == \Person.age, let age = value as? Int, !(0...150).contains(age) {
///       throw AgeError.outOfRange
///     }
///   }
/// }
/// ```
public protocol KeyValueValidating: AnyObject {
  /// Throws to reject `value` for the property at `keyPath` (rooted at this object's type).
  func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws
}
