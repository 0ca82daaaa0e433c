/// One level of an array controller's order: a key path of the elements and a direction (Cocoa's
/// sort descriptor). Several levels compare in order: the second breaks ties of the first.
///
/// ```swift
/// controller.sortOrder = [.ascending(\.lastName), .ascending(\.firstName)]
/// ```
public struct ArrangementSort<Element>: CustomStringConvertible {
  /// The key path compared.
  public let keyPath: PartialKeyPath<Element>
  /// Whether smaller values come first.
  public let isAscending: Bool
  /// Reads the compared value of an element.
  let key: (Element) -> Any
  /// Compares two values read by `key`: negative, zero or positive.
  let compare: (Any, Any) -> Int

  /// Smaller values first.
  public static func ascending<Value: Comparable>(_ keyPath: KeyPath<Element, Value>) -> Self {
    Self(keyPath: keyPath, isAscending: true, key: { $0[keyPath: keyPath] }, compare: Self.compare(Value.self))
  }

  /// Larger values first.
  public static func descending<Value: Comparable>(_ keyPath: KeyPath<Element, Value>) -> Self {
    Self(keyPath: keyPath, isAscending: false, key: { $0[keyPath: keyPath] }, compare: Self.compare(Value.self))
  }

  /// `nil` first, then the values in order.
  public static func ascending<Value: Comparable>(_ keyPath: KeyPath<Element, Value?>) -> Self {
    Self(
      keyPath: keyPath, isAscending: true, key: { $0[keyPath: keyPath] as Any },
      compare: Self.compareOptional(Value.self))
  }

  /// The values in reverse order, then `nil`.
  public static func descending<Value: Comparable>(_ keyPath: KeyPath<Element, Value?>) -> Self {
    Self(
      keyPath: keyPath, isAscending: false, key: { $0[keyPath: keyPath] as Any },
      compare: Self.compareOptional(Value.self))
  }

  static func compare<Value: Comparable>(_: Value.Type) -> (Any, Any) -> Int {
    { lhs, rhs in
      guard let lhs = lhs as? Value, let rhs = rhs as? Value else { return 0 }
      return lhs < rhs ? -1 : (rhs < lhs ? 1 : 0)
    }
  }

  static func compareOptional<Value: Comparable>(_: Value.Type) -> (Any, Any) -> Int {
    { lhs, rhs in
      switch (lhs as? Value?, rhs as? Value?) {
      case (let a??, let b??): a < b ? -1 : (b < a ? 1 : 0)
      case (.some(.none), .some(.some)): -1
      case (.some(.some), .some(.none)): 1
      default: 0
      }
    }
  }

  /// `lastName ↑`.
  public var description: String { "\(keyPath) \(isAscending ? "↑" : "↓")" }
}
