import Bindery
import BinderyControllers
import BinderyControls
import BinderySQLite
import BinderyStore
import Foundation
import GRDB
import Testing

/// A store that passes everything to another until it is told to fail, as a full disk, a file made
/// read-only or a server that went down would.
final class FaultyStore: RecordStore, @unchecked Sendable {
  let wrapped: any RecordStore
  private let lock = NSLock()
  private var failure: StoreError?

  init(_ wrapped: any RecordStore) { self.wrapped = wrapped }

  /// From now on, every write fails with `error` (`nil`: works again).
  func fail(with error: StoreError?) { lock.withLock { failure = error } }

  private func check() throws(StoreError) {
    if let failure = lock.withLock({ failure }) { throw failure }
  }

  func prepare(_ table: StoreTable) throws(StoreError) -> Bool { try wrapped.prepare(table) }
  func fetch(_ query: StoreQuery) throws(StoreError) -> [StoreRow] { try wrapped.fetch(query) }
  func apply(_ changes: [StoreChange]) throws(StoreError) -> [Int64] {
    try check()
    return try wrapped.apply(changes)
  }
  func check(_ changes: [StoreChange]) throws(StoreError) {
    try check()
    try wrapped.check(changes)
  }
}

/// A new file's path in the temporary folder.
private func temporaryDatabasePath() -> String {
  FileManager.default.temporaryDirectory.appendingPathComponent("bindery-fault-\(UUID().uuidString).sqlite").path
}

@Suite("Stores under faults: nothing is lost or acknowledged without a word")
struct StoreFaultTests {
  static let diskFull = StoreError(.database, "database or disk is full", table: "contact")

  @Test("a save the database cannot write puts the model back and is reported to the user's edit being applied")
  func failedSaveIsReportedToTheEdit() throws {
    let setup = try StoreKind.sqliteFile.make()
    try setup.insert(sampleContacts)
    let store = FaultyStore(setup.store)
    let controller = ArrayController<PlainContact>()
    let content = try controller.bindContent(to: .rows(of: PlainContact.entity, in: store))
    controller.select(indexes: [1])
    let field = HeadlessTextField()
    field.bind(\.text, to: .marked(controller, \.selection.name))
    store.fail(with: Self.diskFull)
    let failures = UserEditing.collectingFailures {
      field.userDidBeginEditing()
      field.userDidEdit(text: "Augusta")
    }
    #expect(failures.count == 1)
    #expect((failures.first as? StoreError)?.message == "database or disk is full")
    #expect(controller.arrangedObjects[1].name == "Ada")
    #expect(field.text == "Ada")
    #expect(try setup.names() == ["Grace", "Ada", "Alan"])
    #expect(content.lastError?.kind == .database)
    store.fail(with: nil)
    #expect(UserEditing.collectingFailures { field.userDidEdit(text: "Augusta") }.isEmpty)
    #expect(try setup.names() == ["Grace", "Augusta", "Alan"])
  }

  @Test("an Add and a Remove the database cannot write change nothing and are reported to the action")
  func failedAddAndRemoveAreReported() throws {
    let setup = try StoreKind.sqliteFile.make()
    try setup.insert(sampleContacts)
    let store = FaultyStore(setup.store)
    let controller = ArrayController<PlainContact>(makeElement: { PlainContact() })
    _ = try controller.bindContent(to: .rows(of: PlainContact.entity, in: store))
    store.fail(with: Self.diskFull)
    var added: PlainContact?
    let addFailures = UserEditing.collectingFailures { added = controller.add() }
    #expect(added == nil)
    #expect(addFailures.count == 1)
    controller.select(indexes: [0])
    let removeFailures = UserEditing.collectingFailures { controller.remove() }
    #expect(removeFailures.count == 1)
    #expect(controller.arrangedObjects.map(\.name) == ["Grace", "Ada", "Alan"])
    #expect(try setup.names() == ["Grace", "Ada", "Alan"])
  }

  @Test("an Undo whose save fails keeps its step to undo, reports it, and works once the store does")
  func failedUndoKeepsItsStep() throws {
    let setup = try StoreKind.sqliteFile.make()
    try setup.insert(sampleContacts)
    let store = FaultyStore(setup.store)
    let history = EditHistory()
    let controller = ArrayController<PlainContact>()
    _ = try controller.bindContent(to: .rows(of: PlainContact.entity, in: store, history: history))
    controller.arrangedObjects[1].name = "Augusta"
    #expect(try setup.names() == ["Grace", "Augusta", "Alan"])
    #expect(history.undoCount == 1)
    store.fail(with: Self.diskFull)
    let failures = UserEditing.collectingFailures { history.undo() }
    #expect(failures.count == 1)
    #expect(history.undoCount == 1)
    #expect(history.redoCount == 0)
    #expect(controller.arrangedObjects[1].name == "Augusta")
    #expect(try setup.names() == ["Grace", "Augusta", "Alan"])
    store.fail(with: nil)
    #expect(UserEditing.collectingFailures { history.undo() }.isEmpty)
    #expect(try setup.names() == ["Grace", "Ada", "Alan"])
    #expect(history.undoCount == 0)
    #expect(history.redoCount == 1)
  }

