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
      let tree = controller.observeTree { [weak self] _ in self?.refresh() }
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
