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
    /// The longest one statement may take: the server's `statement_timeout` on every connection, so
    /// that the server cancels a statement that runs longer; a store that hears nothing from the
    /// server by ``answerLimit`` stops waiting too.
    let queryTimeout: Duration
    /// What the server shows as the connections' `application_name`: `bindery`, then the schema.
    var applicationName: String {
      ["bindery", role, schema].compactMap { $0 }.joined(separator: " ")
    }
    /// What the connections are for, when not the store's calls (`listener`).
    var role: String?
    /// postgres-nio's log: nowhere (a store reports by throwing).
    let logger = Logger(label: "BinderyPostgres", factory: { _ in SwiftLogNoOpLogHandler() })

    private static let nextID = Atomic<Int>(1)

    /// ``queryTimeout`` for NIO.
    var queryLimit: TimeAmount { PostgresBlocking.timeAmount(queryTimeout) }

    /// ``queryTimeout`` as the server's `statement_timeout`: whole milliseconds, rounded up, from 1 (0
    /// would mean none) to the largest it takes.
    var statementTimeout: Int64 {
      min(max(PostgresBlocking.milliseconds(queryLimit), 1), Int64(Int32.max))
    }

    /// How long the store waits for the server's answer to a statement: ``queryTimeout`` and a tenth
    /// of it more (at most 1 s more), so that a server that answers reports its own cancellation first
    /// and only one that does not answer is cut off by the store.
    var answerLimit: TimeAmount {
      let limit = queryLimit.nanoseconds
      let (total, overflow) = limit.addingReportingOverflow(min(limit / 10, 1_000_000_000))
      return .nanoseconds(overflow ? .max : total)
    }

    /// A connection with the schema set and its backend's id known; fails after ``timeout``.
    func open() -> EventLoopFuture<PostgresLease> {
      let loop = PostgresBlocking.eventLoopGroup.next()
      let id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
      let schema = schema
      let logger = logger
      let statementTimeout = statementTimeout
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
            connection.query(
              PostgresQuery(unsafeSQL: PostgresSQL.backendPID(statementTimeout: statementTimeout)), logger: logger)
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
    /// The store's log: connections lost, and the next one opened.
    let logger: Logger
    private let state = Locked(State())
    /// How many idle connections are kept.
    private static let idleLimit = 4

    private struct State {
      var idle: [PostgresLease] = []
      /// The open connections (idle or in use), by their server process's id.
      var open: [Int32: PostgresConnection] = [:]
      var tables: Set<String> = []
      var closed = false
      /// Whether a connection was lost (or could not be opened) since one last opened: the next one
      /// opened is logged.
      var lost = false
    }

    init(connector: PostgresConnector, logger: Logger) {
      self.connector = connector
      self.logger = logger
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
          lostConnection("closed after a failed call: \(PostgresErrors.storeError(error, table: nil).message)")
        }
        throw error
      }
    }

    /// Runs `sql` with `bindings` on `connection`, waiting for all its rows. A statement that takes
    /// longer than the connector's ``PostgresConnector/queryTimeout`` (the server cancelled it, or did
    /// not answer within ``PostgresConnector/answerLimit``) throws a ``PostgresTimeout`` naming `what`,
    /// followed by `consequence` when given, and closes `connection`: the server then rolls back the
    /// transaction it was in, and ``withConnection(_:)`` does not keep it.
    func run(
      _ sql: String, _ bindings: PostgresBindings = PostgresBindings(), on connection: PostgresConnection,
      what: String = "the statement", consequence: String? = nil
    ) throws -> PostgresQueryResult {
      let limit = connector.queryLimit
      let started = NIODeadline.now()
      let query = connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: connector.logger)
      func timeout(answered: Bool) -> PostgresTimeout {
        PostgresConnector.close(connection)
        let why = "(the store's query timeout\(answered ? "" : "; the server did not answer"))"
        return PostgresTimeout(what: what, limit: limit, detail: why + (consequence.map { ": \($0)" } ?? ""))
      }
      do {
        return try PostgresBlocking.wait(
          PostgresBlocking.limit(query, to: connector.answerLimit, what: what) { _ in })
      } catch is PostgresTimeout {
        throw timeout(answered: false)
      } catch {
        // The server's statement_timeout, counted from when the statement reached it, ran out.
        guard PostgresErrors.isCancelled(error), NIODeadline.now() - started >= limit else { throw error }
        throw timeout(answered: true)
      }
    }

    /// Runs `body` in a transaction on a connection of its own: committed when `commit` is true and
    /// `body` returns, else rolled back. After an error that leaves the connection unusable (a
    /// statement that timed out, a dropped connection) it is closed instead, which rolls back too.
    func inTransaction<Result>(commit: Bool = true, _ body: (PostgresConnection) throws -> Result) throws -> Result {
      try withConnection { connection in
        _ = try run("BEGIN", on: connection)
        let result: Result
        do {
          result = try body(connection)
        } catch {
          if PostgresErrors.leavesConnectionUsable(error) {
            rollBack(connection)
          } else {
            PostgresConnector.close(connection)
          }
          throw error
        }
        if commit {
          _ = try run(
            "COMMIT", on: connection, what: "COMMIT", consequence: "the transaction may or may not have been written")
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
          lostConnection("the server closed an idle connection")
        case nil:
          let lease: PostgresLease
          do {
            lease = try PostgresBlocking.wait(connector.open())
          } catch {
            state.withLock { $0.lost = true }
            throw error
          }
          let reconnected = state.withLock { state in
            state.open[lease.backendPID] = lease.connection
            defer { state.lost = false }
            return state.lost
          }
          if reconnected {
            logger.info("PostgreSQL connection opened again after one was lost", metadata: metadata)
          }
          return lease
        }
      }
    }

    /// Logs a connection lost (`why`), and that the next one opened is to be logged.
    private func lostConnection(_ why: String) {
      state.withLock { $0.lost = true }
      logger.warning("PostgreSQL connection lost: \(why); the next call opens a new one", metadata: metadata)
    }

    /// The schema, for the log.
    private var metadata: Logger.Metadata { ["schema": "\(connector.schema ?? "-")"] }

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
