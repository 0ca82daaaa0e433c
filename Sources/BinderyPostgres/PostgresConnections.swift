// Built with the package's Postgres trait; without it the module is empty.
#if Postgres
  import Bindery
  import Synchronization
  import BinderyStore
  import Logging
  import NIOCore
  import PostgresNIO

  /// A connection and the server process behind it.
  struct PostgresLease: Sendable {
    /// The connection.
    let connection: PostgresConnection
    /// The server process's id, as notifications name it.
    let backendPID: Int32
  }

  /// Opens connections to one database, each with the store's schema as its search path.
  struct PostgresConnector: Sendable {
    /// The server, user and database.
    let configuration: PostgresConnection.Configuration
    /// The schema for unqualified names, when the store has one.
    let schema: String?
    /// The longest a connection may take to open, logging in and setting up included.
    let timeout: TimeAmount
    /// What the server shows as the connections' `application_name`: `bindery`, then the schema.
    var applicationName: String {
      ["bindery", role, schema].compactMap { $0 }.joined(separator: " ")
    }
    /// What the connections are for, when not the store's calls (`listener`).
    var role: String?
    /// postgres-nio's log: nowhere (a store reports by throwing).
    let logger = Logger(label: "BinderyPostgres", factory: { _ in SwiftLogNoOpLogHandler() })

    private static let nextID = Atomic<Int>(1)

    /// A connection with the schema set and its backend's id known; fails after ``timeout``.
    func open() -> EventLoopFuture<PostgresLease> {
      let loop = PostgresBlocking.eventLoopGroup.next()
      let id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
      let schema = schema
      let logger = logger
      var configuration = configuration
      configuration.options.additionalStartupParameters.append(("application_name", applicationName))
      let opened = PostgresConnection.connect(on: loop, configuration: configuration, id: id, logger: logger)
        .flatMap { connection -> EventLoopFuture<PostgresLease> in
          let ready: EventLoopFuture<Void> =
            if let schema {
              connection.query(PostgresQuery(unsafeSQL: PostgresSQL.setSearchPath(schema)), logger: logger).map { _ in }
            } else {
              loop.makeSucceededVoidFuture()
            }
          return ready.flatMap {
            connection.query("SELECT pg_backend_pid()", logger: logger)
          }.flatMapThrowing { result in
            guard let cell = result.rows.first?.first else {
              throw StoreError(.database, "the server did not say its process id")
            }
            return PostgresLease(connection: connection, backendPID: try cell.decode(Int32.self))
          }.flatMapErrorWithEventLoop { error, loop in
            Self.close(connection)
            return loop.makeFailedFuture(error)
          }
        }
      return PostgresBlocking.limit(opened, to: timeout, what: "connecting to PostgreSQL") { lease in
        Self.close(lease.connection)
      }
    }

    /// Closes `connection` without waiting, keeping it until it is closed (postgres-nio wants a
    /// connection closed before it goes).
    static func close(_ connection: PostgresConnection) {
      guard !connection.isClosed else { return }
      connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
    }
  }

  /// A store's connections: one per call at a time, kept for the next call while the server keeps them
  /// open; a connection the server dropped is left, and the next call opens a new one.
  final class PostgresConnections: Sendable {
    /// How connections are opened.
    let connector: PostgresConnector
    private let state = Locked(State())
    /// How many idle connections are kept.
    private static let idleLimit = 4

    private struct State {
      var idle: [PostgresLease] = []
      /// The open connections (idle or in use), by their server process's id.
      var open: [Int32: PostgresConnection] = [:]
      var tables: Set<String> = []
      var closed = false
    }

    init(connector: PostgresConnector) {
      self.connector = connector
    }

    /// Whether the server process `backendPID` is one of this store's open connections: its
    /// notifications are the store's own. (A connection the server dropped no longer counts, since its
    /// process id may come back for another client's connection.)
    func isOwn(backendPID: Int32) -> Bool {
      state.withLock { state in state.open[backendPID].map { !$0.isClosed } ?? false }
    }

    /// The tables this store prepared, read or changed.
    var tables: Set<String> { state.withLock { $0.tables } }

    /// Remembers `table` as one this store uses.
    func use(_ table: String) {
      _ = state.withLock { $0.tables.insert(table) }
    }

    /// Runs `body` with a connection of its own, waiting on the calling thread.
    func withConnection<Result>(_ body: (PostgresConnection) throws -> Result) throws -> Result {
      let lease = try take()
      do {
        let result = try body(lease.connection)
        giveBack(lease)
        return result
      } catch {
        if PostgresErrors.leavesConnectionUsable(error) {
          giveBack(lease)
        } else {
          discard(lease)
        }
        throw error
      }
    }

    /// Runs `sql` with `bindings` on `connection`, waiting for all its rows.
    func run(
      _ sql: String, _ bindings: PostgresBindings = PostgresBindings(), on connection: PostgresConnection
    ) throws -> PostgresQueryResult {
      try PostgresBlocking.wait(
        connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: connector.logger))
    }

    /// Runs `body` in a transaction on a connection of its own: committed when `commit` is true and
    /// `body` returns, else rolled back.
    func inTransaction<Result>(commit: Bool = true, _ body: (PostgresConnection) throws -> Result) throws -> Result {
      try withConnection { connection in
        _ = try run("BEGIN", on: connection)
        let result: Result
        do {
          result = try body(connection)
        } catch {
          rollBack(connection)
          throw error
        }
        if commit {
          _ = try run("COMMIT", on: connection)
        } else {
          rollBack(connection)
        }
        return result
      }
    }

    /// Closes the idle connections; later calls open none.
    func close() {
      let idle = state.withLock { state in
        state.closed = true
        defer { state.idle = [] }
        return state.idle
      }
      for lease in idle { PostgresConnector.close(lease.connection) }
    }

    /// Rolls back; a connection that cannot is closed, so no transaction stays open on it.
    private func rollBack(_ connection: PostgresConnection) {
      guard !connection.isClosed else { return }
      do {
        _ = try run("ROLLBACK", on: connection)
      } catch {
        PostgresConnector.close(connection)
      }
    }

    /// An idle connection the server still keeps, or a new one.
    private func take() throws -> PostgresLease {
      while true {
        let next: PostgresLease?? = state.withLock { state in
          if state.closed { return .some(nil) }
          guard let lease = state.idle.popLast() else { return nil }
          return .some(lease)
        }
        switch next {
        case .some(nil):
          throw StoreError(.database, "the store is closed")
        case .some(let lease?):
          if !lease.connection.isClosed { return lease }
          forget(lease)
        case nil:
          let lease = try PostgresBlocking.wait(connector.open())
          state.withLock { $0.open[lease.backendPID] = lease.connection }
          return lease
        }
      }
    }

    /// Removes `lease` from the open connections.
    private func forget(_ lease: PostgresLease) {
      state.withLock { state in
        if state.open[lease.backendPID] === lease.connection { state.open[lease.backendPID] = nil }
      }
    }

    /// Closes `lease`'s connection and forgets it.
    private func discard(_ lease: PostgresLease) {
      forget(lease)
      PostgresConnector.close(lease.connection)
    }

    /// Keeps `lease` for the next call, unless the server dropped it or enough are kept.
    private func giveBack(_ lease: PostgresLease) {
      let kept = state.withLock { state in
        guard !state.closed, !lease.connection.isClosed, state.idle.count < Self.idleLimit else {
          if state.open[lease.backendPID] === lease.connection { state.open[lease.backendPID] = nil }
          return false
        }
        state.idle.append(lease)
        return true
      }
      if !kept { PostgresConnector.close(lease.connection) }
    }
  }
#endif
