public import Bindery

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
  /// Reads the compared value of an element into a new key.
  @usableFromInline let makeKey: (Element) -> ArrangementKey
  /// Reads the compared value of an element into an existing key of this level (no allocation).
  @usableFromInline let updateKey: (ArrangementKey, Element) -> Void
  /// Copies the value of the first key into the second, both of this level.
  @usableFromInline let copyKey: (ArrangementKey, ArrangementKey) -> Void
  /// Compares two keys of this level: negative, zero or positive (ignoring the direction).
  @usableFromInline let compare: (ArrangementKey, ArrangementKey) -> Int
  /// The positions of `keys` (all of this level) in the level's order, equal keys in their order:
  /// a sort by this level alone, with the values read out of their keys once and compared as
  /// `Value`s (no reference counting per comparison).
  @usableFromInline let sortedPositions: (UnsafeBufferPointer<ArrangementKey>) -> [Int]

  @usableFromInline
  init(
    keyPath: PartialKeyPath<Element>,
    isAscending: Bool,
    makeKey: @escaping (Element) -> ArrangementKey,
    updateKey: @escaping (ArrangementKey, Element) -> Void,
    copyKey: @escaping (ArrangementKey, ArrangementKey) -> Void,
    compare: @escaping (ArrangementKey, ArrangementKey) -> Int,
    sortedPositions: @escaping (UnsafeBufferPointer<ArrangementKey>) -> [Int]
  ) {
    self.keyPath = keyPath
    self.isAscending = isAscending
    self.makeKey = makeKey
    self.updateKey = updateKey
    self.copyKey = copyKey
    self.compare = compare
    self.sortedPositions = sortedPositions
  }

  /// Smaller values first.
  @inlinable
  public static func ascending<Value: Comparable>(_ keyPath: KeyPath<Element, Value>) -> Self {
    level(keyPath, isAscending: true, less: { $0 < $1 }) { $0 < $1 ? -1 : ($1 < $0 ? 1 : 0) }
  }

  /// Larger values first.
  @inlinable
  public static func descending<Value: Comparable>(_ keyPath: KeyPath<Element, Value>) -> Self {
    level(keyPath, isAscending: false, less: { $0 < $1 }) { $0 < $1 ? -1 : ($1 < $0 ? 1 : 0) }
  }

  /// `nil` first, then the values in order.
  @inlinable
  public static func ascending<Value: Comparable>(_ keyPath: KeyPath<Element, Value?>) -> Self {
    level(keyPath, isAscending: true, less: { compareOptionals($0, $1) < 0 }) { compareOptionals($0, $1) }
  }

  /// The values in reverse order, then `nil`.
  @inlinable
  public static func descending<Value: Comparable>(_ keyPath: KeyPath<Element, Value?>) -> Self {
    level(keyPath, isAscending: false, less: { compareOptionals($0, $1) < 0 }) { compareOptionals($0, $1) }
  }

  /// `nil` before every value, values in their order: negative, zero or positive.
  @inlinable
  static func compareOptionals<Value: Comparable>(_ lhs: Value?, _ rhs: Value?) -> Int {
    switch (lhs, rhs) {
    case (let a?, let b?): a < b ? -1 : (b < a ? 1 : 0)
    case (nil, .some): -1
    case (.some, nil): 1
    case (nil, nil): 0
    }
  }

  /// A level whose keys hold `Value`s: they are compared with no dynamic cast (each key is known to
  /// be a `TypedArrangementKey<Value>`: keys are made, read and compared by the same level).
  /// Inlinable, so that the comparisons are specialized for `Value` where the level is made.
  ///
  /// `less` is `compare(a, b) < 0` in one comparison (a sort of strings compares them once, not
  /// twice). A property of a key table's class is read with its getter (``KeyValueKeyTable/getter(of:)``),
  /// not through its key path.
  @inlinable
  static func level<Value>(
    _ keyPath: KeyPath<Element, Value>,
    isAscending: Bool,
    less: @escaping (Value, Value) -> Bool,
    compare: @escaping (Value, Value) -> Int
  ) -> Self {
    typealias Key = TypedArrangementKey<Value>
    let read: (Element) -> Value = KeyValueKeyTable.getter(of: keyPath) ?? { $0[keyPath: keyPath] }
    return Self(
      keyPath: keyPath,
      isAscending: isAscending,
      makeKey: { Key(read($0)) },
      updateKey: { key, element in unsafeDowncast(key, to: Key.self).value = read(element) },
      copyKey: { source, target in
        unsafeDowncast(target, to: Key.self).value = unsafeDowncast(source, to: Key.self).value
      },
      compare: { lhs, rhs in compare(unsafeDowncast(lhs, to: Key.self).value, unsafeDowncast(rhs, to: Key.self).value)
      },
      sortedPositions: { keys in
        let values = keys.map { unsafeDowncast($0, to: Key.self).value }
        return values.withUnsafeBufferPointer { values in
          // The standard library's sort is stable: equal values keep their order.
          isAscending
            ? (0..<values.count).sorted { less(values[$0], values[$1]) }
            : (0..<values.count).sorted { less(values[$1], values[$0]) }
        }
      }
    )
  }

  /// `lastName ↑`.
  public var description: String { "\(keyPath) \(isAscending ? "↑" : "↓")" }
}
