public import Bindery

/// Arranges a tree of model objects and keeps a selection of its nodes (Cocoa's `NSTreeController`).
///
/// The content is the root objects: a model's array (``bindContent(to:file:line:)``) or the
/// controller's own (``setContent(_:)``). Each object's children are its `children` key path;
/// ``arrangedObjects`` is the root of a tree of ``TreeNode``s over them, sorted at every level by
/// ``sortOrder``. A level is made when it is first read (an outline expanding a row) and followed
/// from then on: a change of an object's children, or of a sort key of one of them, rearranges
/// that one level and is reported with exact indexes (``observeTree(_:)``).
///
/// ```swift
/// let shelves = TreeController<Shelf>(children: \.subshelves, makeNode: { Shelf() })
/// shelves.bindContent(to: .keyPath(library, \.shelves))
/// shelves.sortOrder = [.ascending(\.name)]
/// shelves.setSelectionIndexPaths([[0, 1]])
/// nameField.bind(\.text, to: .marked(shelves, \.selection.name))
/// addChildButton.bind(\.isEnabled, to: shelves, \.canAddChild)
/// ```
///
/// The selection is kept by node: when siblings are inserted, removed or re-sorted, the same
/// objects stay selected and ``selectionIndexPaths`` follows them. An object that is one of its own
/// ancestors (a cycle in the model) is shown once more as a leaf marked ``TreeNode/isCycle``, and
/// its children are not followed.
@KeyValueObservable
public final class TreeController<Node: AnyObject> {
  /// The root of the arranged tree: its ``TreeNode/childNodes`` are the root objects' nodes.
  /// Observers of this property hear of every change of the tree; ``observeTree(_:)`` tells which.
  public var arrangedObjects: TreeNode<Node> {
    keyValueRegistrar.access(self, Self.arrangedID, \.arrangedObjects)
    return _root
  }

  /// Where the selected nodes are, in outline order (Cocoa's `selectionIndexPaths`).
  public internal(set) var selectionIndexPaths: [TreeIndexPath] = []
  /// The selected nodes' objects, in outline order.
  public internal(set) var selectedObjects: [Node] = []
  /// The selected nodes, in outline order.
  public internal(set) var selectedNodes: [TreeNode<Node>] = []

  /// Whether ``add()`` can add an object beside the selection (or at the root level).
  public internal(set) var canAdd = false
  /// Whether ``addChild()`` can add a child to the selected node.
  public internal(set) var canAddChild = false
  /// Whether ``insert()`` can insert an object at the selection.
  public internal(set) var canInsert = false
  /// Whether ``insertChild()`` can insert a child into the selected node.
  public internal(set) var canInsertChild = false
  /// Whether ``remove()`` can remove the selected objects.
  public internal(set) var canRemove = false

  /// Whether Add, Insert, Remove and values written through ``selection`` change the model.
  public var isEditable = true {
    didSet { updateAbilities() }
  }
  /// Whether removing the selected nodes selects a node near them rather than nothing.
  public var avoidsEmptySelection = true
  /// Whether an added or inserted object is selected.
  public var selectsInsertedObjects = true
  /// Whether several selected nodes always show the multiple-values marker through ``selection``.
  public var alwaysUsesMultipleValuesMarker = false

  /// The order of every level's children; empty keeps the model's order.
  public var sortOrder: [ArrangementSort<Node>] = [] {
    didSet {
      _arrangingSort = sortOrder
      rearrangeEveryLevel()
    }
  }

  /// The selected objects' common values (``SelectionProxy``): `\.selection.name`.
  public var selection: SelectionProxy<Node> {
    get {
      if let selectionProxy { return selectionProxy }
      let proxy = SelectionProxy(controller: self)
      selectionProxy = proxy
      return proxy
    }
    set {}  // a binding writes through the proxy's setter; nothing to store here
  }

  /// The key path of an object's children (Cocoa's `childrenKeyPath`).
  public let childrenKeyPath: KeyPath<Node, [Node]>
  /// The key path that says an object has no children, if any (Cocoa's `leafKeyPath`).
  public let leafKeyPath: KeyPath<Node, Bool>?
  /// The key path of an object's number of children, if any (Cocoa's `countKeyPath`): it tells a
  /// leaf without reading the children.
  public let countKeyPath: KeyPath<Node, Int>?

