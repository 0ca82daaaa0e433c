public import Bindery

extension ArrangementSort where Element: KeyValueCoding {
  /// A level of order named by a string key path of the elements (`"lastName"`, `"address.city"`), as
  /// spec files give it: resolved at once against the element class's keys. Through an optional
  /// property (`"holder.firstName"` where `holder` may be `nil`) the path is `\.holder?.firstName`, and
  /// elements it gives `nil` for come first, as with a typed level.
  ///
  /// ```swift
  /// controller.sortOrder = [try .init(key: "lastName"), try .init(key: "age", ascending: false)]
  /// ```
  ///
  /// - Throws: ``KeyValueCodingError`` when a key is unknown, when the path is not a chain of properties
  ///   (a collection operator, a key table without key paths through an optional), or when the values
  ///   cannot be compared (the value type is not `Comparable`, optional or not).
  public init(key text: String, ascending: Bool = true) throws(KeyValueCodingError) {
    let path = try KeyValuePath(text, in: Element.self)
    guard let keyPath = path.composedKeyPath as? PartialKeyPath<Element> else {
      throw .typeMismatch(
        path: text, pathType: RuntimeTypes.readableName(path.valueType),
        expected: "a chain of properties (no collection operator)")
    }
    func plain<Value: Comparable>(_: Value.Type) -> Self? {
      guard let typed = keyPath as? KeyPath<Element, Value> else { return nil }
      return ascending ? .ascending(typed) : .descending(typed)
    }
    func optional<Value: Comparable>(_: Value.Type) -> Self? {
      guard let typed = keyPath as? KeyPath<Element, Value?> else { return nil }
      return ascending ? .ascending(typed) : .descending(typed)
    }
    let level: Self?
    if let comparable = path.valueType as? any Comparable.Type {
      level = plain(comparable)
    } else if let wrapped = RuntimeTypes.wrappedType(path.valueType), let comparable = wrapped as? any Comparable.Type {
      level = optional(comparable)
    } else {
      level = nil
    }
    guard let level else {
      throw .typeMismatch(
        path: text, pathType: RuntimeTypes.readableName(path.valueType), expected: "a Comparable value to sort by")
    }
    self = level
  }
}
