#if Postgres
  import BinderyStore
  import Foundation
  import Testing

  @testable import BinderyPostgres

  @Suite("PostgreSQL timeouts for people (no server)")
  struct PostgresTimeoutTextTests {
    @Test("a timeout reads as milliseconds under a second, else as seconds with at most three decimals")
    func described() {
      let texts = [Duration.milliseconds(250), .seconds(1), .milliseconds(1500), .milliseconds(30_001), .seconds(30)]
        .map { PostgresBlocking.describe(PostgresBlocking.timeAmount($0)) }
      #expect(texts == ["250 ms", "1 s", "1.5 s", "30.001 s", "30 s"])
    }

    @Test("a duration too long for NIO's nanoseconds becomes the longest it takes, a negative one none")
    func extremes() {
      let longest = PostgresBlocking.timeAmount(.seconds(Int64.max))
      #expect(longest.nanoseconds == Int64.max)
      #expect(PostgresBlocking.describe(longest) == "9223372036.855 s")
      #expect(PostgresBlocking.timeAmount(.seconds(-1)).nanoseconds == 0)
    }
  }

  @Suite("PostgresStore's query timeout against a server", .enabled(if: StoreKind.postgresURL != nil))
  struct PostgresTimeoutTests {
    let url = StoreKind.postgresURL ?? ""
    let schema = freshSchema()

    /// A store whose statements may take 1 s, with a contact table holding Ada (id 1); a second store on
    /// the same schema, to hold a lock; and a view of the server's processes (`id`, the process id, and
    /// `waiting`, what it waits for), read with `fetch`.
    private func stores() throws -> (store: PostgresStore, holder: PostgresStore) {
      let store = try PostgresStore(url: url, schema: schema, queryTimeout: .seconds(1))
      _ = try store.prepare(Contact.entity.storeTable)
      try store.apply([
        .insert(
          table: "contact", id: nil, columns: ["name", "email", "age", "nickname"],
          values: [.text("Ada"), .text("ada@example.org"), .integer(36), .null])
      ])
      let holder = try PostgresStore(url: url, schema: schema)
      try holder.execute(
        "CREATE VIEW backend AS SELECT pid::bigint AS id, COALESCE(wait_event_type, '') AS waiting "
          + "FROM pg_stat_activity")
      try holder.execute("CREATE VIEW own_backend AS SELECT pg_backend_pid()::bigint AS id")
      return (store, holder)
    }

    /// Runs `body` while `holder` has Ada's row locked in an open transaction. (A store's call takes its
    /// idle connection and gives it back: called one after another, `holder`'s calls share its one
    /// connection, and with it the transaction.)
    private func whileAdaIsLocked(by holder: PostgresStore, _ body: () throws -> Void) throws {
      try holder.execute("BEGIN")
      defer { try? holder.execute("ROLLBACK") }
      try holder.execute("SELECT id FROM contact WHERE id = 1 FOR UPDATE")
      try body()
    }

    /// The server process of the connection `store` calls on next.
    private func backend(of store: PostgresStore) throws -> Int64 {
      try #require(try store.fetch(StoreQuery(table: "own_backend", columns: [])).first).id
    }

    private func names(_ store: PostgresStore) throws -> [StoreValue] {
      try store.fetch(StoreQuery(table: "contact", columns: ["name"])).map { $0.values[0] }
    }

    private func renameAda(_ store: PostgresStore) throws {
      try store.apply([.update(table: "contact", id: 1, columns: ["name"], values: [.text("Changed")])])
    }

    /// Whether `error` is the store's timeout error, after `limit`.
    private func isTimeout(_ error: any Error, after limit: String) -> Bool {
      guard let error = error as? StoreError else { return false }
      return error.kind == .database && error.message.contains("timed out after \(limit)")
    }

    @Test(
      "an apply that waits for a row another transaction locked throws a timeout error after about the query timeout, writes nothing, and the next call works on a new connection"
    )
    func lockedRow() throws {
      let (store, holder) = try stores()
      let first = try backend(of: store)
      var elapsed = 0.0
      try whileAdaIsLocked(by: holder) {
        let start = Date()
        #expect {
          try store.apply([
            .insert(
              table: "contact", id: nil, columns: ["name", "email", "age", "nickname"],
              values: [.text("Bob"), .text("bob@example.org"), .integer(40), .null]),
            .update(table: "contact", id: 1, columns: ["name"], values: [.text("Changed")]),
          ])
        } throws: { error in
          isTimeout(error, after: "1 s")
        }
        elapsed = Date().timeIntervalSince(start)
      }
      #expect(elapsed >= 0.95 && elapsed < 3, "the apply gave up after \(elapsed) s")
      // Neither the insert nor the update was written.
      #expect(try names(store) == [.text("Ada")])
      // The connection that timed out was closed, not kept.
      #expect(try backend(of: store) != first)
      try renameAda(store)
      #expect(try names(store) == [.text("Changed")])
    }

    @Test(
      "without the server's statement_timeout, as with a server that does not answer, the store's own limit ends the wait and closes the connection, and the server rolls back"
    )
    func clientLimit() throws {
      let (store, holder) = try stores()
      // Only on the store's one connection, which its next calls use: the server no longer cancels them.
      try store.execute("SET statement_timeout = 0")
      let abandoned = try backend(of: store)
      var elapsed = 0.0
      try whileAdaIsLocked(by: holder) {
        let start = Date()
        #expect {
          try renameAda(store)
        } throws: { error in
          isTimeout(error, after: "1 s") && (error as? StoreError)?.message.contains("did not answer") == true
        }
        elapsed = Date().timeIntervalSince(start)
        // The server process still waits for the lock: only the client gave up.
        let waiting = try store.fetch(StoreQuery(table: "backend", columns: ["waiting"], ids: [abandoned]))
        #expect(waiting.map(\.values) == [[.text("Lock")]])
      }
      #expect(elapsed >= 0.95 && elapsed < 3, "the apply gave up after \(elapsed) s")
      // Once it has the lock, the process finds its connection closed and ends, rolling back.
      let ended = try eventually {
        try store.fetch(StoreQuery(table: "backend", columns: [], ids: [abandoned])).isEmpty
      }
      #expect(ended, "server process \(abandoned) is still there")
      #expect(try names(store) == [.text("Ada")])
      try renameAda(store)
      #expect(try names(store) == [.text("Changed")])
    }

    @Test("a statement that runs longer than the query timeout is cut off, and the next one runs")
    func longStatement() throws {
      let store = try PostgresStore(url: url, schema: schema, queryTimeout: .milliseconds(500))
      let start = Date()
      #expect {
        try store.execute("SELECT pg_sleep(5)")
      } throws: { error in
        isTimeout(error, after: "500 ms")
      }
      let elapsed = Date().timeIntervalSince(start)
      #expect(elapsed >= 0.45 && elapsed < 2.5, "the statement was cut off after \(elapsed) s")
      try store.execute("SELECT 1")
    }
  }
#endif
