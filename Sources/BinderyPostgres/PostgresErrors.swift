// Built with the package's Postgres trait; without it the module is empty.
#if Postgres
  import BinderyStore
  import NIOCore
  import PostgresNIO

  /// Errors from PostgreSQL and postgres-nio as store errors.
  enum PostgresErrors {
    /// `error` as a store error: an integrity-constraint violation (SQLSTATE class 23: `CHECK`,
    /// `UNIQUE`, `NOT NULL`, foreign key) as ``BinderyStore/StoreError/Kind/constraint`` with the
    /// server's message, anything else as ``BinderyStore/StoreError/Kind/database``.
    static func storeError(_ error: any Error, table: String?) -> StoreError {
      if let error = error as? StoreError { return error }
      if let error = error as? PSQLError {
        if let server = error.serverInfo {
          let message = server[.message] ?? "PostgreSQL error"
          let state = server[.sqlState] ?? ""
          if state.hasPrefix("23") {
            return StoreError(.constraint, "the database refused the value (\(message))", table: table)
          }
          return StoreError(.database, state.isEmpty ? message : "\(message) (SQLSTATE \(state))", table: table)
        }
        return StoreError(.database, "PostgreSQL connection: \(describe(error.code))", table: table)
      }
      return StoreError(.database, "\(error)", table: table)
    }

    /// Whether a connection that failed with `error` can serve the next call: after the store's own
    /// errors and the server's plain `ERROR`s (a refused value, an unknown table) it can; after a
    /// connection error or a `FATAL` one (the server shutting down, the session terminated) it is
    /// dropped, even before postgres-nio sees it closed.
    static func leavesConnectionUsable(_ error: any Error) -> Bool {
      if error is StoreError { return true }
      guard let error = error as? PSQLError, error.code == .server, let server = error.serverInfo else { return false }
      let state = server[.sqlState] ?? ""
      // Class 08: connection exception; 57: operator intervention (shutdown, terminated backend).
      guard !state.hasPrefix("08"), !state.hasPrefix("57") else { return false }
      return (server[.severity] ?? "ERROR") == "ERROR"
    }

    /// Whether `error` is the server's `query_canceled` (SQLSTATE 57014): its `statement_timeout`
    /// ran out, or another session cancelled the statement.
    static func isCancelled(_ error: any Error) -> Bool {
      (error as? PSQLError)?.serverInfo?[.sqlState] == "57014"
    }

    /// What the log says of `error`, which became `failure`: the store's message, but only the
    /// SQLSTATE for a refused or malformed value (classes 22 and 23), whose server message may quote
    /// the value.
    static func loggable(_ error: any Error, _ failure: StoreError) -> String {
      guard let state = (error as? PSQLError)?.serverInfo?[.sqlState], state.hasPrefix("22") || state.hasPrefix("23")
      else { return failure.message }
      return "SQLSTATE \(state)"
    }

    /// A connection error's code, for people.
    private static func describe(_ code: PSQLError.Code) -> String {
      switch code {
      case .serverClosedConnection: "the server closed the connection"
      case .clientClosedConnection: "the connection was closed"
      case .connectionError: "the connection to the server failed"
      case .unsupportedAuthMechanism, .authMechanismRequiresPassword, .saslError: "could not log in (\(code))"
      default: "\(code)"
      }
    }
  }

  /// A wait for the server that took longer than it was given.
  struct PostgresTimeout: Error, CustomStringConvertible {
    /// What was waited for: `connecting to PostgreSQL`, `the statement`.
    let what: String
    /// How long it was given.
    let limit: TimeAmount
    /// What follows the time in the message, when there is more to say.
    var detail: String?

    var description: String {
      "\(what) timed out after \(PostgresBlocking.describe(limit))" + (detail.map { " \($0)" } ?? "")
    }
  }
#endif
