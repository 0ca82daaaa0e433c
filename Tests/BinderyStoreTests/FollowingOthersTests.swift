import Bindery
import BinderyControllers
import BinderyControls
import BinderySQLite
import BinderyStore
import Foundation
import Testing

/// A store that tells of changes when the test says so (as PostgreSQL's NOTIFY would).
final class AnnouncingStore: RecordStoreChangeFeed, @unchecked Sendable {
  let base: any RecordStore
  private let lock = NSLock()
  private var handlers: [Int: @Sendable (StoreNotice) -> Void] = [:]
  private var next = 0

  init(_ base: any RecordStore) { self.base = base }

  func prepare(_ table: StoreTable) throws(StoreError) -> Bool { try base.prepare(table) }
  func fetch(_ query: StoreQuery) throws(StoreError) -> [StoreRow] { try base.fetch(query) }
  func apply(_ changes: [StoreChange]) throws(StoreError) -> [Int64] { try base.apply(changes) }
  func check(_ changes: [StoreChange]) throws(StoreError) { try base.check(changes) }

  func observeChanges(_ handler: @escaping @Sendable (StoreNotice) -> Void) -> KeyValueObservation {
    let id = lock.withLock {
      next += 1
      handlers[next] = handler
      return next
    }
    return KeyValueObservation { [weak self] in self?.lock.withLock { _ = self?.handlers.removeValue(forKey: id) } }
  }

  /// Another instance changed `table`, in ways not told.
  func announce(_ table: String) {
    announce(StoreNotice(table: table, changes: nil))
  }

  /// Tells of `notice`.
  func announce(_ notice: StoreNotice) {
    for handler in lock.withLock({ Array(handlers.values) }) { handler(notice) }
  }

  var observerCount: Int { lock.withLock { handlers.count } }
}

/// Work handed to "the model's executor", run when the test says.
final class PendingWork: @unchecked Sendable {
  private let lock = NSLock()
  private var work: [@Sendable () -> Void] = []
  func add(_ body: @escaping @Sendable () -> Void) { lock.withLock { work.append(body) } }
  var count: Int { lock.withLock { work.count } }
  func run() {
    for body in lock.withLock({
      defer { work = [] }
      return work
    }) { body() }
  }

  /// Runs the work waiting and what it hands on (a step that reads rows does so on the content's own
  /// thread, then hands on the rest) until `condition` holds, trying 10,000 times 2 ms apart (tries,
  /// not a deadline: a machine too busy to run this task still gets them all): whether it held.
  func runAll(until condition: () -> Bool) async -> Bool {
    for _ in 0..<10_000 {
      run()
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(2))
    }
    return false
  }
}

@Suite("Store-backed content following other instances")
struct FollowingOthersTests {
  @Test("another instance's edits, adds and removes reach this one's controller, one refresh per burst")
  func othersEditsArrive() async throws {
    let setup = try StoreKind.sqliteFile.make()
    try setup.insert(sampleContacts)
    let here = AnnouncingStore(try setup.reopen())
    let there = ArrayController<Contact>(makeElement: { Contact(name: "Joan", email: "joan@example.org") })
    try there.bindContent(to: .rows(of: Contact.entity, in: setup.store))
    let controller = ArrayController<Contact>()
    let content = try controller.bindContent(to: .rows(of: Contact.entity, in: here))
    let pending = PendingWork()
    #expect(content.followChangesByOthers { pending.add($0) })
    let label = HeadlessLabel()
    label.bind(\.text, to: controller.arrangedObjects[1], \.name)

    there.arrangedObjects[1].name = "Augusta"
    there.add()
    there.select(indexes: [0])
    there.remove()
    for _ in 0..<5 { here.announce("contact") }
    here.announce("other_table")
    #expect(pending.count == 1)  // coalesced
    // The table is read on the content's own thread, then applied where the model lives.
    #expect(await pending.runAll { controller.arrangedObjects.map(\.name) == ["Augusta", "Alan", "Joan"] })
    #expect(label.text == "Augusta")
    here.announce("contact")
    #expect(pending.count == 1)  // the next change schedules again
  }

