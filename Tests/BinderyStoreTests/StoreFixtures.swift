import Bindery
import BinderyControllers
import BinderySQLite
import BinderyStore
import Foundation
import Testing

#if Postgres
  @testable import BinderyPostgres
#endif

/// A contact: a name, a unique email, an age the table checks (0 or more), an optional nickname.
@KeyValueObservable
final class Contact: StoreValidating {
  var name: String
  var email: String
  var age: Int
  var nickname: String?

  init(name: String = "", email: String = "", age: Int = 0, nickname: String? = nil) {
    self.name = name
    self.email = email
    self.age = age
    self.nickname = nickname
  }

  /// An email is unique and an age is 0 or more: the database says so, the model asks it.
  static let entity = StoreEntity(
    table: "contact",
    columns: [
      StoreColumn("name", \Contact.name), StoreColumn("email", \Contact.email), StoreColumn("age", \Contact.age),
      StoreColumn("nickname", \Contact.nickname),
    ],
    constraints: ["CHECK (age >= 0)", "UNIQUE (email)"]
  ) { Contact() }
}

/// The same table, for a model that does not ask the database before a value is written.
@KeyValueObservable
final class PlainContact {
  var name = ""
  var email = ""
  var age = 0
  var nickname: String?

  static let entity = StoreEntity(
    table: "contact",
    columns: [
      StoreColumn("name", \PlainContact.name), StoreColumn("email", \PlainContact.email),
      StoreColumn("age", \PlainContact.age), StoreColumn("nickname", \PlainContact.nickname),
    ],
    constraints: ["CHECK (age >= 0)", "UNIQUE (email)"]
  ) { PlainContact() }
}

/// The stores every store test runs against: PostgreSQL too when `BINDERY_POSTGRES_URL` names a
/// server (`BINDERY_POSTGRES_URL=$(bash .ci/postgres.sh url) swift test`).
enum StoreKind: String, CaseIterable, CustomTestStringConvertible {
  case sqliteMemory
  case sqliteFile
  case postgres

  /// PostgreSQL only in a build with the Postgres trait (`--traits Postgres`) and a server named.
  static var allCases: [StoreKind] {
    #if Postgres
      postgresURL == nil ? [.sqliteMemory, .sqliteFile] : [.sqliteMemory, .sqliteFile, .postgres]
    #else
      [.sqliteMemory, .sqliteFile]
    #endif
  }

  /// The kinds whose database a second store can open: every kind but SQLite in memory.
  static var reopenable: [StoreKind] { allCases.filter { $0 != .sqliteMemory } }

  /// The PostgreSQL server for the tests, from `BINDERY_POSTGRES_URL`.
  static var postgresURL: String? {
    ProcessInfo.processInfo.environment["BINDERY_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
  }

  var testDescription: String { rawValue }

  /// A new, empty database of this kind, and a way to open it again (for a file or a server).
  func make() throws -> StoreSetup {
    switch self {
    case .sqliteMemory:
      let store = try SQLiteStore()
      return StoreSetup(store: store, reopen: { store })
    case .sqliteFile:
      let path = FileManager.default.temporaryDirectory.appendingPathComponent(
        "bindery-store-\(UUID().uuidString).sqlite"
      ).path
      return StoreSetup(store: try SQLiteStore(path: path), reopen: { try SQLiteStore(path: path) }, path: path)
    case .postgres:
      #if Postgres
        // A schema of its own, so tests running at once do not see each other's tables.
        let url = try #require(Self.postgresURL)
        let schema = freshSchema()
        return StoreSetup(
          store: try PostgresStore(url: url, schema: schema), reopen: { try PostgresStore(url: url, schema: schema) })
      #else
        throw StoreError(.database, "this build has no PostgreSQL (build with --traits Postgres)")
      #endif
    }
  }
}

/// A new schema name for one test: `t_` and 32 hex digits.
func freshSchema() -> String {
  "t_" + UUID().uuidString.lowercased().filter { $0 != "-" }
}

/// A store under test.
struct StoreSetup {
  let store: any RecordStore
  /// The same database through a new connection (the same store for one in memory).
  let reopen: () throws -> any RecordStore
  var path: String?

  /// Contacts written straight to the table, as another program would.
  func insert(_ contacts: [(String, String, Int)]) throws {
    _ = try store.prepare(Contact.entity.storeTable)
    try store.apply(
      contacts.map { name, email, age in
        .insert(
          table: "contact", id: nil, columns: ["name", "email", "age", "nickname"],
          values: [.text(name), .text(email), .integer(Int64(age)), .null])
      })
  }

  /// The table's rows as (name, email, age), by id.
  func rows() throws -> [(name: String, email: String, age: Int64)] {
    try store.fetch(StoreQuery(table: "contact", columns: ["name", "email", "age"])).map { row in
      guard case .text(let name) = row.values[0], case .text(let email) = row.values[1],
        case .integer(let age) = row.values[2]
      else { return ("?", "?", -1) }
      return (name, email, age)
    }
  }

  /// Leaves a value in `column` of row `id` that the model's property cannot take, as another
  /// program could: text in SQLite's integer column, `NULL` in PostgreSQL's (its types are strict).
  func spoil(row id: Int64, column: String) throws {
    #if Postgres
      if let store = store as? PostgresStore {
        try store.execute("ALTER TABLE contact ALTER COLUMN \(column) DROP NOT NULL")
        try store.apply([.update(table: "contact", id: id, columns: [column], values: [.null])])
        return
      }
    #endif
    try store.apply([.update(table: "contact", id: id, columns: [column], values: [.text("thirty-six")])])
  }

  /// The names in the table, by id.
  func names() throws -> [String] { try rows().map(\.name) }
}

/// The three sample contacts, in id order.
let sampleContacts = [
  ("Grace", "grace@example.org", 85), ("Ada", "ada@example.org", 36), ("Alan", "alan@example.org", 41),
]
