// Built with the package's Postgres trait; without it the module is empty.
#if Postgres
  import BinderyStore

  /// The SQL text the store sends to PostgreSQL, made from names already checked by
  /// ``BinderyStore/StoreName`` and values bound as `$n` parameters.
  enum PostgresSQL {
    /// The channel every store notifies after a successful apply.
    static let channel = "bindery_changes"

    /// `CREATE TABLE` for `table`: `id BIGSERIAL PRIMARY KEY`, then the columns (`NOT NULL` unless
    /// they admit `NULL`), then the constraints.
    static func createTable(_ table: StoreTable) -> String {
      let definitions =
        ["id BIGSERIAL PRIMARY KEY"]
        + table.columns.map { column in
          "\(column.name) \(columnType(column.type))\(column.admitsNull ? "" : " NOT NULL")"
        } + table.constraints
      return "CREATE TABLE \(table.name) (\(definitions.joined(separator: ", ")))"
    }

    /// Whether a table of this name is in the current schema: one row when it is (`$1` is the name).
    static let tableExists =
      "SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = lower($1)"

    /// The column type for `type`: booleans are integers 0 and 1, as in SQLite.
    static func columnType(_ type: StoreColumnType) -> String {
      switch type {
      case .integer, .boolean: "BIGINT"
      case .real: "DOUBLE PRECISION"
      case .text: "TEXT"
      case .bytes: "BYTEA"
      }
    }

    /// `SELECT` for `query` and the values of its parameters: ordered by its columns, then by id, with
    /// `NULL`s first going up and last going down, as SQLite orders them.
    static func select(_ query: StoreQuery) -> (sql: String, parameters: [StoreValue]) {
      var parameters: [StoreValue] = []
      var sql = "SELECT id\(query.columns.map { ", " + $0 }.joined()) FROM \(query.table)"
      var conditions: [String] = []
      if let condition = query.condition {
        conditions.append(condition.sql(placeholder: { "$\($0)" }, parameters: &parameters))
      }
      if let ids = query.ids {
        conditions.append(ids.isEmpty ? "FALSE" : "id IN (\(ids.map { "\($0)" }.joined(separator: ", ")))")
      }
      if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
      sql +=
        " ORDER BY "
        + (query.order.map { "\($0.column) \($0.ascending ? "ASC NULLS FIRST" : "DESC NULLS LAST")" } + ["id"])
        .joined(separator: ", ")
      if let limit = query.limit { sql += " LIMIT \(limit)" }
      return (sql, parameters)
    }

    /// `INSERT … RETURNING id`, with `id` first when it is given.
    static func insert(table: String, explicitID: Bool, columns: [String]) -> String {
      let names = (explicitID ? ["id"] : []) + columns
      guard !names.isEmpty else { return "INSERT INTO \(table) DEFAULT VALUES RETURNING id" }
      let placeholders = (1...names.count).map { "$\($0)" }.joined(separator: ", ")
      return "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(placeholders)) RETURNING id"
    }

    /// Moves `table`'s id sequence past its largest id (never back), after a row was inserted with
    /// an id of its own: the next row without one gets a new id.
    static func advanceSequence(table: String) -> String {
      let sequence = "pg_get_serial_sequence('\(table)', 'id')"
      return
        "SELECT setval(\(sequence), GREATEST((SELECT COALESCE(MAX(id), 0) FROM \(table)), nextval(\(sequence)) - 1, 1))"
    }

    /// `UPDATE` of `columns` in the row whose id is the last parameter.
    static func update(table: String, columns: [String]) -> String {
      let assignments = columns.enumerated().map { "\($0.element) = $\($0.offset + 1)" }
      return "UPDATE \(table) SET \(assignments.joined(separator: ", ")) WHERE id = $\(columns.count + 1)"
    }

    /// Reads `columns` of the row whose id is `$1`, locking it until the transaction ends.
    static func lockRow(table: String, columns: [String]) -> String {
      "SELECT \(columns.isEmpty ? "id" : columns.joined(separator: ", ")) FROM \(table) WHERE id = $1 FOR UPDATE"
    }

    /// `DELETE` of the rows whose ids are in the array `$1`.
    static func delete(table: String) -> String {
      "DELETE FROM \(table) WHERE id = ANY($1)"
    }

    /// The notification a transaction sends when it changed `table`: its name, after the schema's
    /// when the store has one (`$1` is the payload).
    static let notify = "SELECT pg_notify('\(channel)', $1)"

    /// The table a notification's payload names, when it is about `schema` (or the default one,
    /// without a schema); `nil` for another schema's table.
    static func table(inPayload payload: String, schema: String?) -> String? {
      let parts = payload.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
      switch (parts.count, schema) {
      case (1, nil): return payload
      case (2, let schema?) where parts[0] == schema: return String(parts[1])
      default: return nil
      }
    }

    /// Waits until no other transaction creates the table or schema named `$1` (two stores preparing
    /// the same table at once would otherwise both try to create it); held until the transaction ends.
    static let lockName = "SELECT pg_advisory_xact_lock(hashtext('bindery ' || current_schema() || ' ' || lower($1)))"

    /// Creates `schema` when missing.
    static func createSchema(_ schema: String) -> String { "CREATE SCHEMA IF NOT EXISTS \(schema)" }

    /// The connection's server process id; also sets the session's `statement_timeout` to
    /// `milliseconds`, so that the server itself cancels a statement that runs longer (waiting for a
    /// lock included) and ends its transaction.
    static func backendPID(statementTimeout milliseconds: Int64) -> String {
      "SELECT pg_backend_pid(), set_config('statement_timeout', '\(milliseconds)', false)"
    }

    /// Makes `schema` the connection's only schema for unqualified names.
    static func setSearchPath(_ schema: String) -> String { "SET search_path TO \(schema)" }
  }
#endif
