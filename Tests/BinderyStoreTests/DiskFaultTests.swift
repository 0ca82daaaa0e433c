import Bindery
import BinderyControllers
import BinderyControls
import BinderyStore
import Foundation
import Testing

@testable import BinderySQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder on a small file system of its own that these tests may fill up and mark immutable, from
/// `BINDERY_SMALL_DISK` (CI mounts a tmpfs of a few megabytes there, as root, and unmounts it after:
/// see `.ci/steps/31-small-disk.sh`).
private let smallDisk = ProcessInfo.processInfo.environment["BINDERY_SMALL_DISK"].flatMap { $0.isEmpty ? nil : $0 }

/// A SQLite file of the three sample contacts, bound to an array controller as an app would, with a
/// field on Ada's name; what the content and the store report.
private struct BoundFile {
  let path: String
  let store: SQLiteStore
  let setup: StoreSetup
  let controller = ArrayController<PlainContact>()
  let content: StoredContent<PlainContact>
  let field = HeadlessTextField()
  let errors = ErrorLog()
  let log: LogCapture

  /// The file at `path` (created with the sample contacts unless `fill` is false), its store logging
  /// into `log`.
  init(path: String, log: LogCapture = LogCapture(), fill: Bool = true) throws {
    self.path = path
    self.log = log
    store = try SQLiteStore(path: path, logger: log.logger("bindery.sqlite"))
    setup = StoreSetup(store: store, reopen: { try SQLiteStore(path: path) }, path: path)
    if fill { try setup.insert(sampleContacts) }
    content = try controller.bindContent(to: .rows(of: PlainContact.entity, in: store))
    content.errorHandler = { [errors] in errors.append($0) }
    controller.select(indexes: [1])
    field.bind(\.text, to: .marked(controller, \.selection.name))
  }

  /// Types `text` into the field as a user would; the failures reported to that edit (what a web page
  /// gets instead of its acknowledgement).
  func type(_ text: String) -> [any Error] {
    UserEditing.collectingFailures {
      field.userDidBeginEditing()
      field.userDidEdit(text: text)
    }
  }

  /// Checks that the edit just refused was reported everywhere, with a message containing `reason`, and
  /// that the object, the field and the file all kept Ada.
  func expectRefused(_ failures: [any Error], _ reason: String, typed: String) throws {
    #expect(failures.count == 1)
    let failure = try #require(failures.first as? StoreError)
    #expect(failure.kind == .database)
    #expect(failure.message.contains(reason), "\(failure.message)")
    #expect(content.lastError?.message == failure.message)
    #expect(errors.kinds == [.database])
    #expect(controller.arrangedObjects[1].name == "Ada")
    #expect(field.text == "Ada")
    #expect(try setup.names() == ["Grace", "Ada", "Alan"])
    // The store logged it too: at the error level, with the table, never the value typed.
    let logged = log.logged(atLeast: .error)
    #expect(logged.contains { $0.message.contains(reason) && $0.metadata["table"] == "contact" })
    #expect(!logged.contains { $0.text.contains(typed) })
  }

  /// Checks that two edits in one transaction, one of them too large for the space left, write
  /// neither.
  func expectNothingHalfApplied(_ long: String) {
    #expect(throws: StoreError.self) {
      try store.apply([
        .update(table: "contact", id: 1, columns: ["name"], values: [.text("Gracie")]),
        .update(table: "contact", id: 3, columns: ["name"], values: [.text(long)]),
      ])
    }
    #expect((try? setup.names()) == ["Grace", "Ada", "Alan"])
  }
}

/// A new file's path in `folder` (the temporary folder unless given).
private func databasePath(in folder: String? = nil) -> String {
  let folder = folder ?? FileManager.default.temporaryDirectory.path
  return URL(fileURLWithPath: folder).appendingPathComponent("faults-\(UUID().uuidString).sqlite").path
}

/// Runs `program` with `arguments`, waiting for it; its exit status.
private func runProgram(_ program: String, _ arguments: [String]) throws -> Int32 {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: program)
  process.arguments = arguments
  try process.run()
  process.waitUntilExit()
  return process.terminationStatus
}

/// Fills the file system `folder` is on with one file, until a write finds no room; the file's path.
private func fillDisk(_ folder: String) throws -> String {
  let path = URL(fileURLWithPath: folder).appendingPathComponent("filler-\(UUID().uuidString)").path
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  guard descriptor >= 0 else { throw StoreError(.database, "cannot create \(path)") }
  defer { close(descriptor) }
  let chunk = [UInt8](repeating: 0x5A, count: 65_536)
  for size in [65_536, 512, 1] {
    while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, size) }) == size {}
  }
  guard errno == ENOSPC else { throw StoreError(.database, "filling \(folder) stopped: errno \(errno)") }
  return path
}

