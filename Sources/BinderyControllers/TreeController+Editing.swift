import Bindery

extension TreeController {
  /// Makes a new object and adds it after the last of the selected node's siblings (at the root
  /// level when nothing is selected), selecting it if ``selectsInsertedObjects``; returns it, or
  /// `nil` when ``canAdd`` is `false`.
  @discardableResult
  public func add() -> Node? {
    guard canAdd, let object = _makeNode?() else { return nil }
    let parent = selectedNodes.first?.parentNode ?? _root
    return insert(object, into: parent, at: parent.childNodes.count) ? object : nil
  }

  /// Makes a new object and inserts it at the first selected node's place (at the start of the root
  /// level when nothing is selected); returns it, or `nil` when ``canInsert`` is `false`.
  @discardableResult
  public func insert() -> Node? {
    guard canInsert, let object = _makeNode?() else { return nil }
    let first = selectedNodes.first
    let parent = first?.parentNode ?? _root
    return insert(object, into: parent, at: first?.indexInParent ?? 0) ? object : nil
  }

  /// Makes a new object and adds it as the last child of the first selected node; returns it, or
  /// `nil` when ``canAddChild`` is `false`.
  @discardableResult
  public func addChild() -> Node? {
    guard canAddChild, let parent = selectedNodes.first, let object = _makeNode?() else { return nil }
    return insert(object, into: parent, at: parent.childNodes.count) ? object : nil
  }

  /// Makes a new object and inserts it as the first child of the first selected node; returns it, or
  /// `nil` when ``canInsertChild`` is `false`.
  @discardableResult
  public func insertChild() -> Node? {
    guard canInsertChild, let parent = selectedNodes.first, let object = _makeNode?() else { return nil }
    return insert(object, into: parent, at: 0) ? object : nil
  }

  /// Inserts `object` so that it is arranged at `indexPath` (Cocoa's
  /// `insert(_:atArrangedObjectIndexPath:)`); with a ``sortOrder`` it goes where the order puts it
  /// among its new siblings. Selects it if ``selectsInsertedObjects``.
  ///
  /// - Returns: Whether it was inserted: not when the parent's path has no node, the index is past
  ///   its children, that level cannot be written, or the controller is not editable.
  @discardableResult
  public func insert(_ object: Node, at indexPath: TreeIndexPath) -> Bool {
    guard let index = indexPath.lastIndex, let parentPath = indexPath.parent else { return false }
    guard let parent = parentPath.indexes.isEmpty ? _root : node(at: parentPath) else { return false }
    guard index >= 0, index <= parent.childNodes.count else { return false }
    return insert(object, into: parent, at: index)
  }

  /// Removes the selected objects from their parents' children (or from the root objects); does
  /// nothing when ``canRemove`` is `false`.
  public func remove() {
    guard canRemove else { return }
    remove(selectedNodes)
  }

  /// Removes the object at `indexPath` from its parent's children (Cocoa's
  /// `removeObject(atArrangedObjectIndexPath:)`).
  ///
  /// - Returns: Whether it was removed.
  @discardableResult
  public func removeObject(at indexPath: TreeIndexPath) -> Bool {
    guard isEditable, let node = node(at: indexPath), let parent = node.parentNode, canWrite(childrenOf: parent)
    else { return false }
    remove([node])
    return true
  }

  /// Moves the object at `source` so that it is arranged at `destination` (Cocoa's `move(_:to:)`),
  /// under the same or another parent; the destination is read in the tree as it is before the move.
  /// A move below the node itself, which would make a cycle, is refused.
  ///
  /// - Returns: Whether it moved.
  @discardableResult
  public func moveNode(at source: TreeIndexPath, to destination: TreeIndexPath) -> Bool {
    guard isEditable, let node = node(at: source), let object = node.representedObject,
      let oldParent = node.parentNode, let index = destination.lastIndex, let parentPath = destination.parent,
      let newParent = parentPath.indexes.isEmpty ? _root : self.node(at: parentPath),
      !isWithin(newParent, node), canWrite(childrenOf: oldParent), canWrite(childrenOf: newParent),
      index >= 0, index <= newParent.childNodes.count
    else { return false }
    let before = selectedNodes
    let wasSelected = before.contains { $0 === node }
    // Within one parent, the destination index counts the node itself: taking it out first shifts
    // the places after it by one.
    var target = index
    if newParent === oldParent, node.indexInParent < index { target -= 1 }
    withCoalescedChanges {
      removeFromChildren(of: oldParent, node)
      writeChildren(of: newParent, inserting: object, at: modelIndex(of: target, in: newParent))
    }
    if wasSelected, let moved = newParent.childNodes.first(where: { $0.representedObject === object }) {
      // The node moved, not lost: the selection is what it was, with the node at its new place.
      select(nodes: before.filter { isInTree($0) } + [moved])
    }
    return true
  }

