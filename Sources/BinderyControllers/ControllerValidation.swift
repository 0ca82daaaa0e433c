public import Bindery

// A binding asks the object it writes to validate the value first (the controller for a typed path
// such as `\.selection.firstName`, the selection for a string path "selection.firstName") and shows a
// refusal on the control, leaving the model as it was. Through a controller, a value is refused while
// the controller is not editable.

extension ArrayController: KeyValueValidating {
  /// Refuses a value written through ``selection`` while ``isEditable`` is `false`
  /// (``ControllerError/notEditable``); the controller's own settings are always accepted.
  public func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws {
    guard SelectionValidation.isThroughSelection(keyPath) else { return }
    guard isEditable else { throw ControllerError.notEditable }
  }
}

extension SelectionProxy: KeyValueValidating {
  /// Refuses every value while the controller's ``ArrayController/isEditable`` is `false`
  /// (``ControllerError/notEditable``).
  public func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws {
    guard controller.isEditable else { throw ControllerError.notEditable }
  }
}

extension ObjectController: KeyValueValidating {
  /// Refuses a value written through ``selection`` while ``isEditable`` is `false`
  /// (``ControllerError/notEditable``).
  public func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws {
    guard SelectionValidation.isThroughSelection(keyPath) else { return }
    guard isEditable else { throw ControllerError.notEditable }
  }
}

extension ObjectSelection: KeyValueValidating {
  /// Refuses every value while the controller's ``ObjectController/isEditable`` is `false`
  /// (``ControllerError/notEditable``).
  public func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws {
    guard controller.isEditable else { throw ControllerError.notEditable }
  }
}

/// Validation of values written through a controller's selection.
enum SelectionValidation {
  /// Whether `keyPath` leads through a selection (its values are ``MarkedValue``s), rather than to one
  /// of the controller's own settings.
  static func isThroughSelection(_ keyPath: AnyKeyPath) -> Bool {
    type(of: keyPath).valueType is any MarkedValueKind.Type
  }
}

/// ``MarkedValue``, whatever its value type.
private protocol MarkedValueKind {}

extension MarkedValue: MarkedValueKind {}
