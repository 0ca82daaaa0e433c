public import Bindery

/// The common value of a property over an array controller's selected objects (Cocoa's
/// `selection.firstName`): the value when every selected object has it, the multiple-values marker
/// when they differ, the no-selection marker when nothing is selected. Writing a value sets it on
/// every selected object.
///
/// ```swift
/// firstNameField.bind(\.text, to: people, \.selection.firstName,
///                     placeholders: BindingPlaceholders(multipleValues: "Multiple Values", noSelection: "No Selection"))
/// ```
@dynamicMemberLookup
public struct SelectionProxy<Element: AnyObject> {
  unowned let controller: ArrayController<Element>

  /// The common value of `keyPath` over the selected objects, or why there is none.
  public subscript<Value: Equatable>(dynamicMember keyPath: ReferenceWritableKeyPath<Element, Value>)
    -> MarkedValue<Value>
  {
    get {
      let selected = controller.selectedObjects
      guard let first = selected.first else { return .marker(.noSelection) }
      let value = first[keyPath: keyPath]
      for object in selected.dropFirst() where object[keyPath: keyPath] != value {
        return .marker(.multipleValues)
      }
      return .value(value)
    }
    nonmutating set {
      guard case .value(let value) = newValue else { return }
      withTransaction {
        for object in controller.selectedObjects { object[keyPath: keyPath] = value }
      }
    }
  }

  /// The common value of a read-only `keyPath` over the selected objects, or why there is none.
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<Element, Value>) -> MarkedValue<Value> {
    let selected = controller.selectedObjects
    guard let first = selected.first else { return .marker(.noSelection) }
    let value = first[keyPath: keyPath]
    for object in selected.dropFirst() where object[keyPath: keyPath] != value {
      return .marker(.multipleValues)
    }
    return .value(value)
  }
}
