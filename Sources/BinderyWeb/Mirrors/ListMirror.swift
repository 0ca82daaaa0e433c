import Bindery
import BinderyControllers
import BinderyControls

/// A list (`kind: list`): its rows (`kind: row`, each with its controls' elements) and the selected
/// indexes; an edit of a list is a new selection (an array of row indexes).
///
/// A list of sections (`sections: true`) has a `kind: section` per group instead of rows: the
/// header's elements, then the list of the group's rows. It takes no edit: a user selects in the
/// sections' lists.
///
/// Each change of the rows reaches the page as one `list` operation with exact indexes.
///
/// Unlike the simple controls (a ``WebElement`` each, in `Controls/Builtin`), a list keeps a mirror
/// of its own: its rows are elements of their own that come and go by exact indexes, and its
/// selection, listbox keyboard (arrows, Home, End, typing a row's start) and Delete are behaviour of
/// the list as a whole, not properties and events of one element.
///
/// A table's mirror (``TableMirror``) is a list mirror whose rows are `kind: tableRow`, one element
/// per cell.
class ListMirror<Item: AnyObject>: WebMirror {
  /// The list's rows and selection.
  let list: HeadlessListView<Item>
  /// The controller the list selects in, if any.
  private(set) weak var controller: ArrayController<Item>?
  /// Whether each row is a section.
  let showsSections: Bool
  unowned let builder: MirrorBuilder
  private let rowKind: String
  private(set) var rowMirrors: [RowMirror] = []
  private var rowsToken: KeyValueObservation?

  convenience init(_ webList: WebList<Item>, id: String, builder: MirrorBuilder) {
    self.init(
      list: webList.list, controller: webList.controller, showsSections: webList.showsSections, id: id, kind: "list",
      rowKind: webList.showsSections ? "section" : "row", builder: builder)
  }

  init(
    list: HeadlessListView<Item>, controller: ArrayController<Item>?, showsSections: Bool, id: String, kind: String,
    rowKind: String, builder: MirrorBuilder
  ) {
    self.list = list
    self.controller = controller
    self.showsSections = showsSections
    self.rowKind = rowKind
    self.builder = builder
    super.init(id: id, kind: kind, collector: builder.collector)
    rowMirrors = list.rows.map { makeRow($0) }
    rowsToken = observeChanges(list, \.rows) { [weak self] change, rows in
      self?.apply(change, rows: rows)
    }
    watch(list, \.emptyText, as: "placeholder") { JSONValue($0) }
    if let controller {
      watch(controller, \.selectionIndexes, as: "selected") { .array($0.map { .number(Double($0)) }) }
    }
  }

  /// `nil`: the page shows a selection only when the server sends it, so the selection a user
  /// clicked is sent back too.
  override var valueKey: String? { nil }

  override var children: [WebMirror] { rowMirrors }

  override func properties() -> [(key: String, value: JSONValue)] {
    let selected = controller?.selectionIndexes ?? []
    let properties: [(key: String, value: JSONValue)] = [
      ("selected", .array(selected.map { .number(Double($0)) })), ("placeholder", JSONValue(list.emptyText)),
    ]
    return showsSections ? properties + [("sections", .bool(true))] : properties
  }

  override func snapshot() -> JSONValue {
    .object([
      ("id", .string(id)), ("kind", .string(kind)), ("props", .object(properties())),
      ("rows", .array(rowMirrors.map { $0.snapshot() })),
    ])
  }

  override func receiveEdit(_ value: JSONValue) throws(WebInputError) {
    if showsSections {
      throw WebInputError(.notEditable, "a list of sections is selected in its sections' lists", elementID: id)
    }
    let indexes = try rowIndexes(value)
    guard let controller else {
      throw WebInputError(.notEditable, "this list has no controller to select with", elementID: id)
    }
    controller.select(indexes: indexes)
    // The page waits for the server's selection; it gets it even when the selection did not change
    // (the controller refused it, or it was already selected).
    collector.set(id, "selected", .array(controller.selectionIndexes.map { .number(Double($0)) }))
  }

  /// The distinct row indexes of an edit (an array of them, or one), each a row of the list.
  ///
  /// - Throws: ``WebInputError`` (`wrongValueType`) for anything else.
  func rowIndexes(_ value: JSONValue) throws(WebInputError) -> [Int] {
    let numbers: [JSONValue]
    switch value {
    case .array(let elements): numbers = elements
    case .number: numbers = [value]
    default: throw wrongType("an array of row indexes")
    }
    guard numbers.count <= rowMirrors.count else { throw wrongType("distinct row indexes below \(rowMirrors.count)") }
    var indexes: [Int] = []
    var seen = Set<Int>()
    for number in numbers {
      guard case .number(let index) = number, index == index.rounded(), index.sign == .plus,
        index < Double(rowMirrors.count), seen.insert(Int(index)).inserted
      else { throw wrongType("distinct row indexes below \(rowMirrors.count)") }
      indexes.append(Int(index))
    }
    return indexes
  }

  /// Delete: the selected rows are removed through the list's controller, as its Remove would (a
  /// controller that cannot remove refuses).
  override func receiveDelete() throws(WebInputError) {
    guard !showsSections, list.userDidDeleteSelection() else {
      throw WebInputError(.notEditable, "nothing in this list can be removed", elementID: id)
    }
  }

  override func stop() {
    rowsToken?.unbind()
    rowsToken = nil
    super.stop()
  }

  /// The mirror of one row: its controls' elements (an outline adds the row's level and state).
  func makeRow(_ row: HeadlessListRow<Item>) -> RowMirror {
    let contents = row.controls.compactMap { builder.mirror(for: $0) }
    return RowMirror(id: builder.generatedID(), kind: rowKind, contents: contents, collector: collector)
  }

  /// Applies a change of the list's rows to the row mirrors and records it as one operation.
  private func apply(_ change: CollectionChange, rows: [HeadlessListRow<Item>]) {
    // A row made again in place leaves and comes back as a new row.
    let removed = (change.removed + change.updated).sorted()
    let insertedIndexes = (change.inserted + change.updated).sorted()
    for index in removed where index < rowMirrors.count {
      builder.forget(rowMirrors[index])
    }
    var fresh = [RowMirror?](repeating: nil, count: rows.count)
    for index in insertedIndexes where index < rows.count {
      fresh[index] = makeRow(rows[index])
    }
    let plain = CollectionChange(removed: removed, inserted: insertedIndexes, moved: change.moved)
    let placeholder = RowMirror(id: "", kind: "row", contents: [], collector: collector)
    rowMirrors = plain.applying(to: rowMirrors, newElements: fresh.map { $0 ?? placeholder })
    collector.list(
      id,
      removed: removed,
      moved: change.moved.map { (from: $0.from, to: $0.to) },
      inserted: insertedIndexes.compactMap { index in fresh[index].map { (index: index, row: $0.snapshot()) } }
    )
  }
}

/// One row of a list (`kind: row`): its controls' elements; or one section of a list of sections
/// (`kind: section`): its header's elements, then the list of its rows.
final class RowMirror: WebMirror {
  private let contents: [WebMirror]
  /// The row's own properties: none in a list; an outline's row has its level and whether it is
  /// expandable and expanded.
  var rowProperties: [(key: String, value: JSONValue)] = []

  override func properties() -> [(key: String, value: JSONValue)] { rowProperties }

  init(id: String, kind: String, contents: [WebMirror], collector: PatchCollector) {
    self.contents = contents
    super.init(id: id, kind: kind, collector: collector)
  }

  override var children: [WebMirror] { contents }
}
