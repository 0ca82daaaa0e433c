import Bindery
import BinderyControllers
import BinderyControls

/// `class: TableView` (`NSTableView`) in a page's spec file: a ``BinderyControls/HeadlessTableView``
/// of the array controller its `content:` names, one cell per column made from the column's
/// `value:` or `cell:`, drawn as a `<table role="grid">` with sorting headers.
struct WebTableClass: ArrangedTableClass {
  var names: [String] { ["TableView", "NSTableView"] }

  func makeTable<Item: KeyValueCoding>(
    showing controller: ArrayController<Item>,
    columns: [TableColumnDeclaration],
    makeRow: @escaping (Item, BindingSet) -> [AnyObject]
  ) -> ArrangedList {
    let headers = columns.map { HeadlessTableColumn<Item>($0) ?? HeadlessTableColumn(id: $0.id, title: $0.title) }
    let table = HeadlessTableView<Item>(columns: headers) { item, row in
      row.controls = makeRow(item, row.bindings)
    }
    return ArrangedList(object: table) { [weak table, weak controller] in
      guard let table, let controller else { return nil }
      return table.bind(to: controller)
    }
  }
}