  @Test("text typed decomposed over the same text precomposed is stored as typed", arguments: StoreKind.allCases)
  func decomposedTextIsStoredAsTyped(kind: StoreKind) throws {
    let setup = try kind.make()
    let precomposed = "Ren\u{E9}e"
    let decomposed = "Rene\u{301}e"
    #expect(precomposed == decomposed)  // Swift's == is canonical equivalence
    try setup.insert([(precomposed, "renee@example.org", 30)])
    let controller = ArrayController<PlainContact>()
    _ = try controller.bindContent(to: .rows(of: PlainContact.entity, in: setup.store))
    controller.select(indexes: [0])
    let field = HeadlessTextField()
    field.bind(\.text, to: .marked(controller, \.selection.name))
    var notified = 0
    let watching = observe(controller.arrangedObjects[0], \.name) { _ in notified += 1 }
    field.userDidEdit(text: decomposed)
    #expect(notified == 1)
    #expect(Array(controller.arrangedObjects[0].name.unicodeScalars) == Array(decomposed.unicodeScalars))
    let stored = try setup.store.fetch(StoreQuery(table: "contact", columns: ["name"])).first?.values.first
    #expect(stored == .text(decomposed))
    #expect(stored != .text(precomposed))
    field.userDidEdit(text: decomposed)  // the very same text: no change
    #expect(notified == 1)
    watching.unbind()
  }

  @Test("failures reported outside any collection are dropped, and nested collections both hear them")
  func nestedCollections() {
    let error = StoreError(.database, "gone")
    UserEditing.reportFailure(error)
    var inner: [any Error] = []
    let outer = UserEditing.collectingFailures {
      inner = UserEditing.collectingFailures { UserEditing.reportFailure(error) }
    }
    #expect(inner.count == 1)
    #expect(outer.count == 1)
    #expect(UserEditing.collectingFailures {}.isEmpty)
  }

  @Test("a foreign table's NULL or text id is an error naming the column, never a trap")
  func foreignTableIds() throws {
    for (id, kind) in [("NULL", "NULL"), ("'c-17'", "text"), ("1.5", "a real number")] {
      let path = temporaryDatabasePath()
      let other = try DatabaseQueue(path: path)
      try other.write { db in
        try db.execute(sql: "CREATE TABLE contact (id, name TEXT, email TEXT, age INTEGER, nickname TEXT)")
        try db.execute(sql: "INSERT INTO contact VALUES (1, 'Grace', 'g@example.org', 85, NULL)")
        try db.execute(sql: "INSERT INTO contact VALUES (\(id), 'Ada', 'a@example.org', 36, NULL)")
      }
      try other.close()
      let store = try SQLiteStore(path: path)
      let controller = ArrayController<Contact>()
      #expect {
        try controller.bindContent(to: .rows(of: Contact.entity, in: store))
      } throws: { error in
        guard let error = error as? StoreError else { return false }
        return error.kind == .wrongValue && error.column == "id" && error.table == "contact"
          && error.message.hasPrefix("row ") && error.message.contains("has \(kind) as its id")
      }
      #expect(controller.content.isEmpty)
    }
  }

  @Test("text with a NUL is stored, updated and read as written")
  func textWithNul() throws {
    let store = try SQLiteStore(path: temporaryDatabasePath())
    _ = try store.prepare(Contact.entity.storeTable)
    let name = "a\u{0}b"
    let ids = try store.apply([
      .insert(
        table: "contact", id: nil, columns: ["name", "email", "age", "nickname"],
        values: [.text(name), .text("x\u{0}@example.org"), .integer(1), .null])
    ])
    let query = StoreQuery(table: "contact", columns: ["name", "email"])
    #expect(try store.fetch(query).first?.values == [.text(name), .text("x\u{0}@example.org")])
    try store.apply([.update(table: "contact", id: ids[0], columns: ["name"], values: [.text("\u{0}\u{0}c\u{0}")])])
    #expect(try store.fetch(query).first?.values.first == .text("\u{0}\u{0}c\u{0}"))
    let controller = ArrayController<Contact>()
    _ = try controller.bindContent(to: .rows(of: Contact.entity, in: store))
    controller.arrangedObjects[0].name = "d\u{0}e"
    #expect(try store.fetch(query).first?.values.first == .text("d\u{0}e"))
  }

  @Test("a second process is refused the file at once, with the file's name; stores of one process share it")
  func secondProcessIsRefused() throws {
    let path = temporaryDatabasePath()
    let store = try SQLiteStore(path: path)
    #expect(store.durability == .full)
    let again = try SQLiteStore(path: path)  // the same process: allowed
    // Another process cannot take the file's lock while this one keeps it.
    #expect(try runFlock(path + ".lock", wait: false) == 3)
    _ = again
    _ = store
  }

  @Test("a store opened while another process keeps the file is refused with an error naming the file")
  func storeOpenedWhileAnotherProcessKeepsIt() throws {
    let path = temporaryDatabasePath()
    // Another process holds the lock while its `cat` reads a pipe this test keeps open.
    let input = Pipe()
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
    holder.arguments = ["-o", path + ".lock", "cat"]
    holder.standardInput = input
    holder.standardOutput = FileHandle.nullDevice
    try holder.run()
    defer { holder.terminate() }
    var waited = 0
    while try runFlock(path + ".lock", wait: false) == 0, waited < 100 {
      waited += 1
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect {
      try SQLiteStore(path: path)
    } throws: { error in
      guard let error = error as? StoreError else { return false }
      return error.kind == .database && error.message.contains(path) && error.message.contains("another process")
    }
    // The other process ends: the file can be opened.
    try input.fileHandleForWriting.close()
    waited = 0
    while try runFlock(path + ".lock", wait: false) != 0, waited < 100 {
      waited += 1
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(throws: Never.self) { try SQLiteStore(path: path) }
  }
}

/// Runs `flock -n -E 3 file true` in a new process: 0 when it got the lock, 3 when another held it.
private func runFlock(_ file: String, wait: Bool) throws -> Int32 {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
  process.arguments = (wait ? [] : ["-n", "-E", "3"]) + [file, "true"]
  try process.run()
  process.waitUntilExit()
  return process.terminationStatus
}
