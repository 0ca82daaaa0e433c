public import Bindery
public import BinderyControllers

extension HeadlessTableView {
  /// Shows the arranged objects of `controller` as the table's rows (``HeadlessListView/bind(to:file:line:)``:
  /// row by row, the selection both ways) and keeps ``sortOrder`` and the controller's `sortOrder`
  /// in step both ways: a click on a header sorts the controller, and an order set on the
  /// controller in code shows on the headers. Returns the binding, whose target is the table's
  /// ``sortOrder`` and whose source is the controller's `sortOrder`; binding the table again or
  /// unbinding it stops the following, and so does the table or the controller going away.
  @discardableResult
  public func bind(
    to controller: ArrayController<Item>,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    PropertyBinding.link(
      \.sortOrder, of: self, to: controller, \ArrayController<Item>.sortOrder, direction: .both, file: file,
      line: line
    ) {
      let rows = list.bind(to: controller, file: file, line: line)
      sortOrder = controller.sortOrder
      let sort = observe(controller, \.sortOrder) { [weak self] change in
        self?.sortOrder = change.newValue
      }
      onUserSort = { [weak controller] order in controller?.sortOrder = order }
      let ends = TableBindingEnds(table: self, rows: rows)
      return KeyValueObservation {
        sort.unbind()
        ends.end()
      }
    }
  }
}

/// What the table's binding ends, for the token's `Sendable` closure: the table weakly and the
/// binding of its rows. A table is used from one thread (or actor) at a time, like its controller.
private struct TableBindingEnds<Item: AnyObject>: @unchecked Sendable {
  weak var table: HeadlessTableView<Item>?
  let rows: PropertyBinding

  func end() {
    rows.unbind()
    table?.onUserSort = nil
  }
}
