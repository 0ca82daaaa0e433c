extension TreeController {
  /// Selects the nodes at `indexPaths` (paths with no node are ignored).
  ///
  /// - Returns: Whether the selection changed (Cocoa's `setSelectionIndexPaths(_:)`).
  @discardableResult
  public func setSelectionIndexPaths(_ indexPaths: [TreeIndexPath]) -> Bool {
    select(nodes: indexPaths.compactMap { node(at: $0) })
  }

  /// Adds the nodes at `indexPaths` to the selection.
  ///
  /// - Returns: Whether the selection changed (Cocoa's `addSelectionIndexPaths(_:)`).
  @discardableResult
  public func addSelectionIndexPaths(_ indexPaths: [TreeIndexPath]) -> Bool {
    select(nodes: selectedNodes + indexPaths.compactMap { node(at: $0) })
  }

  /// Removes the nodes at `indexPaths` from the selection.
  ///
  /// - Returns: Whether the selection changed (Cocoa's `removeSelectionIndexPaths(_:)`).
  @discardableResult
  public func removeSelectionIndexPaths(_ indexPaths: [TreeIndexPath]) -> Bool {
    let removed = Set(indexPaths)
    return select(nodes: selectedNodes.filter { !removed.contains($0.indexPath) })
  }

  /// Selects `nodes` (those in the tree, each once), in outline order; whether the selection changed.
  @discardableResult
  func select(nodes: [TreeNode<Node>]) -> Bool {
    var seen = Set<ObjectIdentifier>()
    var chosen: [(path: TreeIndexPath, node: TreeNode<Node>)] = []
    for node in nodes where isInTree(node) && seen.insert(ObjectIdentifier(node)).inserted {
      chosen.append((node.indexPath, node))
    }
    chosen.sort { $0.path < $1.path }
    let paths = chosen.map(\.path)
    let same =
      paths == selectionIndexPaths && chosen.count == selectedNodes.count
      && zip(chosen, selectedNodes).allSatisfy { $0.node === $1 }
    guard !same else { return false }
    selectedNodes = chosen.map(\.node)
    selectedObjects = chosen.compactMap(\.node.representedObject)
    selectionIndexPaths = paths
    updateAbilities()
    return true
  }

  /// Keeps the selection on the same nodes after the tree changed: their paths follow them; nodes
  /// that left the tree leave the selection, and when that empties it and ``avoidsEmptySelection``
  /// is on, the node now at the first one's place is selected (or the one before it, or its parent).
  func selectionDidMove(losing lost: Bool, near change: TreeChange) {
    let kept = selectedNodes.filter { isInTree($0) }
    if kept.isEmpty, lost, avoidsEmptySelection, let nearby = node(near: change) {
      select(nodes: [nearby])
      return
    }
    if !select(nodes: kept) { updateAbilities() }
  }

  /// The node at the place of the first removal in `change`, or the one before it, or its parent.
  private func node(near change: TreeChange) -> TreeNode<Node>? {
    guard let parent = change.parent.indexes.isEmpty ? _root : _root.descendant(at: change.parent) else {
      return nil
    }
    let children = parent.childNodes
    let removedAt = change.change.removed.min() ?? 0
    if children.indices.contains(removedAt) { return children[removedAt] }
    if let last = children.last { return last }
    return parent === _root ? nil : parent
  }
}
