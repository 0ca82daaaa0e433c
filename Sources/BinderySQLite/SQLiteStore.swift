public import BinderyStore
import Foundation
internal import GRDB
internal import GRDBSQLite
public import Logging

/// A ``BinderyStore/RecordStore`` on SQLite, through GRDB: one file (or memory), no server, no
/// set-up.
///
/// ```swift
/// let store = try SQLiteStore(path: "people.sqlite")   // created if missing
/// try people.bindContent(to: .rows(of: Person.entity, in: store))
/// ```
///
/// A file store uses write-ahead logging. Each transaction is in the file once it returns: with
/// ``Durability/full`` (the default) it is on the disk, and survives a power cut too; with
/// ``Durability/normal`` it survives the process being killed, not the machine losing power.
///
/// A file the process may only read is refused at open, naming it (SQLite would open it for reading
/// and fail every save). One process at a time keeps a file: a second process that opens it is
/// refused at once, with an error naming the file (its saves would be lost to the first's, and neither would see the
/// other's). Stores of one process may share a file. Text is stored and read as written, NUL
/// characters included. Any thread may use the store; SQLite's writes are serialized.
///
/// The store logs its own failures to its `logger` (`bindery.sqlite` unless given): a file it cannot
/// open and a transaction or read the database failed (a full disk, a read-only file) at the error
/// level, a value the database refused at the debug level; each with the file, the table and SQLite's
/// message, never the values. Nothing is logged when a call succeeds.
public final class SQLiteStore: RecordStore {
  /// How surely a returned transaction is on the disk (SQLite's `synchronous` setting).
  public enum Durability: Sendable, Hashable {
    /// Each transaction is flushed to the disk before it returns (`synchronous = FULL`): it
    /// survives the process being killed and the machine losing power. The default.
    case full
    /// The write-ahead log is flushed at checkpoints only (`synchronous = NORMAL`): a transaction
    /// survives the process being killed, but the last ones may be lost in a power cut. Faster.
    case normal
  }

  /// The file, or `nil` for a store in memory.
  public let path: String?
  /// How surely a returned transaction is on the disk.
  public let durability: Durability
  private let queue: DatabaseQueue
  /// This process's hold on the file (`nil` in memory).
  private let lock: SQLiteFileLock?
  /// Where failures are logged.
  private let logger: Logger

