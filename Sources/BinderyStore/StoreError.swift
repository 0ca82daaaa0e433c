/// What went wrong in a store: its kind, a message, and where (table, row, column) when known.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kinds of store errors.
  public enum Kind: String, Sendable, Hashable {
    /// The database refused a value: a `CHECK`, `UNIQUE`, `NOT NULL` or foreign-key constraint.
    case constraint
    /// A table or column name is not a plain SQL name, or is used twice.
    case invalidName
    /// A filter or sort reads a property that no column holds.
    case unknownColumn
    /// A row holds a value the mapped property cannot take (text in a number column, say).
    case wrongValue
    /// The row is no longer in the database.
    case notFound
    /// The row no longer holds the values a change expected: another writer changed it since (an
    /// undo of a value another instance edited afterwards).
    case conflict
    /// The database could not be opened, read or written.
    case database
  }

  /// The kind of error.
  public let kind: Kind
  /// What happened, for people.
  public let message: String
  /// The table, when known.
  public let table: String?
  /// The row's id, when known.
  public let row: Int64?
  /// The column, when known.
  public let column: String?

  /// An error of `kind`.
  public init(_ kind: Kind, _ message: String, table: String? = nil, row: Int64? = nil, column: String? = nil) {
    self.kind = kind
    self.message = message
    self.table = table
    self.row = row
    self.column = column
  }

  /// Where, then what: `person row 12, column age: …`.
  public var description: String {
    var location = table ?? ""
    if let row { location += location.isEmpty ? "row \(row)" : " row \(row)" }
    if let column { location += location.isEmpty ? "column \(column)" : ", column \(column)" }
    return location.isEmpty ? message : "\(location): \(message)"
  }
}
