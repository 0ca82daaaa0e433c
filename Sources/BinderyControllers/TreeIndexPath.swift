/// Where a node sits in a tree controller's arranged tree: the index among the root objects, then
/// the index among that node's children, and so on (Cocoa's `IndexPath` of an `NSTreeController`).
///
/// Index paths order as an outline shows its rows: a parent before its children, siblings by index.
///
/// ```swift
/// let path: TreeIndexPath = [0, 2]   // the third child of the first root object
/// path.parent                         // [0]
/// path.appending(1)                   // [0, 2, 1]
/// print(path)                         // 0.2
/// ```
public struct TreeIndexPath: Hashable, Comparable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
  /// The indexes from the root level down.
  public var indexes: [Int]

  /// The path with these indexes, from the root level down.
  public init(_ indexes: [Int]) {
    self.indexes = indexes
  }

  /// The path with these indexes, from the root level down.
  public init(arrayLiteral indexes: Int...) {
    self.indexes = indexes
  }

  /// How deep the path goes: 1 for a root object.
  public var depth: Int { indexes.count }

  /// The path of the parent node; `nil` for a root object (and for the empty path).
  public var parent: TreeIndexPath? {
    indexes.isEmpty ? nil : TreeIndexPath(Array(indexes.dropLast()))
  }

  /// The node's index among its siblings; `nil` for the empty path.
  public var lastIndex: Int? { indexes.last }

  /// The path of the child at `index` of this node.
  public func appending(_ index: Int) -> TreeIndexPath {
    TreeIndexPath(indexes + [index])
  }

  /// Whether `other` is this path or lies below it.
  public func contains(_ other: TreeIndexPath) -> Bool {
    other.indexes.count >= indexes.count && Array(other.indexes.prefix(indexes.count)) == indexes
  }

  /// Outline order: a parent before its children, siblings by index.
  public static func < (lhs: TreeIndexPath, rhs: TreeIndexPath) -> Bool {
    lhs.indexes.lexicographicallyPrecedes(rhs.indexes)
  }

  /// The indexes joined by dots: `0.2.1`.
  public var description: String {
    indexes.map(String.init).joined(separator: ".")
  }
}