  /// Opens (or creates) the database file at `path`; its folder must exist. Throws an error naming
  /// the file when it cannot be opened, is not a database, or another process keeps it (and logs it
  /// to `logger`, as the store logs its failed transactions).
  public init(
    path: String, durability: Durability = .full, logger: Logger = Logger(label: "bindery.sqlite")
  ) throws(StoreError) {
    self.path = path
    self.durability = durability
    self.logger = logger
    do throws(StoreError) {
      lock = try SQLiteFileLock.acquire(path)
    } catch {
      Self.log(error, "open", path: path, to: logger)
      throw error
    }
    var configuration = Configuration()
    configuration.label = "BinderySQLite"
    let synchronous = durability == .full ? "FULL" : "NORMAL"
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA journal_mode = WAL")
      try db.execute(sql: "PRAGMA synchronous = \(synchronous)")
    }
    do {
      queue = try DatabaseQueue(path: path, configuration: configuration)
    } catch {
      let error = Self.storeError(error, table: nil)
      let failure = StoreError(error.kind, "the database \(path) could not be opened: \(error.message)")
      Self.log(failure, "open", path: path, to: logger)
      throw failure
    }
    // SQLite opens a file it may not write (read-only, immutable, on a read-only file system) for
    // reading without a word, and every save would then fail: refused here, naming the file.
    let readOnly = (try? queue.read { db in sqlite3_db_readonly(db.sqliteConnection, "main") == 1 }) ?? false
    if readOnly {
      let failure = StoreError(
        .database, "the database \(path) can only be read (a read-only or immutable file, or file system)")
      Self.log(failure, "open", path: path, to: logger)
      throw failure
    }
  }

  /// A database in memory, gone when the store is; its failures are logged to `logger`.
  public init(logger: Logger = Logger(label: "bindery.sqlite")) throws(StoreError) {
    self.path = nil
    self.durability = .full
    self.lock = nil
    self.logger = logger
    do {
      queue = try DatabaseQueue()
    } catch {
      let failure = Self.storeError(error, table: nil)
      Self.log(failure, "open", path: nil, to: logger)
      throw failure
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
    let count = query.columns.count
    return try read(table: query.table) { db in
      let statement = try Self.statement(db, sql, parameters)
      let handle = statement.sqliteStatement
      defer { sqlite3_reset(handle) }
      var rows: [StoreRow] = []
      while true {
        let code = sqlite3_step(handle)
        if code == SQLITE_DONE { break }
        guard code == SQLITE_ROW else {
          throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage, sql: sql)
        }
        // Another program's table may hold any value in `id`: a row without an integer id cannot be
        // kept, and is an error, never a trap.
        guard sqlite3_column_type(handle, 0) == SQLITE_INTEGER else {
          throw StoreError(
            .wrongValue,
            "row \(rows.count + 1) of the result has \(Self.kindName(handle, 0)) as its id, not an integer",
            table: query.table, column: "id")
        }
        let id = sqlite3_column_int64(handle, 0)
        var values: [StoreValue] = []
        values.reserveCapacity(count)
        for index in 0..<count { values.append(Self.storeValue(handle, CInt(index + 1))) }
        rows.append(StoreRow(id: id, values: values))
      }
      return rows
    }
  }

  /// A statement of `sql` with `parameters` bound: text by its length, so a NUL in it is kept (GRDB
  /// binds text up to its first NUL).
  private static func statement(_ db: Database, _ sql: String, _ parameters: [StoreValue]) throws -> Statement {
    let statement = try db.makeStatement(sql: sql)
    try statement.setArguments(StatementArguments(parameters.map(databaseValue)))
    for (index, parameter) in parameters.enumerated() {
      guard case .text(var text) = parameter, text.utf8.contains(0) else { continue }
      let code = text.withUTF8 { bytes in
        bytes.withMemoryRebound(to: CChar.self) { characters in
          sqlite3_bind_text64(
            statement.sqliteStatement, CInt(index + 1), characters.baseAddress, sqlite3_uint64(characters.count),
            unsafeBitCast(-1, to: sqlite3_destructor_type.self), UInt8(SQLITE_UTF8))
        }
      }
      guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code), sql: sql) }
    }
    return statement
  }

  /// Runs `sql` with `parameters` (text bound by its length).
  private static func execute(_ db: Database, _ sql: String, _ parameters: [StoreValue]) throws {
    try statement(db, sql, parameters).execute()
  }

  /// What column `index` of the current row holds, for a message: `NULL`, `text`, `a real number`.
  private static func kindName(_ handle: OpaquePointer, _ index: CInt) -> String {
    switch sqlite3_column_type(handle, index) {
    case SQLITE_NULL: "NULL"
    case SQLITE_TEXT: "text"
    case SQLITE_FLOAT: "a real number"
    case SQLITE_BLOB: "bytes"
    default: "an integer"
    }
  }

  /// The value of column `index` of the current row, as stored: text and bytes by their length.
  private static func storeValue(_ handle: OpaquePointer, _ index: CInt) -> StoreValue {
    switch sqlite3_column_type(handle, index) {
    case SQLITE_INTEGER:
      return .integer(sqlite3_column_int64(handle, index))
    case SQLITE_FLOAT:
      return .real(sqlite3_column_double(handle, index))
    case SQLITE_TEXT:
      guard let text = sqlite3_column_text(handle, index) else { return .text("") }
      let count = Int(sqlite3_column_bytes(handle, index))
      return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
    case SQLITE_BLOB:
      guard let blob = sqlite3_column_blob(handle, index) else { return .bytes([]) }
      let count = Int(sqlite3_column_bytes(handle, index))
      return .bytes(Array(UnsafeRawBufferPointer(start: blob, count: count)))
    default:
      return .null
    }
  }

  /// Applies `changes` in one transaction (all or none); the ids of the inserted rows.
  @discardableResult
  public func apply(_ changes: [StoreChange]) throws(StoreError) -> [Int64] {
    try run(table: changes.first?.table) { db in try Self.apply(changes, in: db) }
  }

  /// Applies `changes` in a transaction that is rolled back: throws what ``apply(_:)`` would.
  public func check(_ changes: [StoreChange]) throws(StoreError) {
    do {
      try queue.inTransaction { db in
        _ = try Self.apply(changes, in: db)
        return .rollback
      }
    } catch {
      throw failed(Self.storeError(error, table: changes.first?.table), "check")
    }
  }

  /// Applies `changes` inside the transaction that `db` is in; the inserted ids.
  private static func apply(_ changes: [StoreChange], in db: Database) throws -> [Int64] {
    var inserted: [Int64] = []
    for change in changes {
      switch change {
      case .insert(let table, let id, let columns, let values):
        let names = (id == nil ? [] : ["id"]) + columns
        let arguments = (id.map { [StoreValue.integer($0)] } ?? []) + values
        let placeholders = Array(repeating: "?", count: names.count).joined(separator: ", ")
        try execute(
          db, "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(placeholders))", arguments)
        inserted.append(db.lastInsertedRowID)
      case .update(let table, let id, let columns, let values):
        guard !columns.isEmpty else { continue }
        try execute(
          db, "UPDATE \(table) SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?",
          values + [.integer(id)])
        guard db.changesCount > 0 else {
          throw StoreError(.notFound, "the row is no longer in the database", table: table, row: id)
        }
      case .delete(let table, let ids):
        for chunk in stride(from: 0, to: ids.count, by: 500) {
          let part = ids[chunk..<min(chunk + 500, ids.count)]
          try db.execute(sql: "DELETE FROM \(table) WHERE id IN (\(part.map { "\($0)" }.joined(separator: ", ")))")
        }
      case .expect(let table, let id, let columns, let values):
        try expect(db, table: table, id: id, columns: columns, values: values)
      }
    }
    return inserted
  }

  /// Throws unless the row `id` of `table` holds `values` in `columns` (``StoreChange/expect(table:id:columns:values:)``).
  private static func expect(
    _ db: Database, table: String, id: Int64, columns: [String], values: [StoreValue]
  ) throws {
    let names = columns.isEmpty ? "id" : columns.joined(separator: ", ")
    let sql = "SELECT \(names) FROM \(table) WHERE id = ?"
    let statement = try statement(db, sql, [.integer(id)])
    let handle = statement.sqliteStatement
    defer { sqlite3_reset(handle) }
    let code = sqlite3_step(handle)
    if code == SQLITE_DONE {
      throw StoreError(.notFound, "the row is no longer in the database", table: table, row: id)
    }
    guard code == SQLITE_ROW else {
      throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage, sql: sql)
    }
    for (index, (column, value)) in zip(columns, values).enumerated()
    where storeValue(handle, CInt(index)) != value {
      throw StoreError(
        .conflict, "the value was changed by someone else since", table: table, row: id, column: column)
    }
  }

  private func run<Result>(table: String?, _ body: (Database) throws -> Result) throws(StoreError) -> Result {
    do {
      return try queue.write(body)
    } catch {
      throw failed(Self.storeError(error, table: table), "write")
    }
  }

  private func read<Result>(table: String?, _ body: (Database) throws -> Result) throws(StoreError) -> Result {
    do {
      return try queue.read(body)
    } catch {
      throw failed(Self.storeError(error, table: table), "read")
    }
  }

  /// Logs `error`, which `operation` (`write`, `read`, `check`) threw, and returns it.
  private func failed(_ error: StoreError, _ operation: String) -> StoreError {
    Self.log(error, operation, path: path, to: logger)
    return error
  }

  /// Logs `error` of `operation` on the file at `path`: a database failure at the error level, a
  /// refused value (which the caller reports) at the debug level; the table and SQLite's message
  /// (which names columns and constraints, never values), not the values written.
  private static func log(_ error: StoreError, _ operation: String, path: String?, to logger: Logger) {
    logger.log(
      level: error.kind == .database ? .error : .debug, "SQLite \(operation) failed: \(error.message)",
      metadata: [
        "file": "\(path ?? ":memory:")", "table": "\(error.table ?? "-")", "kind": "\(error.kind.rawValue)",
      ])
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

extension SQLiteStore {
  /// Runs `sql` on the store's connection, outside its methods: for tests that set a limit on it
  /// (`PRAGMA max_page_count`, a disk that fills up) or change a table as another program would.
  func execute(_ sql: String) throws(StoreError) {
    try run(table: nil) { db in try db.execute(sql: sql) }
  }
}