  // MARK: Writing

  /// Whether the children of `node` (the root objects for the root) can be written.
  func canWrite(childrenOf node: TreeNode<Node>) -> Bool {
    guard isEditable, !node.isCycle else { return false }
    return node === _root ? _writeContent != nil : _writableChildren != nil && node.representedObject != nil
  }

  /// Inserts `object` among `parent`'s children at arranged `index`, selecting it if asked to.
  private func insert(_ object: Node, into parent: TreeNode<Node>, at index: Int) -> Bool {
    guard canWrite(childrenOf: parent) else { return false }
    guard writeChildren(of: parent, inserting: object, at: modelIndex(of: index, in: parent)) else { return false }
    if selectsInsertedObjects,
      let inserted = parent.childNodes.last(where: { $0.representedObject === object })
    {
      select(nodes: [inserted])
    }
    return true
  }

  /// The index in the model's children array for arranged `index` of `parent`: the same without a
  /// sort order (the arrangement is the model's order), the end with one (the order places it).
  private func modelIndex(of index: Int, in parent: TreeNode<Node>) -> Int {
    guard _arrangingSort.isEmpty else { return Int.max }
    return index
  }

  /// Inserts `object` into the model's children of `parent` at `index` (clamped).
  @discardableResult
  private func writeChildren(of parent: TreeNode<Node>, inserting object: Node, at index: Int) -> Bool {
    if parent === _root {
      guard let writer = _writeContent else { return false }
      return writer.insert(object, max(0, min(index, content.count)))
    }
    guard let keyPath = _writableChildren, let owner = parent.representedObject else { return false }
    let count = owner[keyPath: keyPath].count
    owner[keyPath: keyPath].insert(object, at: max(0, min(index, count)))
    return true
  }

  /// Removes `nodes`' objects from their parents' children, as one change of the model.
  private func remove(_ nodes: [TreeNode<Node>]) {
    let removable = nodes.filter { node in node.parentNode.map { canWrite(childrenOf: $0) } ?? false }
    guard !removable.isEmpty else { return }
    withCoalescedChanges {
      // The deepest first, so that a node's removal does not detach the others before they are read.
      for node in removable.sorted(by: { $0.depth > $1.depth }) {
        guard let parent = node.parentNode else { continue }
        removeFromChildren(of: parent, node)
      }
    }
  }

  /// Removes `node`'s object from the model's children of `parent`: the one at its place when the
  /// arrangement is the model's order, else the first that is the same object.
  private func removeFromChildren(of parent: TreeNode<Node>, _ node: TreeNode<Node>) {
    guard let object = node.representedObject else { return }
    if parent === _root {
      _writeContent?.remove([ObjectIdentifier(object)])
      return
    }
    guard let keyPath = _writableChildren, let owner = parent.representedObject else { return }
    var children = owner[keyPath: keyPath]
    if _arrangingSort.isEmpty, children.indices.contains(node.indexInParent), children[node.indexInParent] === object {
      children.remove(at: node.indexInParent)
    } else if let index = children.firstIndex(where: { $0 === object }) {
      children.remove(at: index)
    } else {
      return
    }
    owner[keyPath: keyPath] = children
  }

  /// Updates ``canAdd`` and the others from the selection and what can be written.
  func updateAbilities() {
    let first = selectedNodes.first
    let canMake = isEditable && _makeNode != nil
    let level = canWrite(childrenOf: first?.parentNode ?? _root)
    let child = first.map { canWrite(childrenOf: $0) && !isLeafByKey($0) } ?? false
    if canAdd != (canMake && level) { canAdd = canMake && level }
    if canInsert != (canMake && level) { canInsert = canMake && level }
    if canAddChild != (canMake && child) { canAddChild = canMake && child }
    if canInsertChild != (canMake && child) { canInsertChild = canMake && child }
    let removable =
      !selectedNodes.isEmpty
      && selectedNodes.allSatisfy { node in node.parentNode.map { canWrite(childrenOf: $0) } ?? false }
    if canRemove != removable { canRemove = removable }
  }

  /// Whether the object says it is a leaf (its leaf key path), so it takes no children.
  private func isLeafByKey(_ node: TreeNode<Node>) -> Bool {
    guard let leafKeyPath, let object = node.representedObject else { return false }
    return object[keyPath: leafKeyPath]
  }
}
