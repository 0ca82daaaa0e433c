public import Bindery
public import BinderyControllers

/// A column of a ``HeadlessTableView``: its identifier, its header's title, the order a click on
/// its header sorts by, and the cell it makes in each row, bound through the row's item.
///
/// ```swift
/// let title = HeadlessTableColumn<Film>(id: "title", title: "Title", sortKey: \.title) { film, bindings in
///   let field = HeadlessTextField()
///   field.bind(\.text, to: film, \.title).store(in: bindings)
///   return field
/// }
/// ```
public struct HeadlessTableColumn<Item: AnyObject> {
  /// The column's identifier, unique in its table.
  public let id: String
  /// The header's text.
  public let title: String
  /// The sort a first click on the header puts first, or `nil` when the header does not sort.
  public let ascending: ArrangementSort<Item>?
  /// The sort a second click on the header puts first.
  public let descending: ArrangementSort<Item>?
  /// Makes the column's cell for a row's item, keeping the cell's bindings in the set; `nil` when
  /// the table's rows are made whole (a spec file's cells).
  public let makeCell: ((Item, BindingSet) -> AnyObject)?

  /// Creates a column whose header sorts by `sortKey`.
  public init<Value: Comparable>(
    id: String,
    title: String,
    sortKey: KeyPath<Item, Value>,
    cell: ((Item, BindingSet) -> AnyObject)? = nil
  ) {
    self.init(id: id, title: title, ascending: .ascending(sortKey), descending: .descending(sortKey), cell: cell)
  }

  /// Creates a column whose header sorts by `sortKey`, an optional value (`nil` first).
  public init<Value: Comparable>(
    id: String,
    title: String,
    sortKey: KeyPath<Item, Value?>,
    cell: ((Item, BindingSet) -> AnyObject)? = nil
  ) {
    self.init(id: id, title: title, ascending: .ascending(sortKey), descending: .descending(sortKey), cell: cell)
  }

  /// Creates a column whose header does not sort.
  public init(id: String, title: String, cell: ((Item, BindingSet) -> AnyObject)? = nil) {
    self.init(id: id, title: title, ascending: nil, descending: nil, cell: cell)
  }

  /// Creates a column whose header puts `ascending` first on a first click and `descending` on
  /// the next (two sorts by the same key path).
  public init(
    id: String,
    title: String,
    ascending: ArrangementSort<Item>?,
    descending: ArrangementSort<Item>?,
    cell: ((Item, BindingSet) -> AnyObject)? = nil
  ) {
    self.id = id
    self.title = title
    self.ascending = ascending
    self.descending = descending ?? ascending
    self.makeCell = cell
  }

  /// The key path the header sorts by, if it sorts.
  public var sortKeyPath: PartialKeyPath<Item>? { ascending?.keyPath }
}

extension HeadlessTableColumn where Item: KeyValueCoding {
  /// Creates a column from its declaration in a spec file, its sort key resolved against `Item`;
  /// `nil` when the sort key names no `Comparable` value of `Item` (a spec file reports that when
  /// it loads).
  public init?(_ declaration: TableColumnDeclaration) {
    guard let key = declaration.sortKey else {
      self.init(id: declaration.id, title: declaration.title)
      return
    }
    guard let up = try? ArrangementSort<Item>(key: key, ascending: true),
      let down = try? ArrangementSort<Item>(key: key, ascending: false)
    else { return nil }
    self.init(id: declaration.id, title: declaration.title, ascending: up, descending: down)
  }
}
