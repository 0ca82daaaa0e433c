public import Bindery
public import BinderyControllers

/// A headless outline: a tree's nodes as rows, a child's rows under its parent's while the parent
/// is expanded, updated row by row (Cocoa's `NSOutlineView` over an `NSTreeController`).
///
/// The rows are a ``HeadlessListView`` of ``BinderyControllers/TreeNode``s, so each row has its
/// node (its object, its ``BinderyControllers/TreeNode/depth`` for the indentation, whether it is a
/// leaf), controls and bindings made by `makeRow` when it appears and ended when it leaves: a
/// collapsed branch costs no row.
///
/// ```swift
/// let outline = HeadlessOutlineView<Shelf> { shelf, row in
///   let name = HeadlessLabel()
///   name.bind(\.text, to: shelf, \.name).store(in: row.bindings)
///   row.controls = [name]
/// }
/// outline.bind(to: shelves)        // a TreeController<Shelf>
/// outline.expand(library.shelves[0])
/// ```
///
/// Which rows are expanded is the outline's, kept by object, so it survives sorting and moves.
/// A user's clicks and keys arrive through ``userDidSelectRows(_:)``, ``userDidExpandRow(_:)``,
/// ``userDidCollapseRow(_:)`` and ``userDidPressKey(_:)``, as a tree view's keyboard works: Right
/// expands a row or goes to its first child, Left collapses it or goes to its parent.
@KeyValueObservable
public final class HeadlessOutlineView<Item: AnyObject> {
  /// The visible rows: each root object's node, then, while it is expanded, its children's, and so on.
  public let list: HeadlessListView<TreeNode<Item>>
  /// The expanded objects, in the order they were expanded.
  public private(set) var expandedItems: [Item] = []
  /// Whether the outline is hidden.
  public var isHidden = false

  @KeyValueIgnored private var root: TreeNode<Item>?
  /// Called after the rows changed: how a bound outline shows its controller's selection again.
  @KeyValueIgnored var afterRefresh: (() -> Void)?
  @KeyValueIgnored private var expandedIDs: Set<ObjectIdentifier> = []

  /// Creates an outline whose rows `makeRow` fills (controls and bindings) for each visible object.
  public init(makeRow: @escaping (Item, HeadlessListRow<TreeNode<Item>>) -> Void) {
    list = HeadlessListView { node, row in
      if let item = node.representedObject { makeRow(item, row) }
    }
  }

  /// The visible rows, in order.
  public var rows: [HeadlessListRow<TreeNode<Item>>] { list.rows }

  /// The objects of the visible rows, in order.
  public var items: [Item] { list.rows.compactMap(\.item.representedObject) }

  /// Shows the tree under `root` (a tree controller's `arrangedObjects`), keeping which objects are
  /// expanded.
  public func show(_ root: TreeNode<Item>) {
    self.root = root
    refresh()
  }

  /// Makes the rows match the tree and the expanded objects again, row by row: what a change of the
  /// tree calls.
  public func refresh() {
    var visible: [TreeNode<Item>] = []
    if let root { appendVisible(below: root, to: &visible) }
    let old = list.rows.map(\.item)
    let change = CollectionChange.between(old, visible)
    if !change.isEmpty { list.apply(change, items: visible) }
    afterRefresh?()
  }

  private func appendVisible(below node: TreeNode<Item>, to visible: inout [TreeNode<Item>]) {
    for child in node.childNodes {
      visible.append(child)
      if let item = child.representedObject, expandedIDs.contains(ObjectIdentifier(item)), !child.isLeaf {
        appendVisible(below: child, to: &visible)
      }
    }
  }

  // MARK: Expanding

  /// Whether `item`'s children are shown under it.
  public func isExpanded(_ item: Item) -> Bool {
    expandedIDs.contains(ObjectIdentifier(item))
  }

