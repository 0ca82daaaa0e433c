#if Postgres
  import Bindery
  import BinderyStore
  import Foundation
  import Testing

  @testable import BinderyPostgres

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  @Suite("PostgreSQL URLs and SQL text (no server)")
  struct PostgresTextTests {
    @Test("a URL gives the user, password, host, port and database, percent-decoded")
    func fullURL() throws {
      let url = try PostgresURL("postgres://app%40corp:p%3Ass@db.example.org:6543/people%20db")
      #expect(url.user == "app@corp")
      #expect(url.password == "p:ss")
      #expect(url.host == "db.example.org")
      #expect(url.port == 6543)
      #expect(url.database == "people db")
    }

    @Test("postgresql:// works too; the port defaults to 5432 and the database to the user")
    func defaults() throws {
      let url = try PostgresURL("postgresql://ada@localhost")
      #expect(url.password == nil)
      #expect(url.port == 5432)
      #expect(url.database == "ada")
      let ipv6 = try PostgresURL("postgres://ada@[::1]:55432/x?sslmode=disable")
      #expect(ipv6.host == "::1")
      #expect(ipv6.port == 55432)
    }

    @Test(
      "a URL that is not a PostgreSQL one is a database error, with its password hidden",
      arguments: [
        "mysql://ada:secret@localhost/x", "postgres://localhost/x", "postgres://ada:secret@:5432/x",
        "postgres://ada:secret@host:99999/x", "postgres://ada:secret@host:port/x", "postgres://ada:secret@[::1/x",
        "postgres://ada:secret@host/x?sslmode=require", "postgres://ad%zz:secret@host/x", "",
      ])
    func badURLs(text: String) {
      #expect {
        _ = try PostgresURL(text)
      } throws: { error in
        guard let error = error as? StoreError else { return false }
        return error.kind == .database && !error.message.contains("secret")
      }
    }

    @Test("CREATE TABLE has a BIGSERIAL id, strict types, NOT NULL unless optional, then the constraints")
    func createTable() {
      let table = StoreTable(
        name: "contact",
        columns: [
          .init(name: "name", type: .text, admitsNull: false), .init(name: "age", type: .integer, admitsNull: false),
          .init(name: "vip", type: .boolean, admitsNull: false), .init(name: "score", type: .real, admitsNull: true),
          .init(name: "photo", type: .bytes, admitsNull: true),
        ],
        constraints: ["CHECK (age >= 0)"])
      #expect(
        PostgresSQL.createTable(table)
          == "CREATE TABLE contact (id BIGSERIAL PRIMARY KEY, name TEXT NOT NULL, age BIGINT NOT NULL, "
          + "vip BIGINT NOT NULL, score DOUBLE PRECISION, photo BYTEA, CHECK (age >= 0))")
    }

    @Test("a query numbers its parameters $1, $2… and orders NULLs as SQLite does, then by id")
    func select() {
      let query = StoreQuery(
        table: "contact", columns: ["name", "age"],
        condition: .all([.compare("age", .greater, .integer(30)), .contains("name", "a_%")]),
        order: [("name", true), ("age", false)], ids: [1, 2])
      let (sql, parameters) = PostgresSQL.select(query)
      #expect(
        sql
          == "SELECT id, name, age FROM contact WHERE (age > $1 AND LOWER(name) LIKE $2 ESCAPE '\\') AND id IN (1, 2) "
          + "ORDER BY name ASC NULLS FIRST, age DESC NULLS LAST, id")
      #expect(parameters == [.integer(30), .text("%a\\_\\%%")])
    }

    @Test("a notification names the table, after the schema when the store has one; other schemas are ignored")
    func payloads() {
      #expect(PostgresNotice.payload(table: "contact", schema: nil, changes: []) == "contact")
      #expect(PostgresNotice.payload(table: "contact", schema: "t_1", changes: []) == "t_1.contact")
      #expect(PostgresSQL.table(inPayload: "t_1.contact", schema: "t_1") == "contact")
      #expect(PostgresSQL.table(inPayload: "contact", schema: nil) == "contact")
      #expect(PostgresSQL.table(inPayload: "t_2.contact", schema: "t_1") == nil)
      #expect(PostgresSQL.table(inPayload: "contact", schema: "t_1") == nil)
      #expect(PostgresSQL.table(inPayload: "t_1.contact", schema: nil) == nil)
    }

    @Test("a notification carries the changes' values, every kind of value, and reads back the same")
    func payloadRoundTrip() {
      let changes: [StoreChange] = [
        .insert(
          table: "contact", id: 7, columns: ["name", "age", "score", "photo", "nickname"],
          values: [.text("Ada 'Byron'\nLovelace ✓"), .integer(-36), .real(0.1), .bytes([0, 0xAB, 0xFF]), .null]),
        .update(table: "contact", id: 7, columns: ["score", "name"], values: [.real(-.infinity), .text("")]),
        .delete(table: "contact", ids: [7, 9]),
      ]
      let payload = PostgresNotice.payload(table: "contact", schema: "t_1", changes: changes)
      let notice = PostgresNotice.notice(inPayload: payload, schema: "t_1", isOwn: true)
      #expect(notice == StoreNotice(table: "contact", changes: changes, isOwn: true))
      #expect(PostgresNotice.notice(inPayload: payload, schema: "t_2", isOwn: false) == nil)
    }

    @Test("a notification that cannot be read, or is too large to send, asks for the table to be read again")
    func payloadsThatCannotBeRead() {
      for payload in [
        "contact\nu 1 1 name t99:short ", "contact\nu 1 2 name n ", "contact\nx ", "contact\nu 1 -1 ",
        "contact\nd 99999999999 1 ", "contact\nu 1 1 name b0g ", "contact\nu 1 1 name i1", "contact\n",
        "contact\nu 1 1 name r1e9999x ",
      ] {
        let notice = PostgresNotice.notice(inPayload: payload, schema: nil, isOwn: false)
        #expect(notice == StoreNotice(table: "contact", changes: nil), "\(payload)")
      }
      let large = StoreChange.update(
        table: "contact", id: 1, columns: ["name"], values: [.text(String(repeating: "x", count: 8_000))])
      #expect(PostgresNotice.payload(table: "contact", schema: nil, changes: [large]) == "contact")
    }

    @Test("the listener waits 100 ms after a failure, twice as long after each next one, at most 5 s")
    func backoff() {
      let waits = (1...8).map { PostgresChangeListener.backoff(afterFailures: $0).nanoseconds / 1_000_000 }
      #expect(waits == [100, 200, 400, 800, 1600, 3200, 5000, 5000])
    }
  }

  /// What a change handler heard, in order.
  final class Heard: Sendable {
    private let heard = SharedLock<[StoreNotice]>([])

    /// Adds `notice`.
    func append(_ notice: StoreNotice) { heard.withLock { $0.append(notice) } }
    /// The tables other stores' notices named so far.
    var all: [String] { heard.withLock { $0.filter { !$0.isOwn }.map(\.table) } }
    /// Every notice so far.
    var notices: [StoreNotice] { heard.withLock { $0 } }
    /// Forgets what was heard.
    func clear() { heard.withLock { $0 = [] } }
  }

  /// Waits up to `seconds` for `condition`; whether it came true.
  func eventually(within seconds: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try condition() { return true }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return try condition()
  }

  @Suite("PostgresStore against a server", .enabled(if: StoreKind.postgresURL != nil))
  struct PostgresStoreTests {
    let url = StoreKind.postgresURL ?? ""
    let schema = freshSchema()

    private func contacts(_ store: PostgresStore) throws {
      _ = try store.prepare(Contact.entity.storeTable)
    }

    private func insert(_ store: PostgresStore, table: String = "contact", name: String) throws {
      if table == "contact" {
        try store.apply([
          .insert(
            table: "contact", id: nil, columns: ["name", "email", "age", "nickname"],
            values: [.text(name), .text("\(name)@example.org"), .integer(1), .null])
        ])
      } else {
        try store.apply([.insert(table: table, id: nil, columns: ["body"], values: [.text(name)])])
      }
    }

    /// Makes changes from `other` until `heard` has heard `table`: the listener is then listening.
    private func waitUntilListening(_ heard: Heard, other: PostgresStore, table: String = "contact") throws {
      var attempt = 0
      let ready = try eventually(within: 15) {
        attempt += 1
        try insert(other, table: table, name: "ready\(attempt)")
        return eventually(within: 0.3) { heard.all.contains(table) }
      }
      #expect(ready, "the listener never heard \(table)")
      // An earlier attempt's notice, or the listener's first notices, may still come: wait until none
      // does, so that what is heard from now on is the test's.
      repeat {
        heard.clear()
        Thread.sleep(forTimeInterval: 0.3)
      } while !heard.notices.isEmpty
    }

    @Test("a store hears other stores' changes with their values, in commit order, and its own marked as its own")
    func notifications() throws {
      let (store, other, heard, token) = try listeningOnTwoTables()
      try insert(store, name: "own")
      try insert(other, table: "note", name: "theirs")
      #expect(eventually { heard.all.contains("note") })
      Thread.sleep(forTimeInterval: 0.2)
      // (The listener's first notices, without changes, may come late: they are left out.)
      let notices = heard.notices.filter { $0.changes != nil }
      #expect(notices.map(\.table) == ["contact", "note"])
      #expect(notices.map(\.isOwn) == [true, false])
      guard case .insert("note", let id?, ["body"], [.text("theirs")])? = notices.last?.changes?.first else {
        Issue.record("the other store's insert, with its id and values: \(String(describing: notices.last))")
        return
      }
      #expect(try store.fetch(StoreQuery(table: "note", columns: ["body"], ids: [id])).count == 1)
      heard.clear()
      try other.apply([
        .update(table: "note", id: id, columns: ["body"], values: [.text("new\nline 'quoted' ünïcode")]),
        .delete(table: "note", ids: [id]),
      ])
      #expect(eventually { heard.notices.contains { $0.changes != nil } })
      #expect(
        heard.notices.first { $0.changes != nil }?.changes == [
          .update(table: "note", id: id, columns: ["body"], values: [.text("new\nline 'quoted' ünïcode")]),
          .delete(table: "note", ids: [id]),
        ])
      // A store in another schema changes a table of the same name: not this store's business.
      heard.clear()
      let elsewhere = try PostgresStore(url: url, schema: freshSchema())
      try contacts(elsewhere)
      try insert(elsewhere, name: "elsewhere")
      try insert(other, table: "note", name: "after")
      #expect(eventually { heard.all.count == 1 })
      #expect(heard.all == ["note"])
      token.unbind()
      heard.clear()
      try insert(other, table: "note", name: "unheard")
      Thread.sleep(forTimeInterval: 0.3)
      #expect(heard.notices.isEmpty)
    }

    @Test("changes too large for a notification are told as the table's name only, to be read again")
    func largeChanges() throws {
      let (_, other, heard, token) = try listeningOnTwoTables()
      defer { token.unbind() }
      try insert(other, table: "note", name: String(repeating: "x", count: 10_000))
      #expect(eventually { heard.all.contains("note") })
      #expect(heard.notices.last?.changes == nil)
    }

    /// A store listening (with `contact` and `note` tables), a second store on the same schema, and
    /// what the first hears.
    private func listeningOnTwoTables() throws -> (PostgresStore, PostgresStore, Heard, KeyValueObservation) {
      let store = try PostgresStore(url: url, schema: schema)
      let other = try PostgresStore(url: url, schema: schema)
      try contacts(store)
      _ = try store.prepare(StoreTable(name: "note", columns: [.init(name: "body", type: .text, admitsNull: false)]))
      let heard = Heard()
      let token = store.observeChanges { heard.append($0) }
      try waitUntilListening(heard, other: other)
      return (store, other, heard, token)
    }

    @Test("when its connection is cut, the listener connects again and names every table it knew")
    func listenerReconnects() throws {
      let (store, other, heard, token) = try listeningOnTwoTables()
      defer { token.unbind() }
      try store.execute(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'bindery listener \(schema)'")
      // Changed while the listener was away: the refetch it asks for picks it up.
      try insert(other, table: "note", name: "meanwhile")
      #expect(eventually { Set(heard.all).isSuperset(of: ["contact", "note"]) })
      heard.clear()
      try insert(other, name: "later")
      #expect(eventually { heard.all.contains("contact") })
    }

    @Test(
      "after the server restarts, the store works again and its listener names every table it knew",
      .enabled(if: ProcessInfo.processInfo.environment["BINDERY_POSTGRES_RESTART"] != nil))
    func serverRestarts() throws {
      // Run alone, since it drops every connection: BINDERY_POSTGRES_RESTART='bash .ci/postgres.sh restart'
      // with --filter serverRestarts.
      let (store, other, heard, token) = try listeningOnTwoTables()
      defer { token.unbind() }
      #expect(run(ProcessInfo.processInfo.environment["BINDERY_POSTGRES_RESTART"] ?? "false") == 0)
      // The first call on a dropped connection may fail, as a database error; a later one works.
      let worked = eventually(within: 10) {
        do {
          try insert(other, table: "note", name: "after restart")
          return true
        } catch {
          #expect((error as? StoreError)?.kind == .database)
          return false
        }
      }
      #expect(worked)
      #expect(eventually(within: 15) { Set(heard.all).isSuperset(of: ["contact", "note"]) })
      #expect(try store.fetch(StoreQuery(table: "note", columns: ["body"])).count == 1)
    }

    @Test("a call after the server dropped the store's connection opens a new one; a failed call is a database error")
    func reconnects() throws {
      let store = try PostgresStore(url: url, schema: schema)
      try contacts(store)
      try insert(store, name: "before")
      let admin = try PostgresStore(url: url)
      try admin.execute(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'bindery \(schema)'")
      do {
        _ = try store.fetch(StoreQuery(table: "contact", columns: ["name"]))
      } catch {
        #expect(error.kind == .database)
      }
      let names = try store.fetch(StoreQuery(table: "contact", columns: ["name"])).map(\.values)
      #expect(names == [[.text("before")]])
    }

    @Test("a row put back with its own id does not stop new rows from getting ids")
    func explicitIDs() throws {
      let store = try PostgresStore(url: url, schema: schema)
      try contacts(store)
      let ids = try store.apply([
        .insert(
          table: "contact", id: 40, columns: ["name", "email", "age", "nickname"],
          values: [.text("Put back"), .text("back@example.org"), .integer(1), .null])
      ])
      #expect(ids == [40])
      try insert(store, name: "new")
      try insert(store, name: "newer")
      let rows = try store.fetch(StoreQuery(table: "contact", columns: ["name"]))
      #expect(rows.map(\.id) == [40, 41, 42])
    }

    @Test("a refused constraint is a constraint error with the server's message, and the transaction writes nothing")
    func constraints() throws {
      let store = try PostgresStore(url: url, schema: schema)
      try contacts(store)
      try insert(store, name: "ada")
      #expect {
        try store.apply([
          .insert(
            table: "contact", id: nil, columns: ["name", "email", "age", "nickname"],
            values: [.text("new"), .text("new@example.org"), .integer(1), .null]),
          .insert(
            table: "contact", id: nil, columns: ["name", "email", "age", "nickname"],
            values: [.text("again"), .text("ada@example.org"), .integer(1), .null]),
        ])
      } throws: { error in
        guard let error = error as? StoreError else { return false }
        return error.kind == .constraint && error.message.contains("duplicate key") && error.table == "contact"
      }
      #expect {
        try store.check([.update(table: "contact", id: 1, columns: ["age"], values: [.integer(-1)])])
      } throws: { error in
        (error as? StoreError)?.kind == .constraint
      }
      #expect(try store.fetch(StoreQuery(table: "contact", columns: ["name"])).count == 1)
    }

    @Test("a CHECK with length() in the entity's SQL refuses empty text, as in SQLite")
    func lengthCheck() throws {
      let store = try PostgresStore(url: url, schema: schema)
      _ = try store.prepare(
        StoreTable(
          name: "tag", columns: [.init(name: "label", type: .text, admitsNull: false)],
          constraints: ["CHECK (length(label) > 0)", "UNIQUE (label)"]))
      try store.apply([.insert(table: "tag", id: nil, columns: ["label"], values: [.text("kept")])])
      for refused in ["", "kept"] {
        #expect {
          try store.apply([.insert(table: "tag", id: nil, columns: ["label"], values: [.text(refused)])])
        } throws: { error in
          (error as? StoreError)?.kind == .constraint
        }
      }
      #expect(try store.fetch(StoreQuery(table: "tag", columns: ["label"])).map(\.values) == [[.text("kept")]])
    }

    @Test("contains matches %, _ and \\ literally, ignoring case, in BYTEA and real columns' tables too")
    func containsAndTypes() throws {
      let store = try PostgresStore(url: url, schema: schema)
      let table = StoreTable(
        name: "item",
        columns: [
          .init(name: "label", type: .text, admitsNull: false), .init(name: "price", type: .real, admitsNull: true),
          .init(name: "blob", type: .bytes, admitsNull: true), .init(name: "done", type: .boolean, admitsNull: false),
        ])
      #expect(try store.prepare(table))
      #expect(try !store.prepare(table))
      let labels = ["100% Cotton", "100 Cotton", "snake_case", "snakeXcase", "back\\slash", "BACKslash"]
      try store.apply(
        labels.enumerated().map { index, label in
          .insert(
            table: "item", id: nil, columns: ["label", "price", "blob", "done"],
            values: [
              .text(label), .real(Double(index) + 0.5), .bytes([UInt8(index), 255]), .integer(Int64(index % 2)),
            ])
        })
      func matching(_ text: String) throws -> [String] {
        try store.fetch(StoreQuery(table: "item", columns: ["label"], condition: .contains("label", text))).compactMap {
          if case .text(let label) = $0.values[0] { label } else { nil }
        }
      }
      #expect(try matching("0%") == ["100% Cotton"])
      #expect(try matching("e_c") == ["snake_case"])
      #expect(try matching("k\\s") == ["back\\slash"])
      #expect(try matching("cotton") == ["100% Cotton", "100 Cotton"])
      let row = try #require(
        try store.fetch(StoreQuery(table: "item", columns: ["price", "blob", "done"], ids: [2])).first)
      #expect(row.values == [.real(1.5), .bytes([1, 255]), .integer(1)])
    }

    @Test("an unreachable server is a database error within the connect timeout")
    func unreachable() throws {
      // Nothing listens on port 1.
      let start = Date()
      #expect(throws: StoreError.self) { try PostgresStore(url: "postgres://postgres@127.0.0.1:1/x") }
      // A server that takes the connection and never answers: the timeout ends the wait.
      let silent = try SilentServer()
      defer { silent.close() }
      #expect {
        try PostgresStore(url: "postgres://postgres@127.0.0.1:\(silent.port)/x", connectTimeout: .seconds(1))
      } throws: { error in
        (error as? StoreError)?.kind == .database
      }
      #expect(Date().timeIntervalSince(start) < 5)
    }
  }

  /// Runs `command` with `/bin/sh`, waiting for it; its exit status. (Not through Foundation's
  /// `Process`, whose wait on Linux does not return once the command has left a server running.)
  func run(_ command: String) -> Int32 {
    #if canImport(Glibc)
      return system(command)
    #else
      return -1
    #endif
  }

  /// A TCP socket on 127.0.0.1 that takes connections (the kernel completes them) and never answers.
  struct SilentServer {
    let descriptor: Int32
    let port: Int

    init() throws {
      #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
      #endif
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = 0
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
          bind(descriptor, address, length) == 0 && listen(descriptor, 8) == 0
            && getsockname(descriptor, address, &length) == 0
        }
      }
      guard descriptor >= 0, bound else { throw StoreError(.database, "no listening socket for the test") }
      self.descriptor = descriptor
      port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() {
      #if canImport(Glibc)
        _ = Glibc.close(descriptor)
      #else
        _ = Darwin.close(descriptor)
      #endif
    }
  }
#endif