  /// Creates a controller whose objects' children are the writable `children`: Add Child, Insert
  /// Child, Remove and moves write them. `makeNode` lets Add and Add Child make new objects.
  public init(
    children: ReferenceWritableKeyPath<Node, [Node]>,
    leaf: KeyPath<Node, Bool>? = nil,
    count: KeyPath<Node, Int>? = nil,
    makeNode: (() -> Node)? = nil
  ) {
    self.childrenKeyPath = children
    self._writableChildren = children
    self.leafKeyPath = leaf
    self.countKeyPath = count
    self._makeNode = makeNode
    _root.controller = self
    useOwnContent([])
  }

  /// Creates a controller whose objects' children are the read-only `children`: only the root
  /// level can be edited (when the content can).
  public init(
    children: KeyPath<Node, [Node]>,
    leaf: KeyPath<Node, Bool>? = nil,
    count: KeyPath<Node, Int>? = nil,
    makeNode: (() -> Node)? = nil
  ) {
    self.childrenKeyPath = children
    self._writableChildren = nil
    self.leafKeyPath = leaf
    self.countKeyPath = count
    self._makeNode = makeNode
    _root.controller = self
    useOwnContent([])
  }

  deinit {
    _root.stopFollowing()
  }

  // State that the controller's other files use is internal and named with a leading underscore:
  // `@KeyValueObservable` lists every property that is not private in `keyValueKeys`, but none whose
  // name starts with one.

