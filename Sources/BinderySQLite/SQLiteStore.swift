public import BinderyStore
import Foundation
internal import GRDB

/// A ``BinderyStore/RecordStore`` on SQLite, through GRDB: one file (or memory), no server, no
/// set-up.
///
/// ```swift
/// let store = try SQLiteStore(path: "people.sqlite")   // created if missing
/// try people.bindContent(to: store, entity: Person.entity)
/// ```
///
/// A file store uses write-ahead logging: each transaction is in the file once it returns, so a
/// process killed right after an edit keeps it. Any thread may use the store; SQLite's writes are
/// serialized.
public final class SQLiteStore: RecordStore {
  /// The file, or `nil` for a store in memory.
  public let path: String?
  private let queue: DatabaseQueue

  /// Opens (or creates) the database file at `path`; its folder must exist.
  public init(path: String) throws(StoreError) {
    self.path = path
    var configuration = Configuration()
    configuration.label = "BinderySQLite"
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA journal_mode = WAL")
      try db.execute(sql: "PRAGMA synchronous = NORMAL")
    }
    do {
      queue = try DatabaseQueue(path: path, configuration: configuration)
    } catch {
      throw Self.storeError(error, table: nil)
    }
  }

  /// A database in memory, gone when the store is.
  public init() throws(StoreError) {
    self.path = nil
    do {
      queue = try DatabaseQueue()
    } catch {
      throw Self.storeError(error, table: nil)
    }
  }

  /// Creates `table` when the file has no table of that name (`id INTEGER PRIMARY KEY`, then the
  /// columns, `NOT NULL` unless optional, then the constraints); whether it did.
  public func prepare(_ table: StoreTable) throws(StoreError) -> Bool {
    try StoreName.check(table.name, table: table.name, column: nil)
    for column in table.columns { try StoreName.check(column.name, table: table.name, column: column.name) }
    let definitions =
      ["id INTEGER PRIMARY KEY"]
      + table.columns.map { column in
        "\(column.name) \(Self.sqlType(column.type))\(column.admitsNull ? "" : " NOT NULL")"
      } + table.constraints
    let sql = "CREATE TABLE \(table.name) (\(definitions.joined(separator: ", ")))"
    return try run(table: table.name) { db in
      guard try !db.tableExists(table.name) else { return false }
      try db.execute(sql: sql)
      return true
    }
  }

  /// The rows `query` selects, ordered by its columns and then by id (at most its limit); the filter's
  /// values are bound as parameters.
  public func fetch(_ query: StoreQuery) throws(StoreError) -> [StoreRow] {
    var parameters: [StoreValue] = []
    var sql = "SELECT id\(query.columns.map { ", " + $0 }.joined()) FROM \(query.table)"
    var conditions: [String] = []
    if let condition = query.condition {
      conditions.append(condition.sql(placeholder: { _ in "?" }, parameters: &parameters))
    }
    if let ids = query.ids {
      conditions.append(ids.isEmpty ? "FALSE" : "id IN (\(ids.map { "\($0)" }.joined(separator: ", ")))")
    }
    if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
    sql +=
      " ORDER BY "
      + (query.order.map { "\($0.column) \($0.ascending ? "ASC" : "DESC")" } + ["id"])
      .joined(separator: ", ")
    if let limit = query.limit { sql += " LIMIT \(limit)" }
    let arguments = StatementArguments(parameters.map(Self.databaseValue))
    let count = query.columns.count
    return try read(table: query.table) { db in
      let cursor = try Row.fetchCursor(db, sql: sql, arguments: arguments)
      var rows: [StoreRow] = []
      while let row = try cursor.next() {
        let id: Int64 = row[0]
        var values: [StoreValue] = []
        values.reserveCapacity(count)
        for index in 0..<count { values.append(Self.storeValue(row[index + 1] as DatabaseValue)) }
        rows.append(StoreRow(id: id, values: values))
      }
      return rows
    }
  }

  /// Applies `changes` in one transaction (all or none); the ids of the inserted rows.
  @discardableResult
  public func apply(_ changes: [StoreChange]) throws(StoreError) -> [Int64] {
    try run(table: changes.first.map(Self.table)) { db in try Self.apply(changes, in: db) }
  }

  /// Applies `changes` in a transaction that is rolled back: throws what ``apply(_:)`` would.
  public func check(_ changes: [StoreChange]) throws(StoreError) {
    do {
      try queue.inTransaction { db in
        _ = try Self.apply(changes, in: db)
        return .rollback
      }
    } catch {
      throw Self.storeError(error, table: changes.first.map(Self.table))
    }
  }

  /// Applies `changes` inside the transaction that `db` is in; the inserted ids.
  private static func apply(_ changes: [StoreChange], in db: Database) throws -> [Int64] {
    var inserted: [Int64] = []
    for change in changes {
      switch change {
      case .insert(let table, let id, let columns, let values):
        let names = (id == nil ? [] : ["id"]) + columns
        let arguments = (id.map { [$0.databaseValue] } ?? []) + values.map(databaseValue)
        let placeholders = Array(repeating: "?", count: names.count).joined(separator: ", ")
        try db.execute(
          sql: "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(placeholders))",
          arguments: StatementArguments(arguments))
        inserted.append(db.lastInsertedRowID)
      case .update(let table, let id, let columns, let values):
        guard !columns.isEmpty else { continue }
        try db.execute(
          sql: "UPDATE \(table) SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?",
          arguments: StatementArguments(values.map(databaseValue) + [id.databaseValue]))
        guard db.changesCount > 0 else {
          throw StoreError(.notFound, "the row is no longer in the database", table: table, row: id)
        }
      case .delete(let table, let ids):
        for chunk in stride(from: 0, to: ids.count, by: 500) {
          let part = ids[chunk..<min(chunk + 500, ids.count)]
          try db.execute(sql: "DELETE FROM \(table) WHERE id IN (\(part.map { "\($0)" }.joined(separator: ", ")))")
        }
      }
    }
    return inserted
  }

  private func run<Result>(table: String?, _ body: (Database) throws -> Result) throws(StoreError) -> Result {
    do {
      return try queue.write(body)
    } catch {
      throw Self.storeError(error, table: table)
    }
  }

  private func read<Result>(table: String?, _ body: (Database) throws -> Result) throws(StoreError) -> Result {
    do {
      return try queue.read(body)
    } catch {
      throw Self.storeError(error, table: table)
    }
  }

  private static func table(of change: StoreChange) -> String {
    switch change {
    case .insert(let table, _, _, _), .update(let table, _, _, _), .delete(let table, _): table
    }
  }

  private static func sqlType(_ type: StoreColumnType) -> String {
    switch type {
    case .integer, .boolean: "INTEGER"
    case .real: "REAL"
    case .text: "TEXT"
    case .bytes: "BLOB"
    }
  }

  private static func databaseValue(_ value: StoreValue) -> DatabaseValue {
    switch value {
    case .null: .null
    case .integer(let number): number.databaseValue
    case .real(let number): number.databaseValue
    case .text(let text): text.databaseValue
    case .bytes(let bytes): Data(bytes).databaseValue
    }
  }

  private static func storeValue(_ value: DatabaseValue) -> StoreValue {
    switch value.storage {
    case .null: .null
    case .int64(let number): .integer(number)
    case .double(let number): .real(number)
    case .string(let text): .text(text)
    case .blob(let data): .bytes(Array(data))
    }
  }

  /// `error` as a store error: a refused constraint as ``StoreError/Kind/constraint``.
  private static func storeError(_ error: any Error, table: String?) -> StoreError {
    if let error = error as? StoreError { return error }
    if let error = error as? DatabaseError {
      let message = error.message ?? "SQLite error \(error.resultCode.rawValue)"
      if error.resultCode == .SQLITE_CONSTRAINT {
        return StoreError(.constraint, "the database refused the value (\(message))", table: table)
      }
      return StoreError(.database, message, table: table)
    }
    return StoreError(.database, "\(error)", table: table)
  }
}
