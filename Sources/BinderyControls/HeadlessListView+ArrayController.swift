public import Bindery
public import BinderyControllers

extension HeadlessListView {
  /// Shows the arranged objects of `controller` and follows every change of the arrangement row by
  /// row, and keeps the list's selection and the controller's in step both ways (a user's row
  /// selection selects in the controller), and takes the controller's `contentMarker` as its own
  /// (a detail list says "No Selection" in place of its placeholder). Returns the binding, whose target is the list's ``items``
  /// and whose source is the controller's `arrangedObjects`; binding the list again or unbinding it
  /// stops the following, and so does the list or the controller going away.
  @discardableResult
  public func bind(
    to controller: ArrayController<Item>,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    PropertyBinding.link(
      \.items, of: self, to: controller, \ArrayController<Item>.arrangedObjects, direction: .both, file: file,
      line: line
    ) {
      show(controller.arrangedObjects)
      selectionIndexes = controller.selectionIndexes
      let arrangement = controller.observeArrangement { [weak self] change, arranged in
        self?.apply(change, items: arranged)
      }
      let selection = observe(controller, \.selectionIndexes) { [weak self] change in
        guard let self, self.selectionIndexes != change.newValue else { return }
        self.selectionIndexes = change.newValue
      }
      let marker = observe(controller, \.contentMarker, options: .initial) { [weak self] change in
        guard let self, self.contentMarker != change.newValue else { return }
        self.contentMarker = change.newValue
      }
      onUserSelection = { [weak controller] indexes in controller?.select(indexes: indexes) }
      onUserDelete = { [weak controller] in
        guard let controller, controller.canRemove else { return false }
        controller.remove()
        return true
      }
      let list = WeakList(self)
      return KeyValueObservation {
        arrangement.unbind()
        selection.unbind()
        marker.unbind()
        list.object?.onUserSelection = nil
        list.object?.onUserDelete = nil
        list.object?.contentMarker = nil
      }
    }
  }
}

/// The list, weakly, for the token's `Sendable` closure: a list is used from one thread (or actor) at
/// a time, like its controller.
private struct WeakList<Item: AnyObject>: @unchecked Sendable {
  weak var object: HeadlessListView<Item>?
  init(_ object: HeadlessListView<Item>) { self.object = object }
}
