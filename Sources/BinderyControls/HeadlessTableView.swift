public import Bindery
public import BinderyControllers

/// A headless table: a list whose rows hold one cell per column, with column headers that sort
/// the rows (a click sorts by that column ascending, a second click descending) and a selection of
/// several rows (click, Shift-click, Control-click, the arrow keys).
///
/// The rows are a ``HeadlessListView`` (``list``): they are applied row by row from index-level
/// changes, each with its item as the source of its cells' bindings. Bound to an array controller
/// (``bind(to:file:line:)``), the rows are its arranged objects, the selection its
/// `selectionIndexes` and ``sortOrder`` its `sortOrder`, both ways.
///
/// ```swift
/// let table = HeadlessTableView<Film>(columns: [
///   HeadlessTableColumn(id: "title", title: "Title", sortKey: \.title) { film, bindings in
///     let label = HeadlessLabel()
///     label.bind(\.text, to: film, \.title).store(in: bindings)
///     return label
///   },
///   HeadlessTableColumn(id: "year", title: "Year", sortKey: \.year),
/// ])
/// table.bind(to: filmsController)
/// table.userDidClickHeader(ofColumn: "year")  // filmsController.sortOrder: year ascending first
/// ```
@KeyValueObservable
public final class HeadlessTableView<Item: AnyObject> {
  /// The columns, in order; each row has one cell per column, in the same order.
  @KeyValueIgnored public let columns: [HeadlessTableColumn<Item>]
  /// The rows and their selection.
  @KeyValueIgnored public let list: HeadlessListView<Item>
  /// The order of the rows, first level first: set by code (the controller's `sortOrder`) or by a
  /// click on a header (``userDidClickHeader(ofColumn:)``). The header of the column whose key is
  /// the first level shows its direction.
  public var sortOrder: [ArrangementSort<Item>] = []
  /// Called with the new order after a user's click on a header changed ``sortOrder``: how a
  /// table bound to an array controller sorts the controller.
  @KeyValueIgnored public var onUserSort: (([ArrangementSort<Item>]) -> Void)?
  /// The row a Shift-click or Shift-arrow extends the selection from.
  @KeyValueIgnored public internal(set) var selectionAnchor: Int?
  /// The row the keyboard is on (the last one clicked or moved to).
  @KeyValueIgnored public internal(set) var focusedRow: Int?

  /// Creates a table whose rows are made of the columns' cells (``HeadlessTableColumn/makeCell``);
  /// a column without a cell maker leaves no cell in its place.
  public convenience init(columns: [HeadlessTableColumn<Item>]) {
    self.init(columns: columns) { item, row in
      row.controls = columns.compactMap { $0.makeCell?(item, row.bindings) }
    }
  }

  /// Creates a table whose rows `makeRow` fills whole: one control per column, in the columns'
  /// order (a spec file's cells).
  public init(columns: [HeadlessTableColumn<Item>], makeRow: @escaping (Item, HeadlessListRow<Item>) -> Void) {
    self.columns = columns
    self.list = HeadlessListView(makeRow: makeRow)
  }

  /// The rows, in order.
  public var rows: [HeadlessListRow<Item>] { list.rows }

  /// The indexes of the selected rows, ascending.
  public var selectionIndexes: [Int] { list.selectionIndexes }

  /// The column named `id`, if the table has one.
  public func column(_ id: String) -> HeadlessTableColumn<Item>? {
    columns.first { $0.id == id }
  }

  /// The cell of `column` in the row at `row`, or `nil` when either is outside the table.
  public func cell(row: Int, column id: String) -> AnyObject? {
    guard rows.indices.contains(row), let index = columns.firstIndex(where: { $0.id == id }) else { return nil }
    let controls = rows[row].controls
    return controls.indices.contains(index) ? controls[index] : nil
  }

  /// What the header of the column named `id` shows: the direction of the first level of
  /// ``sortOrder`` when that level sorts by the column's key, else ``ColumnSortDirection/none``.
  public func sortDirection(ofColumn id: String) -> ColumnSortDirection {
    guard let keyPath = column(id)?.sortKeyPath, let first = sortOrder.first, first.keyPath == keyPath else {
      return .none
    }
    return first.isAscending ? .ascending : .descending
  }

  /// Reports a user's click on the header of the column named `id`, as `NSTableView` handles it:
  /// when the column's key is already the first level, that level turns around (ascending ⇄
  /// descending); otherwise the column's ascending sort moves to the front and any other level
  /// by the same key leaves, the other levels kept after it. Returns `false`, changing nothing,
  /// for a column the table does not have or whose header does not sort.
  @discardableResult
  public func userDidClickHeader(ofColumn id: String) -> Bool {
    guard let column = column(id), let ascending = column.ascending, let descending = column.descending else {
      return false
    }
    var order = sortOrder
    if let first = order.first, first.keyPath == ascending.keyPath {
      order[0] = first.isAscending ? descending : ascending
    } else {
      order.removeAll { $0.keyPath == ascending.keyPath }
      order.insert(ascending, at: 0)
    }
    sortOrder = order
    onUserSort?(order)
    return true
  }
}
