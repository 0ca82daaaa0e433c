// Built with the package's Postgres trait; without it the module is empty.
#if Postgres
  import Bindery
  import BinderyStore
  import Synchronization
  import Dispatch
  import NIOCore
  import PostgresNIO

  /// Listens on a connection of its own for the notifications stores send after each apply, and hands
  /// them to a handler as notices, in the order they came; connects again when the connection drops.
  final class PostgresChangeListener: Sendable {
    private let connections: PostgresConnections
    private let schema: String?
    private let handler: @Sendable (StoreNotice) -> Void
    private let queue = DispatchQueue(label: "BinderyPostgres.changes")
    private let state = Locked(State())

    /// The longest wait between two attempts to connect.
    static let longestBackoff = TimeAmount.seconds(5)

    private struct State {
      var cancelled = false
      var connection: PostgresConnection?
      var listening: PostgresListenContext?
      var retry: Scheduled<Void>?
      var failures = 0
      var connectedBefore = false
      var seen: Set<String> = []
    }

    /// A listener for the store whose connections are `connections`, in `schema`; not yet started.
    init(connections: PostgresConnections, schema: String?, handler: @escaping @Sendable (StoreNotice) -> Void) {
      self.connections = connections
      self.schema = schema
      self.handler = handler
    }

    /// Connects and listens.
    func start() { connect() }

    /// Stops listening and closes the connection; the handler is not called again.
    func cancel() {
      let (connection, listening, retry) = state.withLock { state in
        state.cancelled = true
        defer {
          state.connection = nil
          state.listening = nil
          state.retry = nil
        }
        return (state.connection, state.listening, state.retry)
      }
      retry?.cancel()
      listening?.stop()
      if let connection { PostgresConnector.close(connection) }
    }

    /// The wait before attempt number `failures + 1`: 100 ms, doubled after each failure, at most
    /// ``longestBackoff``.
    static func backoff(afterFailures failures: Int) -> TimeAmount {
      let milliseconds = 100 << min(max(failures - 1, 0), 10)
      return min(.milliseconds(Int64(milliseconds)), longestBackoff)
    }

    private var isCancelled: Bool { state.withLock { $0.cancelled } }

    private func connect() {
      guard !isCancelled else { return }
      var connector = connections.connector
      connector.role = "listener"
      connector.open().whenComplete { result in
        switch result {
        case .success(let lease): self.listen(on: lease.connection)
        case .failure: self.retryLater()
        }
      }
    }

    /// Adds the handler, then sends `LISTEN` (so no notification falls between the two).
    private func listen(on connection: PostgresConnection) {
      guard !isCancelled else { return PostgresConnector.close(connection) }
      let listening = connection.addListener(channel: PostgresSQL.channel) { _, notification in
        self.received(payload: notification.payload, from: notification.backendPID)
      }
      let listen = PostgresQuery(unsafeSQL: "LISTEN \(PostgresSQL.channel)")
      connection.query(listen, logger: connections.connector.logger).whenComplete { result in
        guard case .success = result else {
          listening.stop()
          PostgresConnector.close(connection)
          return self.retryLater()
        }
        let reconnected: Bool? = self.state.withLock { state in
          guard !state.cancelled else { return nil }
          state.connection = connection
          state.listening = listening
          state.failures = 0
          defer { state.connectedBefore = true }
          return state.connectedBefore
        }
        guard let reconnected else {
          listening.stop()
          return PostgresConnector.close(connection)
        }
        connection.closeFuture.whenComplete { _ in self.lost(connection) }
        if reconnected {
          self.connections.logger.info(
            "PostgreSQL change listener listening again; every table it knew is read again",
            metadata: ["schema": "\(self.schema ?? "-")"])
        }
        // Once listening (the first time too, and again after a lost connection), every table known
        // is named: a change made before the listener was up, or while it was away, is then read.
        let tables = self.state.withLock { $0.seen }.union(self.connections.tables).sorted()
        self.queue.async {
          for table in tables where !self.isCancelled { self.handler(StoreNotice(table: table, changes: nil)) }
        }
      }
    }

    private func received(payload: String, from backendPID: Int32) {
      let isOwn = connections.isOwn(backendPID: backendPID)
      guard let notice = PostgresNotice.notice(inPayload: payload, schema: schema, isOwn: isOwn) else { return }
      let live = state.withLock { state in
        if !isOwn { state.seen.insert(notice.table) }
        return !state.cancelled
      }
      guard live else { return }
      queue.async { if !self.isCancelled { self.handler(notice) } }
    }

    private func lost(_ connection: PostgresConnection) {
      let (current, listening) = state.withLock { state -> (Bool, PostgresListenContext?) in
        guard state.connection === connection else { return (false, nil) }
        defer {
          state.connection = nil
          state.listening = nil
        }
        return (!state.cancelled, state.listening)
      }
      listening?.stop()
      guard current else { return }
      connections.logger.warning(
        "PostgreSQL change listener lost its connection; connecting again", metadata: ["schema": "\(schema ?? "-")"])
      retryLater()
    }

    private func retryLater() {
      let loop = PostgresBlocking.eventLoopGroup.next()
      state.withLock { state in
        guard !state.cancelled else { return }
        state.failures += 1
        state.retry = loop.scheduleTask(in: Self.backoff(afterFailures: state.failures)) { self.connect() }
      }
    }
  }
#endif
