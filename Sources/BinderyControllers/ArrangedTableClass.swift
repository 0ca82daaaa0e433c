public import Bindery

/// A kind of table that shows the arrangement of an ``ArrayController`` in columns, one row per
/// object, and that spec files make by name (`class: TableView`).
///
/// A table is a list (``ArrangedListClass``) whose row is one cell per column, in the order of the
/// columns, and whose columns have a header: a title, and a key that a click on the header sorts
/// the controller by.
///
/// ```swift
/// struct PageTableClass: ArrangedTableClass {
///   var names: [String] { ["TableView"] }
///   func makeTable<Item: KeyValueCoding>(
///     showing controller: ArrayController<Item>, columns: [TableColumnDeclaration],
///     makeRow: @escaping (Item, BindingSet) -> [AnyObject]
///   ) -> ArrangedList {
///     let table = PageTable<Item>(columns: columns) { item, row in row.controls = makeRow(item, row.bindings) }
///     return ArrangedList(object: table) { table.bind(to: controller) }
///   }
/// }
/// ```
public protocol ArrangedTableClass: ArrangedListClass {
  /// Makes a table with `columns` that will show the arrangement of `controller`; `makeRow` makes
  /// the cells of one element's row, one per column in the order of `columns`, and keeps their
  /// bindings in the set it is given.
  func makeTable<Item: KeyValueCoding>(
    showing controller: ArrayController<Item>,
    columns: [TableColumnDeclaration],
    makeRow: @escaping (Item, BindingSet) -> [AnyObject]
  ) -> ArrangedList
}

extension ArrangedTableClass {
  /// A table without columns: ``makeTable(showing:columns:makeRow:)`` with none.
  public func makeList<Item: KeyValueCoding>(
    showing controller: ArrayController<Item>,
    makeRow: @escaping (Item, BindingSet) -> [AnyObject]
  ) -> ArrangedList {
    makeTable(showing: controller, columns: [], makeRow: makeRow)
  }
}
