public import Bindery

/// One change of a tree controller's arranged tree: the children of one node changed, as an exact
/// ``Bindery/CollectionChange`` of that node's arranged children (what an outline applies row by
/// row).
public struct TreeChange: Equatable, Sendable, CustomStringConvertible {
  /// The node whose children changed: the empty path for the root objects.
  public var parent: TreeIndexPath
  /// The change of its arranged children, by index.
  public var change: CollectionChange

  /// A change of the children of the node at `parent`.
  public init(parent: TreeIndexPath, change: CollectionChange) {
    self.parent = parent
    self.change = change
  }

  /// `0.2: -[1] +[3]`, or `root: …`.
  public var description: String {
    "\(parent.indexes.isEmpty ? "root" : parent.description): \(change)"
  }
}
