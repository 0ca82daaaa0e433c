public import Bindery
public import BinderyControllers

extension HeadlessOutlineView {
  /// Shows `controller`'s arranged tree and follows every change of it row by row, and keeps the
  /// outline's selected rows and the controller's `selectionIndexPaths` in step both ways (a
  /// user's row selection selects in the controller; a node selected by code under a collapsed
  /// row shows no selected row until it is expanded). Delete removes through the controller.
  /// Returns the binding, whose target is the outline's ``items`` and whose source is the
  /// controller's `arrangedObjects`; binding again or unbinding stops the following, and so does
  /// the outline or the controller going away.
  @discardableResult
  public func bind(
    to controller: TreeController<Item>,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    PropertyBinding.link(
      \.items, of: self, to: controller, \TreeController<Item>.arrangedObjects, direction: .both, file: file,
      line: line
    ) {
      afterRefresh = { [weak self, weak controller] in
        guard let self, let controller else { return }
        self.showSelection(of: controller)
      }
      show(controller.arrangedObjects)
      let tree = controller.observeTree { [weak self] change in self?.treeDidChange(change) }
      let selection = observe(controller, \.selectionIndexPaths) { [weak self, weak controller] _ in
        guard let self, let controller else { return }
        self.showSelection(of: controller)
      }
      list.onUserSelection = { [weak self, weak controller] indexes in
        guard let self, let controller else { return }
        let rows = self.list.rows
        controller.setSelectionIndexPaths(indexes.filter { rows.indices.contains($0) }.map { rows[$0].item.indexPath })
      }
      list.onUserDelete = { [weak controller] in
        guard let controller, controller.canRemove else { return false }
        controller.remove()
        return true
      }
      let outline = WeakOutline(self)
      return KeyValueObservation {
        tree.unbind()
        selection.unbind()
        outline.object?.list.onUserSelection = nil
        outline.object?.list.onUserDelete = nil
        outline.object?.afterRefresh = nil
      }
    }
  }

  /// Shows a change of the tree: rows come and go as the tree's nodes do; a node that became a leaf
  /// or got its first child has its row made again, so that it shows whether it can be expanded.
  private func treeDidChange(_ change: TreeChange) {
    refresh()
    guard !change.change.updated.isEmpty else { return }
    let parent = change.parent.indexes.isEmpty ? list.rows.first?.item.parentNode : nil
    guard let parent = parent ?? list.rows.lazy.map(\.item).first(where: { $0.indexPath == change.parent }) else {
      return
    }
    let children = parent.childNodes
    let nodes = Set(
      change.change.updated.filter { children.indices.contains($0) }.map { ObjectIdentifier(children[$0]) })
    let rows = list.rows.indices.filter { nodes.contains(ObjectIdentifier(list.rows[$0].item)) }
    guard !rows.isEmpty else { return }
    list.apply(CollectionChange(updated: rows), items: list.rows.map(\.item))
  }

  /// Selects the visible rows of `controller`'s selected nodes.
  private func showSelection(of controller: TreeController<Item>) {
    let selected = Set(controller.selectedNodes.map(ObjectIdentifier.init))
    let indexes = list.rows.indices.filter { selected.contains(ObjectIdentifier(list.rows[$0].item)) }
    if list.selectionIndexes != indexes { list.selectionIndexes = indexes }
  }
}

/// The outline, weakly, for the token's `Sendable` closure: an outline is used from one thread (or
/// actor) at a time, like its controller.
private struct WeakOutline<Item: AnyObject>: @unchecked Sendable {
  weak var object: HeadlessOutlineView<Item>?
  init(_ object: HeadlessOutlineView<Item>) { self.object = object }
}
