/// A database that keeps rows for store-backed controllers: SQLite (`SQLiteStore`, in BinderySQLite)
/// or another driver.
///
/// Every method runs synchronously, on the caller's thread, and is safe to call from any thread;
/// each ``apply(_:)`` is one transaction, so an edit the user sees acknowledged is in the database.
/// Errors are ``StoreError``s, a refused constraint as ``StoreError/Kind/constraint``.
public protocol RecordStore: AnyObject, Sendable {
  /// Creates `table` (with an `id` integer primary key) if the database has no table of that name;
  /// whether it created it.
  func prepare(_ table: StoreTable) throws(StoreError) -> Bool
  /// The rows `query` selects, in its order.
  func fetch(_ query: StoreQuery) throws(StoreError) -> [StoreRow]
  /// Applies `changes` in one transaction: all or none. Returns the ids of the inserted rows, in
  /// order.
  @discardableResult
  func apply(_ changes: [StoreChange]) throws(StoreError) -> [Int64]
  /// Throws what ``apply(_:)`` would throw for `changes` (a refused constraint), writing nothing.
  func check(_ changes: [StoreChange]) throws(StoreError)
}

/// A table as a store creates it: its columns after the `id` primary key, and its constraints.
public struct StoreTable: Sendable, Hashable {
  /// A column: its name, type and whether it admits `NULL`.
  public struct Column: Sendable, Hashable {
    /// The column's name.
    public let name: String
    /// The column's type.
    public let type: StoreColumnType
    /// Whether the column admits `NULL`.
    public let admitsNull: Bool

    /// A column.
    public init(name: String, type: StoreColumnType, admitsNull: Bool) {
      self.name = name
      self.type = type
      self.admitsNull = admitsNull
    }
  }

  /// The table's name.
  public let name: String
  /// The columns after `id`.
  public let columns: [Column]
  /// Table constraints, in SQL.
  public let constraints: [String]

  /// A table.
  public init(name: String, columns: [Column], constraints: [String] = []) {
    self.name = name
    self.columns = columns
    self.constraints = constraints
  }
}

/// Which rows to fetch, and in which order.
public struct StoreQuery: Sendable, Hashable {
  /// The table.
  public let table: String
  /// The columns to read after `id`, in order.
  public let columns: [String]
  /// Which rows; `nil` for all.
  public let condition: StoreCondition?
  /// The order: columns, each ascending or not; `id` last, so equal rows keep a stable order.
  public let order: [(column: String, ascending: Bool)]
  /// Only rows with these ids, when given.
  public let ids: [Int64]?
  /// At most this many rows (the first ones in the order), when given.
  public let limit: Int?

  /// A query.
  public init(
    table: String,
    columns: [String],
    condition: StoreCondition? = nil,
    order: [(column: String, ascending: Bool)] = [],
    ids: [Int64]? = nil,
    limit: Int? = nil
  ) {
    self.table = table
    self.columns = columns
    self.condition = condition
    self.order = order
    self.ids = ids
    self.limit = limit.map { max($0, 0) }
  }

  /// The same query for at most `limit` rows.
  package func limited(to limit: Int?) -> StoreQuery {
    StoreQuery(table: table, columns: columns, condition: condition, order: order, ids: ids, limit: limit)
  }

  /// Queries are equal when every part is.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.table == rhs.table && lhs.columns == rhs.columns && lhs.condition == rhs.condition && lhs.ids == rhs.ids
      && lhs.limit == rhs.limit
      && lhs.order.map(\.column) == rhs.order.map(\.column) && lhs.order.map(\.ascending) == rhs.order.map(\.ascending)
  }

  /// Hashes every part.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(table)
    hasher.combine(columns)
    hasher.combine(condition)
    hasher.combine(ids)
    hasher.combine(limit)
    for (column, ascending) in order {
      hasher.combine(column)
      hasher.combine(ascending)
    }
  }
}

/// A fetched row: its id and its values, in the query's column order.
public struct StoreRow: Sendable, Hashable {
  /// The row's id.
  public let id: Int64
  /// The values, in the query's column order.
  public let values: [StoreValue]

  /// A row.
  public init(id: Int64, values: [StoreValue]) {
    self.id = id
    self.values = values
  }
}

/// One change a store applies in a transaction.
public enum StoreChange: Sendable, Hashable {
  /// Inserts a row with these column values; with `id`, the row gets that id (a row put back by
  /// undo), else a new one.
  case insert(table: String, id: Int64?, columns: [String], values: [StoreValue])
  /// Sets columns of the row with this id.
  case update(table: String, id: Int64, columns: [String], values: [StoreValue])
  /// Deletes the rows with these ids.
  case delete(table: String, ids: [Int64])
  /// Writes nothing, but fails the whole transaction unless the row with this id still holds these
  /// values (text compared by Unicode scalars): ``StoreError/Kind/conflict`` when another writer
  /// changed it, ``StoreError/Kind/notFound`` when it is gone. Undo puts it before the changes it
  /// makes, so it never overwrites an edit made since by another instance.
  case expect(table: String, id: Int64, columns: [String], values: [StoreValue])

  /// The table the change is made to.
  public var table: String {
    switch self {
    case .insert(let table, _, _, _), .update(let table, _, _, _), .delete(let table, _), .expect(let table, _, _, _):
      table
    }
  }
}