@Suite("SQLite on a full disk and a file made unwritable, through a bound field", .serialized)
struct DiskFaultTests {
  /// A name of 20,000 characters: more than the pages a file has room for once it is full.
  let long = String(repeating: "Augusta Ada King, Countess of Lovelace. ", count: 500)

  @Test(
    "a file at its page limit, as on a full disk: an edit that needs a new page is reported, put back and written nowhere; with room again it saves"
  )
  func pageLimit() throws {
    let file = try BoundFile(path: databasePath())
    // SQLite keeps max_page_count at least the file's size: 1 means "no page more than now".
    try file.store.execute("PRAGMA max_page_count = 1")
    try file.expectRefused(file.type(long), "full", typed: "Countess")
    file.expectNothingHalfApplied(long)
    try file.store.execute("PRAGMA max_page_count = 1000000")
    #expect(file.type(long).isEmpty)
    #expect(file.controller.arrangedObjects[1].name == long)
    let reopened = try SQLiteStore(path: file.path)
    #expect(
      try reopened.fetch(StoreQuery(table: "contact", columns: ["name"], ids: [2])).first?.values == [.text(long)])
  }

  // Needs BINDERY_SMALL_DISK, a folder on a small file system of its own that the test fills (CI's
  // "SQLite on a full tmpfs" step mounts one); skipped without it.
  @Test(
    "on a real full disk, an edit typed into a bound field is reported, logged, put back and half-applied nowhere; after space is freed an edit saves and a reopened store reads it",
    .enabled(if: smallDisk != nil, "set BINDERY_SMALL_DISK to a small tmpfs's folder (CI does)"))
  func fullDisk() throws {
    let folder = try #require(smallDisk)
    let file = try BoundFile(path: databasePath(in: folder))
    let filler = try fillDisk(folder)
    var removed = false
    defer { if !removed { unlink(filler) } }
    try file.expectRefused(file.type("Augusta"), "full", typed: "Augusta")
    file.expectNothingHalfApplied(long)
    // The file still reads while the disk is full.
    #expect(try SQLiteStore(path: file.path).fetch(StoreQuery(table: "contact", columns: ["name"])).count == 3)
    #expect(unlink(filler) == 0)
    removed = true
    #expect(file.type("Augusta").isEmpty)
    #expect(file.controller.arrangedObjects[1].name == "Augusta")
    let reopened = try SQLiteStore(path: file.path)
    #expect(
      try reopened.fetch(StoreQuery(table: "contact", columns: ["name"], ids: [2])).first?.values == [.text("Augusta")])
  }

  // Needs BINDERY_SMALL_DISK on a file system with the immutable attribute (tmpfs since Linux 6.0)
  // and root, for chattr; skipped without it. Root ignores file modes, and a busy file system cannot
  // be remounted read-only, so the file is made immutable (chattr +i), which binds root too.
  @Test(
    "a file made immutable while a store runs: the running store keeps saving through its open file, a store opened then is refused naming the file, and once writable again a store opened anew saves",
    .enabled(if: smallDisk != nil, "set BINDERY_SMALL_DISK to a small tmpfs's folder, as root (CI does)"))
  func unwritableFile() throws {
    let folder = try #require(smallDisk)
    let running = try BoundFile(path: databasePath(in: folder))
    let files = [running.path, running.path + "-wal"]
    #expect(try runProgram("/usr/bin/chattr", ["+i"] + files) == 0)
    var immutable = true
    defer { if immutable { _ = try? runProgram("/usr/bin/chattr", ["-i"] + files) } }
    // Open descriptors are not checked again: the running store's edit is saved.
    #expect(running.type("Augusta").isEmpty)
    #expect(try running.setup.names() == ["Grace", "Augusta", "Alan"])
    running.field.userDidEdit(text: "Ada")
    #expect(try running.setup.names() == ["Grace", "Ada", "Alan"])
    // A store opened now (the app restarted) could only read: it is refused, naming the file.
    let log = LogCapture()
    #expect {
      _ = try SQLiteStore(path: running.path, logger: log.logger("bindery.sqlite"))
    } throws: { error in
      (error as? StoreError)?.message.contains("\(running.path) can only be read") == true
    }
    #expect(log.logged(atLeast: .error).contains { $0.message.contains("can only be read") })
    #expect(try runProgram("/usr/bin/chattr", ["-i"] + files) == 0)
    immutable = false
    // Once writable again, a store opened anew writes, and the running one reads it.
    let reopened = try BoundFile(path: running.path, fill: false)
    #expect(reopened.type("Augusta").isEmpty)
    #expect(try running.setup.names() == ["Grace", "Augusta", "Alan"])
  }
}