  /// Shows `item`'s children under it, and, `recursively`, every level below that the tree has
  /// made or makes now.
  public func expand(_ item: Item, recursively: Bool = false) {
    var changed = markExpanded(item)
    if recursively, let node = visibleNode(of: item) {
      var pending = node.childNodes
      while let next = pending.popLast() {
        guard !next.isLeaf, !next.isCycle, let object = next.representedObject else { continue }
        changed = markExpanded(object) || changed
        pending.append(contentsOf: next.childNodes)
      }
    }
    if changed { refresh() }
  }

  /// Hides `item`'s children (their rows leave, with their bindings); the levels below keep whether
  /// they are expanded, for when `item` is expanded again.
  public func collapse(_ item: Item) {
    let id = ObjectIdentifier(item)
    guard expandedIDs.remove(id) != nil else { return }
    expandedItems.removeAll { ObjectIdentifier($0) == id }
    refresh()
  }

  private func markExpanded(_ item: Item) -> Bool {
    guard expandedIDs.insert(ObjectIdentifier(item)).inserted else { return false }
    expandedItems.append(item)
    return true
  }

  private func visibleNode(of item: Item) -> TreeNode<Item>? {
    list.rows.first { $0.item.representedObject === item }?.item
  }

  // MARK: What a user does

  /// Reports that the user expanded the row at `index` (a click on its disclosure triangle); a
  /// leaf's row or an index outside the outline is ignored.
  public func userDidExpandRow(_ index: Int) {
    guard !isHidden, list.rows.indices.contains(index) else { return }
    let node = list.rows[index].item
    guard !node.isLeaf, let item = node.representedObject else { return }
    expand(item)
  }

  /// Reports that the user collapsed the row at `index`.
  public func userDidCollapseRow(_ index: Int) {
    guard !isHidden, list.rows.indices.contains(index), let item = list.rows[index].item.representedObject else {
      return
    }
    collapse(item)
  }

  /// Reports that the user selected the rows at `indexes` (a click, a shift-click): indexes outside
  /// the outline are ignored.
  public func userDidSelectRows(_ indexes: [Int]) {
    guard !isHidden else { return }
    list.userDidSelectRows(indexes)
  }

  /// Reports that the user pressed a navigation key with the outline focused, as a tree view
  /// answers it: Up and Down select the row above or below, Home and End the first or last row;
  /// Right expands the selected row, or selects its first child when it is expanded; Left collapses
  /// it, or selects its parent when it is collapsed or a leaf.
  public func userDidPressKey(_ key: OutlineKey) {
    guard !isHidden, !list.rows.isEmpty else { return }
    guard let current = list.selectionIndexes.last else {
      userDidSelectRows([key == .end ? list.rows.count - 1 : 0])
      return
    }
    let node = list.rows[current].item
    switch key {
    case .up: userDidSelectRows([max(0, current - 1)])
    case .down: userDidSelectRows([min(list.rows.count - 1, current + 1)])
    case .home: userDidSelectRows([0])
    case .end: userDidSelectRows([list.rows.count - 1])
    case .right:
      guard !node.isLeaf, let item = node.representedObject else { return }
      if isExpanded(item) {
        if current + 1 < list.rows.count, list.rows[current + 1].item.parentNode === node {
          userDidSelectRows([current + 1])
        }
      } else {
        expand(item)
      }
    case .left:
      if let item = node.representedObject, isExpanded(item), !node.isLeaf {
        collapse(item)
      } else if let parent = node.parentNode, let index = list.rows.firstIndex(where: { $0.item === parent }) {
        userDidSelectRows([index])
      }
    }
  }

  /// Reports that the user pressed Delete: the selected rows' objects are removed where the tree
  /// comes from. Returns whether any was removed.
  @discardableResult
  public func userDidDeleteSelection() -> Bool {
    guard !isHidden else { return false }
    return list.userDidDeleteSelection()
  }
}

/// A navigation key pressed in an outline (``HeadlessOutlineView/userDidPressKey(_:)``).
public enum OutlineKey: Sendable, Equatable {
  /// The row above.
  case up
  /// The row below.
  case down
  /// Expand, or go to the first child.
  case right
  /// Collapse, or go to the parent.
  case left
  /// The first row.
  case home
  /// The last row.
  case end
}
