public import Bindery

/// The common value of a property over a controller's selected objects (Cocoa's
/// `selection.firstName`): the value when every selected object has it, the multiple-values marker
/// when they differ (or whenever several are selected, with
/// ``ArrayController/alwaysUsesMultipleValuesMarker``), the no-selection marker when nothing is
/// selected. Writing a value sets it on every selected object, unless the controller is not
/// editable (``ArrayController/isEditable``).
///
/// The proxy is an object with string keys too (one per `Equatable` property of the element class,
/// and one per property holding objects, which are compared by identity: `selection.department`,
/// `selection.employees`, when that class is ``KeyValueCoding``), so spec files and expressions bind `selection.firstName`
/// as typed code does:
///
/// ```swift
/// firstNameField.bind(\.text, to: .marked(people, \.selection.firstName)
///   .placeholders(BindingPlaceholders(multipleValues: "Multiple Values", noSelection: "No Selection")))
/// try lastNameField.bind(\.text, to: .keyPath(people, "selection.lastName"))
/// ```
@dynamicMemberLookup
public final class SelectionProxy<Element: AnyObject>: KeyValueCoding {
  unowned let controller: any SelectingController<Element>

  init(controller: any SelectingController<Element>) {
    self.controller = controller
  }

  /// The common value of `keyPath` over the selected objects, or why there is none.
  public subscript<Value: Equatable>(dynamicMember keyPath: ReferenceWritableKeyPath<Element, Value>)
    -> MarkedValue<Value>
  {
    get { commonValue(of: keyPath) }
    set {
      guard controller.isEditable, case .value(let value) = newValue else { return }
      let selected = controller.selectedObjects
      withCoalescedChanges {
        for object in selected { object[keyPath: keyPath] = value }
      }
    }
  }

  /// The common value of a read-only `keyPath` over the selected objects, or why there is none.
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<Element, Value>) -> MarkedValue<Value> {
    commonValue(of: keyPath)
  }

  /// The common object (or optional object, or array of objects) of `keyPath` over the selected
  /// objects, compared by identity as Cocoa compares objects it does not know: one genre chosen for
  /// every selected film is that genre; two different ones are the multiple-values marker.
  subscript<Value>(identityOf keyPath: ReferenceWritableKeyPath<Element, Value>) -> MarkedValue<Value> {
    get { commonValue(of: keyPath, same: Self.sameObjects) }
    set {
      guard controller.isEditable, case .value(let value) = newValue else { return }
      let selected = controller.selectedObjects
      withCoalescedChanges {
        for object in selected { object[keyPath: keyPath] = value }
      }
    }
  }

  /// The common object of a read-only `keyPath` over the selected objects, compared by identity.
  subscript<Value>(identityOf keyPath: KeyPath<Element, Value>) -> MarkedValue<Value> {
    commonValue(of: keyPath, same: Self.sameObjects)
  }

  /// Whether two values of a property holding objects hold the same ones (the core's equality of
  /// run-time types; only such properties have an `identityOf` key).
  private static func sameObjects<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
    makeEquality(Value.self)?(lhs, rhs) ?? false
  }

  private func commonValue<Value: Equatable>(of keyPath: KeyPath<Element, Value>) -> MarkedValue<Value> {
    commonValue(of: keyPath, same: ==)
  }

  private func commonValue<Value>(
    of keyPath: KeyPath<Element, Value>, same: (Value, Value) -> Bool
  ) -> MarkedValue<Value> {
    let selected = controller.selectedObjects
    guard let first = selected.first else { return .marker(.noSelection) }
    if selected.count > 1, controller.alwaysUsesMultipleValuesMarker { return .marker(.multipleValues) }
    let value = first[keyPath: keyPath]
    for object in selected.dropFirst() where !same(object[keyPath: keyPath], value) {
      return .marker(.multipleValues)
    }
    return .value(value)
  }

  /// One key per `Equatable` property of the element class, and one per property holding objects
  /// (compared by identity), reading its ``MarkedValue``.
  public static var keyValueKeys: KeyValueKeyTable { SelectionKeys.table(for: SelectionProxy<Element>.self) }
}

extension SelectionProxy: SelectionKeyPaths {
  static func markedKey<Value: Equatable>(
    _ name: String,
    _ keyPath: ReferenceWritableKeyPath<Element, Value>
  ) -> KeyValueKey {
    KeyValueKey(name, \SelectionProxy<Element>.[dynamicMember: keyPath])
  }

  static func markedKey<Value: Equatable>(_ name: String, _ keyPath: KeyPath<Element, Value>) -> KeyValueKey {
    KeyValueKey(name, \SelectionProxy<Element>.[dynamicMember: keyPath])
  }

  static func identityKey<Value>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Element, Value>) -> KeyValueKey {
    KeyValueKey(name, \SelectionProxy<Element>.[identityOf: keyPath])
  }

  static func identityKey<Value>(_ name: String, _ keyPath: KeyPath<Element, Value>) -> KeyValueKey {
    KeyValueKey(name, \SelectionProxy<Element>.[identityOf: keyPath])
  }
}

/// A controller whose selected objects a ``SelectionProxy`` reads: an ``ArrayController`` or a
/// ``TreeController``.
protocol SelectingController<Element>: AnyObject {
  /// The class of the objects selected.
  associatedtype Element: AnyObject
  /// The selected objects, in the order the controller arranges them.
  var selectedObjects: [Element] { get }
  /// Whether a value written through the selection reaches the objects.
  var isEditable: Bool { get }
  /// Whether several selected objects always show the multiple-values marker.
  var alwaysUsesMultipleValuesMarker: Bool { get }
}

extension ArrayController: SelectingController {}
