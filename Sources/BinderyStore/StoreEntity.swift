/// A table mapped to a model class (Cocoa's entity): the table's name, its columns and the
/// properties they hold, its constraints, and how to make an object for a row.
///
/// Each row also has an `id` column, the row's identity, kept by the store and never by the model.
///
/// ```swift
/// let people = StoreEntity(
///   table: "person",
///   columns: [StoreColumn("first_name", \Person.firstName), StoreColumn("age", \Person.age)],
///   constraints: ["CHECK (age BETWEEN 0 AND 150)"]
/// ) { Person() }
/// ```
public struct StoreEntity<Model: AnyObject>: @unchecked Sendable {
  /// The table's name.
  public let table: String
  /// The columns, each mapped to a property.
  public let columns: [StoreColumn<Model>]
  /// Table constraints, in SQL, added when the store creates the table (`CHECK (…)`, `UNIQUE (…)`).
  public let constraints: [String]
  /// Makes an object for a fetched row (its properties are then set from the row) or for Add.
  let make: () -> Model

  /// An entity for `table`, its `columns` mapped to properties of `Model`; `make` makes an object.
  public init(
    table: String,
    columns: [StoreColumn<Model>],
    constraints: [String] = [],
    make: @escaping () -> Model
  ) {
    self.table = table
    self.columns = columns
    self.constraints = constraints
    self.make = make
  }

  /// The table as a store creates it.
  public var storeTable: StoreTable {
    StoreTable(
      name: table,
      columns: columns.map { StoreTable.Column(name: $0.name, type: $0.type, admitsNull: $0.admitsNull) },
      constraints: constraints)
  }

  /// The index of the column that holds the property at `keyPath`.
  func columnIndex(of keyPath: AnyKeyPath) -> Int? {
    columns.firstIndex { $0.keyPath == keyPath }
  }

  /// Checks the names the store will put in SQL: letters, digits and `_`, not starting with a digit,
  /// at most 63 characters, distinct, and not `id` (the row's identity).
  func checkNames() throws(StoreError) {
    try StoreName.check(table, table: table, column: nil)
    var seen: Set<String> = []
    guard !columns.isEmpty else {
      throw StoreError(.invalidName, "a table needs at least one column", table: table)
    }
    for column in columns {
      try StoreName.check(column.name, table: table, column: column.name)
      guard column.name.lowercased() != "id" else {
        throw StoreError(.invalidName, "`id` is the row's identity, kept by the store", table: table, column: "id")
      }
      guard seen.insert(column.name.lowercased()).inserted else {
        throw StoreError(.invalidName, "two columns are named `\(column.name)`", table: table, column: column.name)
      }
    }
  }
}

/// The names a store puts in SQL.
public enum StoreName {
  /// Throws unless `name` is a plain SQL name: ASCII letters, digits and `_`, not starting with a
  /// digit, 1 to 63 characters (what every SQL database accepts unquoted).
  public static func check(_ name: String, table: String?, column: String?) throws(StoreError) {
    let bytes = Array(name.utf8)
    let isPlain =
      (1...63).contains(bytes.count)
      && bytes.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x5F }
      && !(bytes[0] >= 0x30 && bytes[0] <= 0x39)
    guard isPlain else {
      throw StoreError(
        .invalidName, "`\(name)` is not a plain name (letters, digits, _; at most 63)", table: table, column: column)
    }
  }
}
