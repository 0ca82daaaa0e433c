import Bindery

/// A selection object whose keys read the elements' properties as ``MarkedValue``s.
protocol SelectionKeyPaths: KeyValueCoding {
  /// The class of the objects selected.
  associatedtype Element: AnyObject
  /// The selection's key reading the writable `keyPath` of the selected objects.
  static func markedKey<Value: Equatable>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Element, Value>)
    -> KeyValueKey
  /// The selection's key reading the read-only `keyPath` of the selected objects.
  static func markedKey<Value: Equatable>(_ name: String, _ keyPath: KeyPath<Element, Value>) -> KeyValueKey
  /// The selection's key reading the writable `keyPath`, whose values are objects compared by identity.
  static func identityKey<Value>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Element, Value>) -> KeyValueKey
  /// The selection's key reading the read-only `keyPath`, whose values are objects compared by identity.
  static func identityKey<Value>(_ name: String, _ keyPath: KeyPath<Element, Value>) -> KeyValueKey
}

/// The string keys of a selection: one per `Equatable` property of the element class, and one per
/// property holding objects (an object, an optional one, an array of them), compared by identity.
enum SelectionKeys {
  static func table<Selection: SelectionKeyPaths>(for selection: Selection.Type) -> KeyValueKeyTable {
    guard let elementType = Selection.Element.self as? any KeyValueCoding.Type else {
      return KeyValueKeyTable(selection, keys: [])
    }
    let keys = KeyValueKeyTable.of(elementType).keys.compactMap { key in
      (key.keyPath as? any SelectionOpenableKeyPath)?.markedKey(key.name, in: selection, readOnly: key.isReadOnly)
    }
    return KeyValueKeyTable(selection, keys: keys)
  }
}

/// A key path whose value type is opened to make a selection's key for it.
protocol SelectionOpenableKeyPath {
  func markedKey<Selection: SelectionKeyPaths>(_ name: String, in selection: Selection.Type, readOnly: Bool)
    -> KeyValueKey?
}

extension KeyPath: SelectionOpenableKeyPath {
  func markedKey<Selection: SelectionKeyPaths>(
    _ name: String,
    in selection: Selection.Type,
    readOnly: Bool
  ) -> KeyValueKey? {
    guard let equatable = Value.self as? any Equatable.Type else {
      guard makeEquality(Value.self) != nil else { return nil }  // objects, compared by identity
      if !readOnly, let writable = self as? ReferenceWritableKeyPath<Selection.Element, Value> {
        return Selection.identityKey(name, writable)
      }
      if let readable = self as? KeyPath<Selection.Element, Value> { return Selection.identityKey(name, readable) }
      return nil
    }
    func open<Opened: Equatable>(_: Opened.Type) -> KeyValueKey? {
      if !readOnly, let writable = self as? ReferenceWritableKeyPath<Selection.Element, Opened> {
        return Selection.markedKey(name, writable)
      }
      if let readable = self as? KeyPath<Selection.Element, Opened> { return Selection.markedKey(name, readable) }
      return nil
    }
    return open(equatable)
  }
}
