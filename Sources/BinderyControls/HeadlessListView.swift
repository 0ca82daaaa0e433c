public import Bindery

/// A headless list: one row per item, updated row by row from index-level changes, as a real list
/// would animate them (inserts, removals, moves), never reloaded whole.
///
/// Each row has its item as the source of its bindings and its own bindings, made by `makeRow` when the row
/// appears and ended when it leaves.
///
/// ```swift
/// let list = HeadlessListView<Person> { person, row in
///   let name = HeadlessLabel()
///   name.bind(\.text, to: person, \.fullName).store(in: row.bindings)
///   row.controls = [name]
/// }
/// list.bind(to: peopleController)  // BinderyControllers: follows the arranged objects
/// ```
@KeyValueObservable
public final class HeadlessListView<Item: AnyObject> {
  /// The rows, in order.
  public private(set) var rows: [HeadlessListRow<Item>] = []
  /// Every row operation applied so far, in order (what a real list would animate).
  @KeyValueIgnored public private(set) var appliedOperations: [ListOperation] = []
  /// Whether the list is hidden.
  public var isHidden = false
  /// What the list says while it has no rows ("No people yet"), if anything: a GTK window shows it
  /// as a status page in the list's place, a web page as the list's empty text.
  public var placeholder: String?
  /// Why the list is empty when its controller follows another controller's selection (a detail
  /// list with nothing or several selected in its master): set by ``bind(to:file:line:)``, `nil`
  /// otherwise.
  public var contentMarker: BindingMarker?
  /// What the list says while it has no rows: its ``contentMarker`` ("No Selection", "Multiple
  /// Values") if it has one, else its ``placeholder``. Front ends show this.
  public var emptyText: String? { contentMarker?.description ?? placeholder }
  /// The indexes of the selected rows, ascending. Set by code (a controller's selection); a user's
  /// choice arrives through ``userDidSelectRows(_:)``.
  public var selectionIndexes: [Int] = []
  /// Called with the rows a user selected (valid, sorted, without repeats), after ``selectionIndexes``
  /// changed: how a list bound to an array controller selects in the controller.
  @KeyValueIgnored public var onUserSelection: (([Int]) -> Void)?
  /// Removes the selected rows' items when the user presses Delete; returns whether it removed any:
  /// how a list bound to an array controller removes through the controller (its `remove()`).
  @KeyValueIgnored public var onUserDelete: (() -> Bool)?

  @KeyValueIgnored private let makeRow: (Item, HeadlessListRow<Item>) -> Void

  /// Creates a list whose rows `makeRow` fills (controls and bindings) for each item.
  public init(makeRow: @escaping (Item, HeadlessListRow<Item>) -> Void) {
    self.makeRow = makeRow
  }

  /// The items shown, in order.
  public var items: [Item] { rows.map(\.item) }

  /// Reports that the user selected the rows at `indexes` (a click, a shift-click): indexes outside
  /// the list are ignored.
  public func userDidSelectRows(_ indexes: [Int]) {
    let valid = Array(Set(indexes.filter { rows.indices.contains($0) })).sorted()
    if selectionIndexes != valid { selectionIndexes = valid }
    onUserSelection?(valid)
  }

  /// Reports that the user pressed Delete in the list: the selected rows' items are removed where
  /// the list's content comes from (``onUserDelete``). Returns whether any was removed.
  @discardableResult
  public func userDidDeleteSelection() -> Bool {
    guard !isHidden, !selectionIndexes.isEmpty else { return false }
    return onUserDelete?() ?? false
  }

  /// Shows `items`, replacing every row.
  public func show(_ items: [Item]) {
    apply(CollectionChange(removed: Array(rows.indices), inserted: Array(items.indices)), items: items)
  }

  /// Applies one change row by row: removed rows leave (their bindings end), moved rows move, inserted
  /// rows are made, updated rows are made again for their new item.
  ///
  /// `items` is the new collection (an array, or a view such as an array controller's arranged
  /// objects); only the inserted and updated items are read from it.
  public func apply<Items: RandomAccessCollection>(_ change: CollectionChange, items: Items)
  where Items.Element == Item, Items.Index == Int {
    var next = rows
    var placed = [HeadlessListRow<Item>?](repeating: nil, count: items.count)
    var consumed = Set(change.removed).union(change.updated)
    for move in change.moved where move.from < rows.count && move.to < placed.count {
      placed[move.to] = rows[move.from]
      consumed.insert(move.from)
    }
    for index in change.removed.sorted(by: >) where index < next.count {
      next[index].leave()
    }
    for index in change.updated where index < rows.count { rows[index].leave() }
    for index in change.inserted + change.updated where index >= 0 && index < items.count {
      placed[index] = makeRowObject(for: items[items.startIndex + index])
    }
    var remaining = rows.indices.lazy.filter { !consumed.contains($0) }.makeIterator()
    for index in placed.indices where placed[index] == nil {
      guard let source = remaining.next() else { break }
      placed[index] = rows[source]
    }
    next = placed.compactMap { $0 }
    appliedOperations +=
      change.removed.map { .remove($0) } + change.moved.map { .move(from: $0.from, to: $0.to) }
      + change.inserted.map { .insert($0) } + change.updated.map { .reload($0) }
    rows = next
  }

  private func makeRowObject(for item: Item) -> HeadlessListRow<Item> {
    let row = HeadlessListRow(item: item)
    makeRow(item, row)
    return row
  }
}

/// One row of a ``HeadlessListView``: its item (the source of the row's bindings), its controls and its bindings.
public final class HeadlessListRow<Item: AnyObject> {
  /// The item the row shows.
  public let item: Item
  /// The row's controls, in order.
  public var controls: [AnyObject] = []
  /// The row's bindings; they end when the row leaves the list.
  public let bindings = BindingSet()

  init(item: Item) {
    self.item = item
  }

  func leave() {
    bindings.unbind()
    controls = []
  }
}

/// A row operation a list applied.
public enum ListOperation: Equatable, Sendable, CustomStringConvertible {
  /// A row was inserted at this index (of the new rows).
  case insert(Int)
  /// The row at this index (of the old rows) was removed.
  case remove(Int)
  /// A row moved.
  case move(from: Int, to: Int)
  /// The row at this index was made again for a new item.
  case reload(Int)

  /// `+2`, `-0`, `1→3`, `*4`.
  public var description: String {
    switch self {
    case .insert(let index): "+\(index)"
    case .remove(let index): "-\(index)"
    case .move(let from, let to): "\(from)→\(to)"
    case .reload(let index): "*\(index)"
    }
  }
}
