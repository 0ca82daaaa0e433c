// Built with the package's Postgres trait; without it the module is empty.
#if Postgres
  public import Bindery
  public import BinderyStore
  public import Logging
  import NIOCore
  import PostgresNIO

  /// A ``BinderyStore/RecordStore`` on PostgreSQL, through postgres-nio: every program that opens
  /// the same database shares its rows, and ``observeChanges(_:)`` tells one store what the others
  /// changed.
  ///
  /// ```swift
  /// let store = try PostgresStore(url: "postgres://app:secret@db.example.org:5432/people")
  /// let content = try people.bindContent(to: .rows(of: Person.entity, in: store))
  /// content.followChangesByOthers { apply in DispatchQueue.main.async(execute: apply) }
  /// ```
  ///
  /// Its methods are synchronous, like the protocol's: each runs on the store's own NIO event loops
  /// while the calling thread waits, so they must not be called on a NIO event-loop thread (such a
  /// call throws). The store keeps a few connections open; when the server drops one, the call that
  /// was using it throws a ``BinderyStore/StoreError/Kind/database`` error and the next call opens a
  /// new connection. A statement that takes longer than the query timeout (30 s unless given) throws
  /// such an error too, and its transaction writes nothing (see ``init(url:schema:connectTimeout:queryTimeout:logger:)``).
  ///
  /// The store logs its own failures to its `logger` (`bindery.postgres` unless given): a server it
  /// cannot connect to, a call that failed or timed out (at the error level, with the table and the
  /// server's message or SQLSTATE, never the values), a connection lost and the next one opened, the
  /// change listener's lost connection and its return. Nothing is logged when a call succeeds.
  ///
  /// Columns are `BIGINT` (integers and booleans, as 0 and 1), `DOUBLE PRECISION`, `TEXT` or `BYTEA`,
  /// after `id BIGSERIAL PRIMARY KEY`. Text sorts in the database's collation (a cluster made with
  /// `--no-locale` sorts it as SQLite does, by bytes).
  public final class PostgresStore: RecordStoreChangeFeed {
    /// The schema the store's tables are in, when it was given one; else the server's search path
    /// decides (`public`, usually).
    public let schema: String?
    private let connections: PostgresConnections
    /// Where failures are logged.
    private let logger: Logger

    /// Connects to the database at `url`, `postgres://user:password@host:port/database` (or
    /// `postgresql://…`; port 5432 unless given). With `schema`, the store's tables are in that schema,
    /// created when missing, and notifications name it. Throws a
    /// ``BinderyStore/StoreError/Kind/database`` error for a bad URL, or a server that does not answer
    /// within `connectTimeout` or refuses the user.
    ///
    /// A statement that takes longer than `queryTimeout` (waiting for a row another transaction has
    /// locked, or for a server that does not answer) throws a ``BinderyStore/StoreError/Kind/database``
    /// error saying it timed out and after how long. Its connection is closed, so the transaction it was
    /// in writes nothing (only a `COMMIT` that times out may or may not have been written, and the error
    /// says so), and the next call opens a new one. The server enforces the limit, as each connection's
    /// `statement_timeout`; the store waits a tenth longer (at most 1 s) for a server that does not
    /// answer at all.
    ///
    /// Failures go to `logger` (see ``PostgresStore``).
    public init(
      url: String, schema: String? = nil, connectTimeout: Duration = .seconds(5), queryTimeout: Duration = .seconds(30),
      logger: Logger = Logger(label: "bindery.postgres")
    ) throws(StoreError) {
      self.logger = logger
      let address = try PostgresURL(url)
      if let schema { try StoreName.check(schema, table: nil, column: nil) }
      self.schema = schema?.lowercased()
      var configuration = PostgresConnection.Configuration(
        host: address.host, port: address.port, username: address.user, password: address.password,
        database: address.database, tls: .disable)
      let timeout = PostgresBlocking.timeAmount(connectTimeout)
      // The store's own limit (`PostgresConnector.open()`) reports a slow connection as timed out;
      // postgres-nio's, which would report it as a failed connection at the same instant, is later.
      let (later, overflow) = timeout.nanoseconds.addingReportingOverflow(max(timeout.nanoseconds, 1_000_000_000))
      configuration.options.connectTimeout = .nanoseconds(overflow ? .max : later)
      let target = "\(address.user)@\(address.host):\(address.port)/\(address.database)"
      // A first connection creates the schema, so that every later one can set it as its search path.
      let first = PostgresConnections(
        connector: PostgresConnector(
          configuration: configuration, schema: nil, timeout: timeout, queryTimeout: queryTimeout), logger: logger)
      connections = PostgresConnections(
        connector: PostgresConnector(
          configuration: configuration, schema: self.schema, timeout: timeout, queryTimeout: queryTimeout),
        logger: logger)
      do {
        if let schema = self.schema {
          try first.inTransaction { connection in
            var name = PostgresBindings()
            name.append("schema " + schema)
            _ = try first.run(PostgresSQL.lockName, name, on: connection)
            _ = try first.run(PostgresSQL.createSchema(schema), on: connection)
          }
        }
        first.close()
        // And the store's own first connection, kept for its first call.
        try connections.withConnection { _ in }
      } catch {
        first.close()
        connections.close()
        let failure = PostgresErrors.storeError(error, table: nil)
        logger.error(
          "PostgreSQL open failed: cannot connect to \(target): \(PostgresErrors.loggable(error, failure))",
          metadata: ["schema": "\(self.schema ?? "-")"])
        throw StoreError(.database, "cannot connect to \(target): \(failure.message)")
      }
    }

    deinit { connections.close() }

    /// Creates `table` when the schema has no table of that name (`id BIGSERIAL PRIMARY KEY`, then
    /// the columns, `NOT NULL` unless optional, then the constraints); whether it did.
    public func prepare(_ table: StoreTable) throws(StoreError) -> Bool {
      try StoreName.check(table.name, table: table.name, column: nil)
      for column in table.columns { try StoreName.check(column.name, table: table.name, column: column.name) }
      connections.use(table.name)
      return try run(table: table.name) {
        try connections.inTransaction { connection in
          var name = PostgresBindings()
          name.append(table.name)
          _ = try connections.run(PostgresSQL.lockName, name, on: connection)
          guard try connections.run(PostgresSQL.tableExists, name, on: connection).rows.isEmpty else { return false }
          _ = try connections.run(PostgresSQL.createTable(table), on: connection)
          return true
        }
      }
    }

    /// The rows `query` selects, ordered by its columns (`NULL`s first going up) and then by id; the
    /// filter's values are bound as parameters.
    public func fetch(_ query: StoreQuery) throws(StoreError) -> [StoreRow] {
      let (sql, parameters) = PostgresSQL.select(query)
      connections.use(query.table)
      return try run(table: query.table) {
        let result = try connections.withConnection { connection in
          try connections.run(sql, PostgresValues.bindings(parameters), on: connection)
        }
        return try result.rows.map { row in
          var cells = row.makeIterator()
          guard let idCell = cells.next() else { throw StoreError(.database, "a row without its id") }
          let id = try idCell.decode(Int64.self)
          var values: [StoreValue] = []
          values.reserveCapacity(query.columns.count)
          while let cell = cells.next() { values.append(try PostgresValues.storeValue(cell)) }
          return StoreRow(id: id, values: values)
        }
      }
    }

    /// Applies `changes` in one transaction (all or none) that also notifies other stores of what it
    /// changed in each table (``observeChanges(_:)``); the ids of the inserted rows.
    @discardableResult
    public func apply(_ changes: [StoreChange]) throws(StoreError) -> [Int64] {
      guard !changes.isEmpty else { return [] }
      return try run(table: changes[0].table) {
        try connections.inTransaction { connection in
          let inserted = try apply(changes, on: connection)
          // An expectation changes nothing: other stores hear only the changes.
          let made = changes.filter { if case .expect = $0 { false } else { true } }
          let applied = Self.withInsertedIDs(made, inserted)
          for table in Self.tables(of: made) {
            var payload = PostgresBindings()
            payload.append(
              PostgresNotice.payload(
                table: table, schema: schema, changes: applied.filter { $0.table == table }))
            _ = try connections.run(PostgresSQL.notify, payload, on: connection)
          }
          return inserted
        }
      }
    }

    /// Applies `changes` in a transaction that is rolled back: throws what ``apply(_:)`` would.
    public func check(_ changes: [StoreChange]) throws(StoreError) {
      guard !changes.isEmpty else { return }
      try run(table: changes[0].table) {
        try connections.inTransaction(commit: false) { connection in _ = try apply(changes, on: connection) }
      }
    }

    /// Calls `handler` with a notice of each transaction that changed a table in this store's schema,
    /// in the order they committed: another store's (another connection's, in this program or
    /// another), with its changes, so they are applied without reading the table again; and this
    /// store's own, marked ``BinderyStore/StoreNotice/isOwn``. A notice carries the changes when they
    /// fit in PostgreSQL's notification (under 8,000 bytes); a larger one names the table only.
    ///
    /// It listens on a connection of its own, and once it listens sends a notice without changes
    /// for every table this store has used (a change made before it was listening is then read);
    /// when that connection drops, it connects again (waiting longer after each failure, up to 5 s)
    /// and then sends one for every table it has heard of or this store has used, since changes made
    /// meanwhile were not announced.
    ///
    /// `handler` runs on a serial dispatch queue of this observation, never on a NIO thread, so it may
    /// call the store. The observation lasts until the token is unbound or released.
    public func observeChanges(_ handler: @escaping @Sendable (StoreNotice) -> Void) -> KeyValueObservation {
      let listener = PostgresChangeListener(connections: connections, schema: schema, handler: handler)
      listener.start()
      return KeyValueObservation { listener.cancel() }
    }

    /// Applies `changes` inside the transaction `connection` is in; the inserted ids.
    private func apply(_ changes: [StoreChange], on connection: PostgresConnection) throws -> [Int64] {
      var inserted: [Int64] = []
      for change in changes {
        switch change {
        case .insert(let table, let id, let columns, let values):
          var bindings = PostgresBindings(capacity: values.count + 1)
          if let id { bindings.append(id) }
          for value in values { PostgresValues.append(value, to: &bindings) }
          let sql = PostgresSQL.insert(table: table, explicitID: id != nil, columns: columns)
          let result = try connections.run(sql, bindings, on: connection)
          guard let cell = result.rows.first?.first else {
            throw StoreError(.database, "the insert returned no id", table: table)
          }
          inserted.append(try cell.decode(Int64.self))
          if id != nil { _ = try connections.run(PostgresSQL.advanceSequence(table: table), on: connection) }
        case .update(let table, let id, let columns, let values):
          guard !columns.isEmpty else { continue }
          var bindings = PostgresValues.bindings(values)
          bindings.append(id)
          let result = try connections.run(PostgresSQL.update(table: table, columns: columns), bindings, on: connection)
          guard (result.metadata.rows ?? 0) > 0 else {
            throw StoreError(.notFound, "the row is no longer in the database", table: table, row: id)
          }
        case .delete(let table, let ids):
          guard !ids.isEmpty else { continue }
          var bindings = PostgresBindings()
          bindings.append(ids)
          _ = try connections.run(PostgresSQL.delete(table: table), bindings, on: connection)
        case .expect(let table, let id, let columns, let values):
          var bindings = PostgresBindings()
          bindings.append(id)
          let result = try connections.run(
            PostgresSQL.lockRow(table: table, columns: columns), bindings, on: connection)
          guard let row = result.rows.first else {
            throw StoreError(.notFound, "the row is no longer in the database", table: table, row: id)
          }
          for ((column, value), cell) in zip(zip(columns, values), row)
          where try PostgresValues.storeValue(cell) != value {
            throw StoreError(
              .conflict, "the value was changed by someone else since", table: table, row: id, column: column)
          }
        }
      }
      return inserted
    }

    /// Runs `body`, its errors as store errors.
    private func run<Result>(table: String?, _ body: () throws -> Result) throws(StoreError) -> Result {
      do {
        return try body()
      } catch {
        let failure = PostgresErrors.storeError(error, table: table)
        logger.log(
          level: failure.kind == .database ? .error : .debug,
          "PostgreSQL call failed: \(PostgresErrors.loggable(error, failure))",
          metadata: ["schema": "\(schema ?? "-")", "table": "\(table ?? "-")", "kind": "\(failure.kind.rawValue)"])
        throw failure
      }
    }

    /// `changes` with each insert's id, as the database gave it.
    private static func withInsertedIDs(_ changes: [StoreChange], _ inserted: [Int64]) -> [StoreChange] {
      var ids = inserted.makeIterator()
      return changes.map { change in
        guard case .insert(let table, _, let columns, let values) = change else { return change }
        return .insert(table: table, id: ids.next(), columns: columns, values: values)
      }
    }

    /// The tables `changes` touch, each once, in order.
    private static func tables(of changes: [StoreChange]) -> [String] {
      var seen: Set<String> = []
      return changes.map(\.table).filter { seen.insert($0).inserted }
    }
  }

  extension PostgresStore {
    /// Runs `sql` (one statement, no parameters) outside the store's methods: for tests that change a
    /// table as another program would.
    func execute(_ sql: String) throws(StoreError) {
      try run(table: nil) {
        _ = try connections.withConnection { connection in try connections.run(sql, on: connection) }
      }
    }
  }
#endif