  @Test("concurrent edits of one property: the last saved wins, on both instances")
  func lastWriteWins() async throws {
    let setup = try StoreKind.sqliteFile.make()
    try setup.insert(sampleContacts)
    let first = AnnouncingStore(setup.store)
    let second = AnnouncingStore(try setup.reopen())
    let a = ArrayController<Contact>()
    let b = ArrayController<Contact>()
    let contentA = try a.bindContent(to: .rows(of: Contact.entity, in: first))
    let contentB = try b.bindContent(to: .rows(of: Contact.entity, in: second))
    let work = PendingWork()
    contentA.followChangesByOthers { work.add($0) }
    contentB.followChangesByOthers { work.add($0) }
    a.arrangedObjects[0].age = 90  // saved first
    b.arrangedObjects[0].age = 91  // saved last
    first.announce("contact")
    second.announce("contact")
    #expect(await work.runAll { a.arrangedObjects[0].age == 91 && b.arrangedObjects[0].age == 91 })
    #expect(try setup.rows()[0].age == 91)
  }

  @Test("a store that cannot tell of others' changes is not followed; unbinding stops following")
  func notAFeed() throws {
    let setup = try StoreKind.sqliteMemory.make()
    try setup.insert(sampleContacts)
    let controller = ArrayController<Contact>()
    let content = try controller.bindContent(to: .rows(of: Contact.entity, in: setup.store))
    #expect(!content.followChangesByOthers { $0() })
    let feed = AnnouncingStore(setup.store)
    let other = ArrayController<Contact>()
    let followed = try other.bindContent(to: .rows(of: Contact.entity, in: feed))
    followed.followChangesByOthers { $0() }
    #expect(feed.observerCount == 1)
    followed.unbind()
    #expect(feed.observerCount == 0)
  }
}

@Suite("Two instances on one PostgreSQL database")
struct TwoInstancesTests {
  /// Waits up to 5 s for `condition`, running the work handed to the model's executor meanwhile.
  private func eventually(_ work: PendingWork, _ condition: () -> Bool) async throws -> Bool {
    for _ in 0..<250 {
      work.run()
      if condition() { return true }
      try await Task.sleep(for: .milliseconds(20))
    }
    return false
  }

  @Test(
    "an edit, an Add and a Remove on one instance reach the other through NOTIFY",
    arguments: StoreKind.allCases.filter { $0 == .postgres })
  func editsCrossInstances(kind: StoreKind) async throws {
    let setup = try kind.make()
    try setup.insert(sampleContacts)
    let first = ArrayController<Contact>(makeElement: { Contact(name: "Joan", email: "joan@example.org") })
    let firstContent = try first.bindContent(to: .rows(of: Contact.entity, in: setup.store))
    let second = ArrayController<Contact>()
    let content = try second.bindContent(to: .rows(of: Contact.entity, in: try setup.reopen()))
    let work = PendingWork()
    #expect(content.followChangesByOthers { work.add($0) })
    #expect(firstContent.followChangesByOthers { work.add($0) })
    try await Task.sleep(for: .milliseconds(300))  // the listener's connection is up

    first.arrangedObjects[1].name = "Augusta"
    #expect(try await eventually(work) { second.arrangedObjects.map(\.name) == ["Grace", "Augusta", "Alan"] })
    first.add()
    #expect(try await eventually(work) { second.arrangedObjects.map(\.name).last == "Joan" })
    first.select(indexes: [0])
    first.remove()
    #expect(try await eventually(work) { second.arrangedObjects.map(\.name) == ["Augusta", "Alan", "Joan"] })
    // Last write wins: both edit Alan's age; the later save is what both show.
    first.arrangedObjects[1].age = 90
    second.arrangedObjects[1].age = 91
    #expect(try await eventually(work) { first.arrangedObjects[1].age == 91 && second.arrangedObjects[1].age == 91 })
    #expect(try setup.rows().first { $0.name == "Alan" }?.age == 91)
  }
}
