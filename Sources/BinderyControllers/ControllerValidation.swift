public import Bindery

// A binding asks the object it writes to validate the value first (the controller for a typed path
// such as `\.selection.firstName`, the selection for a string path "selection.firstName") and shows a
// refusal on the control, leaving the model as it was. Through a controller, a value is refused while
// the controller is not editable, and each selected object that validates its values
// (`KeyValueValidating`) is asked, as Cocoa's selection forwards `validateValue(_:forKey:)`.

extension ArrayController: KeyValueValidating {
  /// Refuses a value written through ``selection`` while ``isEditable`` is `false`
  /// (``BindingError/notEditable``), then asks each selected object that is `KeyValueValidating`
  /// (when the element class is `KeyValueCoding`, so the property can be named); the controller's own
  /// settings are always accepted.
  public func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws {
    guard SelectionValidation.isThroughSelection(keyPath) else { return }
    guard isEditable else { throw BindingError.notEditable }
    try SelectionValidation.validate(
      value, for: keyPath, through: \ArrayController<Element>.selection, of: selectedObjects)
  }
}

extension SelectionProxy: KeyValueValidating {
  /// Refuses every value while the controller's ``ArrayController/isEditable`` is `false`
  /// (``BindingError/notEditable``), then asks each selected object that is `KeyValueValidating`.
  public func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws {
    guard controller.isEditable else { throw BindingError.notEditable }
    try SelectionValidation.validate(
      value, for: keyPath, through: nil as KeyPath<SelectionProxy<Element>, SelectionProxy<Element>>?,
      of: controller.selectedObjects)
  }
}

extension ObjectController: KeyValueValidating {
  /// Refuses a value written through ``selection`` while ``isEditable`` is `false`
  /// (``BindingError/notEditable``), then asks the content if it is `KeyValueValidating` (when its
  /// class is `KeyValueCoding`).
  public func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws {
    guard SelectionValidation.isThroughSelection(keyPath) else { return }
    guard isEditable else { throw BindingError.notEditable }
    try SelectionValidation.validate(
      value, for: keyPath, through: \ObjectController<Content>.selection, of: content.map { [$0] } ?? [])
  }
}

extension ObjectSelection: KeyValueValidating {
  /// Refuses every value while the controller's ``ObjectController/isEditable`` is `false`
  /// (``BindingError/notEditable``), then asks the content if it is `KeyValueValidating`.
  public func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws {
    guard controller.isEditable else { throw BindingError.notEditable }
    try SelectionValidation.validate(
      value, for: keyPath, through: nil as KeyPath<ObjectSelection<Content>, ObjectSelection<Content>>?,
      of: controller.content.map { [$0] } ?? [])
  }
}

/// Validation of values written through a controller's selection.
enum SelectionValidation {
  /// Whether `keyPath` leads through a selection (its values are ``MarkedValue``s), rather than to one
  /// of the controller's own settings.
  static func isThroughSelection(_ keyPath: AnyKeyPath) -> Bool {
    type(of: keyPath).valueType is any MarkedValueKind.Type
  }

  /// Asks each of `objects` that is `KeyValueValidating` to validate `value` for the property that
  /// `keyPath` reads of it: one of the selection's keys, after `selection` when the path starts at the
  /// controller. Runs on a user's edit only: it names the property by comparing `keyPath` with the
  /// selection's keys.
  static func validate<Root, Selection: SelectionKeyPaths>(
    _ value: Any?,
    for keyPath: AnyKeyPath,
    through selection: KeyPath<Root, Selection>?,
    of objects: [Selection.Element]
  ) throws {
    guard objects.contains(where: { $0 is any KeyValueValidating }),
      let elementType = Selection.Element.self as? any KeyValueCoding.Type,
      let selectionKey = Selection.keyValueKeys.keys.first(where: { key in
        (selection.map { ($0 as AnyKeyPath).appending(path: key.keyPath) } ?? key.keyPath) == keyPath
      }),
      let elementKey = KeyValueKeyTable.of(elementType).key(named: selectionKey.name)
    else { return }
    let plain = (value as? any MarkedValueKind).map { $0.plainValue } ?? value
    for case let object as any KeyValueValidating in objects {
      try object.validateValue(plain, for: elementKey.keyPath)
    }
  }
}

/// ``MarkedValue``, whatever its value type.
private protocol MarkedValueKind {
  /// The value, or `nil` for a marker.
  var plainValue: Any? { get }
}

extension MarkedValue: MarkedValueKind {
  fileprivate var plainValue: Any? {
    if case .value(let value) = self { return value }
    return nil
  }
}
