import Bindery
import BinderyControllers
import BinderyControls

/// A table (`kind: table`): its columns (id, title, whether the header sorts and the order it
/// shows), its rows (`kind: tableRow`, one element per cell) and the selected indexes.
///
/// The page's edits of a table, each checked before anything changes (an unknown column or a row
/// outside the table is a `wrongValueType` error):
///
/// ```json
/// {"sort": "year"}                              // a click on the Year header
/// {"click": 3, "extend": false, "toggle": true} // Control-click on row 3
/// {"move": 1, "extend": true}                   // Shift+Down
/// [0, 2]                                        // those rows, as a list's selection
/// ```
///
/// Every selection edit is answered with the table's selection, changed or not (the page waits for
/// it), and every header click with the columns' order.
final class TableMirror<Item: AnyObject>: ListMirror<Item> {
  private let table: HeadlessTableView<Item>

  init(_ table: HeadlessTableView<Item>, id: String, builder: MirrorBuilder) {
    self.table = table
    super.init(
      list: table.list, controller: nil, showsSections: false, id: id, kind: "table", rowKind: "tableRow",
      builder: builder)
    watch(table.list, \.selectionIndexes, as: "selected") { .array($0.map { .number(Double($0)) }) }
    let id = self.id
    let collector = self.collector
    track(
      observe(table, \.sortOrder) { [weak table] _ in
        guard let table else { return }
        collector.set(id, "columns", Self.columns(of: table))
      })
  }

  override func properties() -> [(key: String, value: JSONValue)] {
    [
      ("columns", Self.columns(of: table)), ("selected", selected), ("placeholder", JSONValue(table.list.emptyText)),
    ]
  }

  private var selected: JSONValue { .array(table.selectionIndexes.map { .number(Double($0)) }) }

  /// The columns as the page shows their headers: `{id, title, sortable, sort}` with `sort` one of
  /// `ascending`, `descending`, `none` (the header's `aria-sort`).
  private static func columns(of table: HeadlessTableView<Item>) -> JSONValue {
    .array(
      table.columns.map { column in
        .object([
          ("id", .string(column.id)), ("title", .string(column.title)), ("sortable", .bool(column.ascending != nil)),
          ("sort", .string(table.sortDirection(ofColumn: column.id).rawValue)),
        ])
      })
  }

  override func receiveEdit(_ value: JSONValue) throws(WebInputError) {
    guard case .object = value else {
      let indexes = try rowIndexes(value)
      table.list.userDidSelectRows(indexes)
      collector.set(id, "selected", selected)
      return
    }
    if let sort = value["sort"] {
      guard case .string(let columnID) = sort, case .object(let pairs) = value, pairs.count == 1 else {
        throw wrongType("{\"sort\": a column id}")
      }
      guard let column = table.column(columnID) else {
        throw wrongType("the id of one of its columns (\(table.columns.map(\.id).joined(separator: ", ")))")
      }
      guard table.userDidClickHeader(ofColumn: column.id) else {
        throw WebInputError(
          .notEditable, "the column \"\(LogText.clip(column.id, max: 40))\" does not sort", elementID: id)
      }
      collector.set(id, "columns", Self.columns(of: table))
      return
    }
    let modifiers = try self.modifiers(value)
    if let click = value["click"] {
      guard case .number(let number) = click, let row = Self.integer(number), table.rows.indices.contains(row) else {
        throw wrongType("{\"click\": a row index below \(table.rows.count)}")
      }
      table.userDidClickRow(row, modifiers: modifiers)
    } else if let move = value["move"] {
      guard case .number(let number) = move, let offset = Self.integer(number), abs(offset) <= table.rows.count + 1
      else { throw wrongType("{\"move\": a number of rows, -1 or 1}") }
      table.userDidMoveSelection(by: offset, modifiers: modifiers)
    } else {
      throw wrongType("{\"sort\": column}, {\"click\": row} or {\"move\": offset}")
    }
    collector.set(id, "selected", selected)
  }

  /// `extend` and `toggle` of a selection edit, each `true` or `false` when given; nothing else.
  private func modifiers(_ value: JSONValue) throws(WebInputError) -> TableSelectionModifiers {
    guard case .object(let pairs) = value else { return [] }
    var modifiers: TableSelectionModifiers = []
    for (key, flag) in pairs {
      switch (key, flag) {
      case ("click", _), ("move", _): continue
      case ("extend", .bool(let on)): if on { modifiers.insert(.extend) }
      case ("toggle", .bool(let on)): if on { modifiers.insert(.toggle) }
      default: throw wrongType("a selection edit with click or move, and extend and toggle true or false")
      }
    }
    return modifiers
  }

  /// A whole number that fits an `Int`, or `nil`.
  private static func integer(_ number: Double) -> Int? {
    guard number == number.rounded(), abs(number) < 1e15 else { return nil }
    return Int(number)
  }
}

/// A table whose item type the mirror need not know.
protocol WebTableRendering: AnyObject {
  func makeTableMirror(id: String, builder: MirrorBuilder) -> WebMirror
}

extension HeadlessTableView: WebTableRendering {
  func makeTableMirror(id: String, builder: MirrorBuilder) -> WebMirror {
    TableMirror(self, id: id, builder: builder)
  }
}
