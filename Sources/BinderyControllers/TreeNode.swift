import Bindery

/// One node of a tree controller's arranged tree (Cocoa's `NSTreeNode`): a model object, its place
/// in the tree, and its children as the controller arranges them.
///
/// The controller makes the nodes and keeps them up to date; a node stands for its object for as
/// long as the object stays at that place in the tree, so an outline can keep a row per node. A
/// node's children are made the first time they are read (``childNodes``), and followed from then
/// on: a tree of any size costs only the levels that were looked at.
public final class TreeNode<Node: AnyObject> {
  /// The model object the node stands for; `nil` for the tree's root, which stands for the
  /// controller's content (the root objects are its children).
  public let representedObject: Node?
  /// The node above this one; `nil` for the root, and for a node no longer in the tree.
  public internal(set) weak var parentNode: TreeNode?
  /// Whether the object is also one of this node's ancestors: the model's tree has a cycle here.
  /// Such a node is shown as a leaf (its children, the same objects again, are not followed), so
  /// a cycle never makes an endless tree.
  public let isCycle: Bool

  /// The controller that arranges the node, held weakly.
  weak var controller: TreeController<Node>?
  /// The node's index among its parent's arranged children.
  var indexInParent = 0
  /// The arranged children once made; `nil` until they are first read.
  var arranged: [TreeNode]?
  /// Whether each arranged child is a leaf, as last read.
  var childLeaves: [Bool] = []
  /// Follows what the children's arrangement reads (the children, their sort keys) while they are made.
  var following: KeyValueObservation?

  init(representedObject: Node?, parent: TreeNode?, isCycle: Bool, controller: TreeController<Node>?) {
    self.representedObject = representedObject
    self.parentNode = parent
    self.isCycle = isCycle
    self.controller = controller
  }

  /// The node's children as the controller arranges them (sorted at every level by its
  /// ``TreeController/sortOrder``); empty for a leaf.
  public var childNodes: [TreeNode] {
    controller?.arrangedChildren(of: self) ?? arranged ?? []
  }

  /// Where the node sits in the arranged tree; the empty path for the root.
  public var indexPath: TreeIndexPath {
    var indexes: [Int] = []
    var node = self
    while let parent = node.parentNode {
      indexes.append(node.indexInParent)
      node = parent
    }
    return TreeIndexPath(indexes.reversed())
  }

  /// How many levels are above the node: 0 for the root, 1 for a root object.
  public var depth: Int {
    var depth = 0
    var node = self
    while let parent = node.parentNode {
      depth += 1
      node = parent
    }
    return depth
  }

  /// Whether the node has no children to show: its object says so (the controller's leaf key path),
  /// its count of children is zero (the count key path), it closes a cycle, or its children are empty.
  public var isLeaf: Bool {
    controller?.isLeaf(self) ?? (arranged?.isEmpty ?? true)
  }

  /// The node at `path` below this one (`[]` is this node); `nil` when there is none.
  public func descendant(at path: TreeIndexPath) -> TreeNode? {
    var node = self
    for index in path.indexes {
      let children = node.childNodes
      guard children.indices.contains(index) else { return nil }
      node = children[index]
    }
    return node
  }

  /// Ends the following of this node and of every node below it that was made.
  func stopFollowing() {
    following?.unbind()
    following = nil
    if let arranged {
      for child in arranged { child.stopFollowing() }
    }
  }
}
