public import Bindery

extension TreeController where Node: KeyValueCoding {
  /// Creates a controller whose key paths are named by strings, as spec files give them: resolved at
  /// once against the class's keys. `childrenKey` names an array of the same class (writable, so
  /// that children can be added, or read-only); `leafKey` a `Bool`; `countKey` an `Int`.
  ///
  /// ```swift
  /// let shelves = try TreeController<Shelf>(childrenKey: "shelves", leafKey: "isSealed")
  /// ```
  ///
  /// - Throws: ``Bindery/KeyValueCodingError`` when a key is unknown or its value is not of the type
  ///   it must be.
  public convenience init(
    childrenKey: String,
    leafKey: String? = nil,
    countKey: String? = nil,
    makeNode: (() -> Node)? = nil
  ) throws(KeyValueCodingError) {
    let children = try KeyValuePath(childrenKey, in: Node.self)
    let leaf = try leafKey.map { key throws(KeyValueCodingError) in try Self.keyPath(key, of: Bool.self) }
    let count = try countKey.map { key throws(KeyValueCodingError) in try Self.keyPath(key, of: Int.self) }
    if let writable = children.composedKeyPath as? ReferenceWritableKeyPath<Node, [Node]> {
      self.init(children: writable, leaf: leaf, count: count, makeNode: makeNode)
    } else if let readable = children.composedKeyPath as? KeyPath<Node, [Node]> {
      self.init(children: readable, leaf: leaf, count: count, makeNode: makeNode)
    } else {
      throw .typeMismatch(
        path: childrenKey, pathType: RuntimeTypes.readableName(children.valueType),
        expected: "[\(Node.self)], the children of each object, reached without optionals on the way")
    }
  }

  /// The key path `key` names, of `Value`s.
  private static func keyPath<Value>(_ key: String, of _: Value.Type) throws(KeyValueCodingError) -> KeyPath<
    Node, Value
  > {
    let path = try KeyValuePath(key, in: Node.self)
    guard let keyPath = path.composedKeyPath as? KeyPath<Node, Value> else {
      throw .typeMismatch(
        path: key, pathType: RuntimeTypes.readableName(path.valueType), expected: "\(Value.self), of each object")
    }
    return keyPath
  }
}
