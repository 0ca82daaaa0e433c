import BinderySQLite
import BinderyStore
import Foundation
import Logging
import Testing

#if Postgres
  import BinderyPostgres
#endif

@Suite("Stores log their own failures, never the values, and nothing when a call succeeds")
struct StoreLoggingTests {
  /// One insert of a contact with `email`.
  private func insert(email: String) -> [StoreChange] {
    [
      .insert(
        table: "contact", id: nil, columns: ["name", "email", "age", "nickname"],
        values: [.text("Private Name"), .text(email), .integer(30), .null])
    ]
  }

  @Test("a SQLite file that cannot be opened is logged at the error level as bindery.sqlite, naming the file")
  func sqliteOpenFailure() {
    let log = LogCapture()
    let path = "/nonexistent-folder/x/people.sqlite"
    #expect(throws: StoreError.self) { try SQLiteStore(path: path, logger: log.logger("bindery.sqlite")) }
    let logged = log.logged(atLeast: .error)
    #expect(logged.count == 1)
    #expect(logged.first?.message.contains("open failed") == true)
    #expect(logged.first?.metadata["file"] == path)
  }

  @Test(
    "SQLite: successful calls log nothing; a refused value is logged at the debug level with its table, not its value")
  func sqliteRefusedValue() throws {
    let log = LogCapture()
    let store = try SQLiteStore(logger: log.logger("bindery.sqlite"))
    _ = try store.prepare(Contact.entity.storeTable)
    try store.apply(insert(email: "private@example.org"))
    _ = try store.fetch(StoreQuery(table: "contact", columns: ["name"]))
    #expect(log.all.isEmpty)
    #expect(throws: StoreError.self) { try store.apply(insert(email: "private@example.org")) }
    #expect(log.all.map(\.level) == [.debug])
    #expect(log.all.first?.metadata["table"] == "contact")
    #expect(log.all.first?.metadata["kind"] == "constraint")
    #expect(!log.all.contains { $0.text.contains("private@") || $0.text.contains("Private Name") })
  }

  #if Postgres
    @Test(
      "a PostgreSQL server that cannot be reached is logged at the error level as a failed open",
      .enabled(if: StoreKind.postgresURL != nil))
    func postgresOpenFailure() {
      let log = LogCapture()
      // Nothing listens on port 1.
      #expect(throws: StoreError.self) {
        try PostgresStore(url: "postgres://postgres@127.0.0.1:1/x", logger: log.logger("bindery.postgres"))
      }
      #expect(log.logged(atLeast: .error).contains { $0.message.contains("open failed") })
    }

    @Test(
      "PostgreSQL: successful calls log nothing; a refused value is logged at the debug level with its SQLSTATE only",
      .enabled(if: StoreKind.postgresURL != nil))
    func postgresRefusedValue() throws {
      let log = LogCapture()
      let store = try PostgresStore(
        url: StoreKind.postgresURL ?? "", schema: freshSchema(), logger: log.logger("bindery.postgres"))
      _ = try store.prepare(Contact.entity.storeTable)
      try store.apply(insert(email: "private@example.org"))
      _ = try store.fetch(StoreQuery(table: "contact", columns: ["name"]))
      #expect(log.all.isEmpty)
      #expect(throws: StoreError.self) { try store.apply(insert(email: "private@example.org")) }
      #expect(log.all.map(\.level) == [.debug])
      #expect(log.all.first?.message.contains("SQLSTATE 23505") == true)
      #expect(!log.all.contains { $0.text.contains("private@") || $0.text.contains("Private Name") })
    }
  #endif
}