  static var arrangedID: PropertyID { #propertyID("arrangedObjects") }
  static var contentID: PropertyID { #propertyID("content") }

  @KeyValueIgnored let _root = TreeNode<Node>(representedObject: nil, parent: nil, isCycle: false, controller: nil)
  @KeyValueIgnored let _writableChildren: ReferenceWritableKeyPath<Node, [Node]>?
  @KeyValueIgnored let _makeNode: (() -> Node)?
  /// ``sortOrder`` as the arranging code reads it: untracked, so that a level's following reads the
  /// objects, not the controller.
  @KeyValueIgnored var _arrangingSort: [ArrangementSort<Node>] = []
  /// The content when it is the controller's own.
  @KeyValueIgnored var _fixedContent: [Node] = []
  /// Reads the content when it is bound to a model's array.
  @KeyValueIgnored var _readContent: (() -> [Node])?
  /// Writes the root level: the controller's own content, a model's writable array, or `nil`.
  @KeyValueIgnored var _writeContent: ContentWriter<Node>?
  @KeyValueIgnored var _treeObservers: [(id: Int, handler: (TreeChange) -> Void)] = []
  @KeyValueIgnored var _nextObserverID = 0
  @KeyValueIgnored private var selectionProxy: SelectionProxy<Node>?

  // MARK: Content

  /// The root objects, in the model's order.
  public var content: [Node] {
    if let _readContent { return _readContent() }
    keyValueRegistrar.access(self, Self.contentID, \.content)
    return _fixedContent
  }

  /// Makes `objects` the root objects, the controller's own; a content binding ends first.
  public func setContent(_ objects: [Node]) {
    unbind(\.content)
    useOwnContent(objects)
  }

  /// Makes the root objects follow `source`: a model's array (`.keyPath(model, \.shelves)`),
  /// written back by Add and Remove at the root level when it is writable. Binding the content
  /// again, or ``setContent(_:)``, ends the link before; the controller then keeps the objects it had.
  @discardableResult
  public func bindContent<Link, Failure: Error>(
    to source: ContentSource<TreeController, Link, Failure>,
    file: StaticString = #fileID,
    line: UInt = #line
  ) throws(Failure) -> Link {
    try source.connect(self, file, line)
  }

  /// Follows `keyPath` of `model` as the root objects; `writable` lets the root level be edited.
  func followContent<Model: AnyObject>(
    of model: Model,
    _ keyPath: KeyPath<Model, [Node]>,
    writable: ReferenceWritableKeyPath<Model, [Node]>?,
    file: StaticString,
    line: UInt
  ) -> PropertyBinding {
    PropertyBinding.link(
      \.content, of: self, to: model, keyPath, direction: writable != nil ? .both : .sourceToTarget,
      file: file, line: line
    ) {
      _readContent = { [weak model] in model?[keyPath: keyPath] ?? [] }
      _writeContent = writable.map { ContentWriter(model, $0) }
      refollow(_root)
      updateAbilities()
      let controller = WeakReference(self)
      return KeyValueObservation { controller.object?.contentUnbound() }
    }
  }

  /// Keeps the root objects it had, as its own, when the content's binding ends.
  private func contentUnbound() {
    useOwnContent(content)
  }

  /// Makes `objects` the controller's own root objects, which Add and Remove edit.
  private func useOwnContent(_ objects: [Node]) {
    _readContent = nil
    let owner = WeakReference(self)
    _writeContent = ContentWriter(
      insert: { object, index in
        guard let controller = owner.object else { return false }
        var objects = controller._fixedContent
        objects.insert(object, at: max(0, min(index, objects.count)))
        controller.replaceOwnContent(objects)
        return true
      },
      remove: { ids in
        guard let controller = owner.object else { return }
        controller.replaceOwnContent(controller._fixedContent.filter { !ids.contains(ObjectIdentifier($0)) })
      })
    _fixedContent = objects
    refollow(_root)
    updateAbilities()
    keyValueRegistrar.didSet(self, Self.contentID, \.content, from: objects, to: objects)
  }

  /// Replaces the controller's own root objects; the root level follows them.
  private func replaceOwnContent(_ objects: [Node]) {
    let old = _fixedContent
    _fixedContent = objects
    keyValueRegistrar.didSet(self, Self.contentID, \.content, from: old, to: objects)
  }

  // MARK: Arranging

  /// Calls `handler` with each change of the arranged tree: which node's children changed and how.
  /// Applying the changes in order to the nodes shown keeps them equal to the tree.
  public func observeTree(_ handler: @escaping (TreeChange) -> Void) -> KeyValueObservation {
    let id = _nextObserverID
    _nextObserverID += 1
    _treeObservers.append((id, handler))
    let owner = WeakReference(self)
    return KeyValueObservation { owner.object?._treeObservers.removeAll { $0.id == id } }
  }

  /// The node at `indexPath` of the arranged tree (making the levels on the way); `nil` when there
  /// is none.
  public func node(at indexPath: TreeIndexPath) -> TreeNode<Node>? {
    indexPath.indexes.isEmpty ? nil : _root.descendant(at: indexPath)
  }

  /// Sorts every level made again by ``sortOrder`` (Cocoa's `rearrangeObjects()`); levels rearrange
  /// by themselves when their objects change, so this is needed only after a change the model does
  /// not report.
  public func rearrangeObjects() {
    rearrangeEveryLevel()
  }

  /// The arranged children of `node`, made and followed the first time they are read.
  func arrangedChildren(of node: TreeNode<Node>) -> [TreeNode<Node>] {
    if let arranged = node.arranged { return arranged }
    refollow(node)
    return node.arranged ?? []
  }

  /// Whether `node` has no children to show.
  func isLeaf(_ node: TreeNode<Node>) -> Bool {
    guard let object = node.representedObject else { return false }
    if node.isCycle { return true }
    if leafKeyPath == nil, countKeyPath == nil, let arranged = node.arranged { return arranged.isEmpty }
    return saysLeaf(object)
  }

  /// Whether `object`, a child of `parent`, has no children to show, as ``isLeaf(_:)`` says of its node.
  private func isLeaf(_ object: Node, under parent: TreeNode<Node>) -> Bool {
    Self.isAncestor(object, of: parent) || saysLeaf(object)
  }

  /// Whether `object` itself says it has no children: its leaf key path, else its count, else its
  /// children.
  private func saysLeaf(_ object: Node) -> Bool {
    if let leafKeyPath { return object[keyPath: leafKeyPath] }
    if let countKeyPath { return object[keyPath: countKeyPath] <= 0 }
    return object[keyPath: childrenKeyPath].isEmpty
  }

  /// The objects under `node` in their arranged order: its children (the root objects for the root),
  /// none for a leaf or a cycle, sorted by ``sortOrder`` (stable: ties keep the model's order).
  private func arrangedObjects(under node: TreeNode<Node>) -> [Node] {
    let objects: [Node]
    if let object = node.representedObject {
      if node.isCycle { return [] }
      if let leafKeyPath, object[keyPath: leafKeyPath] { return [] }
      objects = object[keyPath: childrenKeyPath]
    } else {
      objects = content
    }
    let levels = _arrangingSort
    guard !levels.isEmpty, objects.count > 1 else { return objects }
    let keys = objects.map { object in levels.map { $0.makeKey(object) } }
    let order = objects.indices.sorted { lhs, rhs in
      for (level, sort) in levels.enumerated() {
        let result = sort.compare(keys[lhs][level], keys[rhs][level])
        if result != 0 { return sort.isAscending ? result < 0 : result > 0 }
      }
      return lhs < rhs
    }
    return order.map { objects[$0] }
  }

  /// Makes `node`'s children again and follows what they read from now on (the children, the
  /// sort keys): a change rearranges that level.
  func refollow(_ node: TreeNode<Node>) {
    node.following?.unbind()
    let latest = LatestObjects<Node>()
    node.following = observe(
      { [weak self, weak node] () -> Void in
        guard let self, let node else { return }
        latest.objects = self.arrangedObjects(under: node)
        // Whether each child is a leaf is read too, so that a child that gets its first child (or
        // loses its last) is reported, for an outline to show it can be expanded.
        latest.leaves = latest.objects.map { self.isLeaf($0, under: node) }
      },
      onChange: { [weak self, weak node] in
        guard let self, let node else { return }
        self.arrange(latest.objects, leaves: latest.leaves, under: node)
      })
    arrange(latest.objects, leaves: latest.leaves, under: node)
  }

  /// Sorts every level that was made again.
  private func rearrangeEveryLevel() {
    var levels = [_root]
    while let node = levels.popLast() {
      guard let arranged = node.arranged else { continue }
      refollow(node)
      levels.append(contentsOf: node.arranged ?? arranged)
    }
  }

  /// Makes `node`'s arranged children `objects`: the nodes of objects still there are kept (with
  /// the levels made below them), new objects get new nodes, and the change is reported.
  private func arrange(_ objects: [Node], leaves: [Bool], under node: TreeNode<Node>) {
    let old = node.arranged
    let oldObjects = old?.compactMap(\.representedObject) ?? []
    let change = CollectionChange.between(oldObjects, objects)
    let oldLeaves = node.childLeaves
    node.childLeaves = leaves
    if old != nil, change.isEmpty {
      // The same children; those that became leaves or stopped being ones are reported as updated.
      let updated = leaves.indices.filter { $0 < oldLeaves.count && oldLeaves[$0] != leaves[$0] }
      if !updated.isEmpty {
        treeDidChange(
          TreeChange(parent: node.indexPath, change: CollectionChange(updated: updated)), lostSelection: false)
      }
      return
    }
    var kept: [ObjectIdentifier: [TreeNode<Node>]] = [:]
    for child in old ?? [] {
      guard let object = child.representedObject else { continue }
      kept[ObjectIdentifier(object), default: []].append(child)
    }
    var arranged: [TreeNode<Node>] = []
    arranged.reserveCapacity(objects.count)
    for (index, object) in objects.enumerated() {
      let id = ObjectIdentifier(object)
      let child: TreeNode<Node>
      if var nodes = kept[id], !nodes.isEmpty {
        child = nodes.removeFirst()
        kept[id] = nodes
      } else {
        child = TreeNode(
          representedObject: object, parent: node, isCycle: Self.isAncestor(object, of: node), controller: self)
      }
      child.indexInParent = index
      arranged.append(child)
    }
    node.arranged = arranged
    var lost = false
    for nodes in kept.values {
      for child in nodes {
        child.stopFollowing()
        child.parentNode = nil
        lost = lost || selectedNodes.contains { isWithin($0, child) }
      }
    }
    guard old != nil else { return }
    treeDidChange(TreeChange(parent: node.indexPath, change: change), lostSelection: lost)
  }

  /// Whether `object` is `node`'s object or one of its ancestors'.
  private static func isAncestor(_ object: Node, of node: TreeNode<Node>) -> Bool {
    var current: TreeNode<Node>? = node
    while let each = current {
      if let represented = each.representedObject, represented === object { return true }
      current = each.parentNode
    }
    return false
  }

  /// Whether `node` is `ancestor` or lies below it.
  func isWithin(_ node: TreeNode<Node>, _ ancestor: TreeNode<Node>) -> Bool {
    var current: TreeNode<Node>? = node
    while let each = current {
      if each === ancestor { return true }
      current = each.parentNode
    }
    return false
  }

  /// Whether `node` is still in the arranged tree.
  func isInTree(_ node: TreeNode<Node>) -> Bool {
    isWithin(node, _root) && node !== _root
  }

  /// Reports a change, then keeps the selection on the same nodes (those still in the tree).
  private func treeDidChange(_ change: TreeChange, lostSelection: Bool) {
    for observer in _treeObservers { observer.handler(change) }
    if keyValueRegistrar.hasObservers(of: Self.arrangedID) {
      keyValueRegistrar.didSet(self, Self.arrangedID, \.arrangedObjects, from: _root, to: _root)
    }
    selectionDidMove(losing: lostSelection, near: change)
  }
}

/// The objects a level's following read last.
private final class LatestObjects<Node: AnyObject> {
  var objects: [Node] = []
  var leaves: [Bool] = []
}

extension TreeController: SelectingController {}
