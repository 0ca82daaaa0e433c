public import Bindery
public import BinderyControllers

extension HeadlessListView {
  /// Shows the arranged objects of `controller` and follows every change of the arrangement row by
  /// row, and keeps the list's selection and the controller's in step both ways (a user's row
  /// selection selects in the controller); returns the token that keeps the list following (drop it
  /// to stop).
  public func bind(to controller: ArrayController<Item>) -> KeyValueObservation {
    show(controller.arrangedObjects)
    selectionIndexes = controller.selectionIndexes
    let arrangement = controller.observeArrangement { [weak self] change, arranged in
      self?.apply(change, items: arranged)
    }
    let selection = observe(controller, \.selectionIndexes) { [weak self] change in
      guard let self, self.selectionIndexes != change.newValue else { return }
      self.selectionIndexes = change.newValue
    }
    onUserSelection = { [weak controller] indexes in controller?.select(indexes: indexes) }
    let list = WeakList(self)
    return KeyValueObservation {
      arrangement.cancel()
      selection.cancel()
      list.object?.onUserSelection = nil
    }
  }
}

/// The list, weakly, for the token's `Sendable` closure: a list is used from one thread (or actor) at
/// a time, like its controller.
private struct WeakList<Item: AnyObject>: @unchecked Sendable {
  weak var object: HeadlessListView<Item>?
  init(_ object: HeadlessListView<Item>) { self.object = object }
}
