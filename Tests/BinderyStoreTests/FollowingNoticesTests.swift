import Bindery
import BinderyControllers
import BinderySQLite
import BinderyStore
import Foundation
import Testing

/// Stores on one database that tell each other of every applied transaction, with its changes, as
/// PostgreSQL's NOTIFY does: in commit order, each store's own marked as its own. The notices wait
/// until the test delivers them (a notification heard late).
final class NoticeHub: @unchecked Sendable {
  private let lock = NSLock()
  private var members: [ObjectIdentifier: (Int, @Sendable (StoreNotice) -> Void)] = [:]
  private var waiting: [(sender: ObjectIdentifier, table: String, changes: [StoreChange])] = []

  /// A store on `base` that tells this hub what it applies.
  func store(_ base: any RecordStore) -> Member { Member(base: base, hub: self) }

  fileprivate func join(_ member: Member, _ handler: @escaping @Sendable (StoreNotice) -> Void) {
    lock.withLock { members[ObjectIdentifier(member)] = (0, handler) }
  }

  fileprivate func leave(_ member: Member) {
    _ = lock.withLock { members.removeValue(forKey: ObjectIdentifier(member)) }
  }

  fileprivate func committed(_ changes: [StoreChange], by member: Member, inserted: [Int64]) {
    var ids = inserted.makeIterator()
    let resolved = changes.map { change -> StoreChange in
      guard case .insert(let table, _, let columns, let values) = change else { return change }
      return .insert(table: table, id: ids.next(), columns: columns, values: values)
    }
    lock.withLock { waiting.append((ObjectIdentifier(member), "contact", resolved)) }
  }

  /// How many stores follow the hub's notices.
  var followerCount: Int { lock.withLock { members.count } }

  /// Delivers the notices waiting (the first `count`, when given), in commit order, to every store.
  func deliver(count: Int? = nil) {
    let (notices, handlers) = lock.withLock {
      let taken = Array(waiting.prefix(count ?? waiting.count))
      waiting.removeFirst(taken.count)
      return (taken, members)
    }
    for notice in notices {
      for (member, (_, handler)) in handlers {
        handler(StoreNotice(table: notice.table, changes: notice.changes, isOwn: member == notice.sender))
      }
    }
  }

  /// A store of the hub's.
  final class Member: RecordStoreChangeFeed, @unchecked Sendable {
    let base: any RecordStore
    let hub: NoticeHub
    private let lock = NSLock()
    private var fetches = 0
    private var applies = 0

    init(base: any RecordStore, hub: NoticeHub) {
      self.base = base
      self.hub = hub
    }

    /// How many times rows were fetched.
    var fetchCount: Int { lock.withLock { fetches } }
    /// How many transactions were applied.
    var applyCount: Int { lock.withLock { applies } }

    func prepare(_ table: StoreTable) throws(StoreError) -> Bool { try base.prepare(table) }
    func fetch(_ query: StoreQuery) throws(StoreError) -> [StoreRow] {
      lock.withLock { fetches += 1 }
      return try base.fetch(query)
    }
    func apply(_ changes: [StoreChange]) throws(StoreError) -> [Int64] {
      let ids = try base.apply(changes)
      lock.withLock { applies += 1 }
      hub.committed(changes, by: self, inserted: ids)
      return ids
    }
    func check(_ changes: [StoreChange]) throws(StoreError) { try base.check(changes) }
    func observeChanges(_ handler: @escaping @Sendable (StoreNotice) -> Void) -> KeyValueObservation {
      hub.join(self, handler)
      return KeyValueObservation { [weak self] in if let self { self.hub.leave(self) } }
    }
  }
}

/// Two instances' controllers on one database, following each other through a hub.
private struct TwoInstances {
  let setup: StoreSetup
  let hub = NoticeHub()
  let first = ArrayController<Contact>(makeElement: { Contact(name: "Joan", email: "joan@example.org") })
  let second = ArrayController<Contact>(makeElement: { Contact(name: "Kay", email: "kay@example.org") })
  let firstStore: NoticeHub.Member
  let secondStore: NoticeHub.Member
  let work = PendingWork()
  let firstContent: StoredContent<Contact>
  let secondContent: StoredContent<Contact>

  init(filter: StoreFilter<Contact>? = nil) throws {
    setup = try StoreKind.sqliteFile.make()
    try setup.insert(sampleContacts)
    firstStore = hub.store(setup.store)
    secondStore = hub.store(try setup.reopen())
    let work = self.work
    firstContent = try first.bindContent(to: .rows(of: Contact.entity, in: firstStore, filter: filter))
    firstContent.followChangesByOthers { work.add($0) }
    secondContent = try second.bindContent(to: .rows(of: Contact.entity, in: secondStore, filter: filter))
    secondContent.followChangesByOthers { work.add($0) }
  }
}

@Suite("Store-backed content applying other instances' notices")
struct FollowingNoticesTests {
  @Test("each of another instance's edits is shown, one step each, in the order they were saved")
  func everyEditShown() throws {
    let two = try TwoInstances()
    let ada = two.second.arrangedObjects[1]
    var seen: [String] = []
    let watching = observe(ada, \.name) { seen.append($0.newValue) }
    defer { watching.unbind() }
    for name in ["A", "Au", "Aug"] { two.first.arrangedObjects[1].name = name }
    let fetches = two.secondStore.fetchCount
    two.hub.deliver()
    #expect(two.work.count == 3)  // one step for each; the first instance's own notices need none
    two.work.runAll()
    #expect(seen == ["A", "Au", "Aug"])
    #expect(two.secondStore.fetchCount == fetches)  // applied from the notices, not read again
    #expect(ada.name == "Aug")
  }

  @Test("another instance's Add and Remove reach this one's controller from the notices")
  func addsAndRemoves() throws {
    let two = try TwoInstances()
    two.first.add()
    two.first.select(indexes: [0])
    two.first.remove()
    let fetches = two.secondStore.fetchCount
    two.hub.deliver()
    two.work.runAll()
    #expect(two.second.arrangedObjects.map(\.name) == ["Ada", "Alan", "Joan"])
    #expect(two.second.arrangedObjects.last?.email == "joan@example.org")
    #expect(two.secondStore.fetchCount == fetches)
    // The added row is kept: an edit of it on the second instance is saved and reaches the first.
    two.second.arrangedObjects[2].age = 7
    two.hub.deliver()
    two.work.runAll()
    #expect(two.first.arrangedObjects.last?.age == 7)
    #expect(try two.setup.rows().map(\.age) == [36, 41, 7])
  }

  @Test("an older edit heard after this instance's newer save is shown, then the newer value again; both end equal")
  func olderEditHeardLate() throws {
    let two = try TwoInstances()
    var seenFirst: [Int] = []
    var seenSecond: [Int] = []
    let watchingFirst = observe(two.first.arrangedObjects[2], \.age) { seenFirst.append($0.newValue) }
    let watchingSecond = observe(two.second.arrangedObjects[2], \.age) { seenSecond.append($0.newValue) }
    defer {
      watchingFirst.unbind()
      watchingSecond.unbind()
    }
    two.first.arrangedObjects[2].age = 90  // saved first
    two.second.arrangedObjects[2].age = 91  // saved last; neither has heard of the other's yet
    two.hub.deliver()
    two.work.runAll()
    #expect(seenFirst == [90, 91])
    #expect(seenSecond == [91, 90, 91])
    #expect(two.first.arrangedObjects[2].age == 91)
    #expect(two.second.arrangedObjects[2].age == 91)
    #expect(try two.setup.rows()[2].age == 91)
    // Nothing is saved again: the database took the two writes only.
    #expect(two.firstStore.applyCount + two.secondStore.applyCount == 2)
  }

  @Test("this instance's own notice heard while an older edit of another's is being shown still waits its turn")
  func ownNoticeDuringOlderEdit() throws {
    let two = try TwoInstances()
    let alan = two.second.arrangedObjects[2]
    two.first.arrangedObjects[2].age = 90  // saved first
    alan.age = 91  // saved last
    two.hub.deliver(count: 1)  // the second instance hears 90 only
    // While 90 is being shown there, its own 91 is heard.
    let hub = two.hub
    let watching = observe(alan, \.age) { change in if change.newValue == 90 { hub.deliver() } }
    defer { watching.unbind() }
    two.work.runAll()
    #expect(alan.age == 91)
    #expect(two.first.arrangedObjects[2].age == 91)
    #expect(try two.setup.rows()[2].age == 91)
  }

  @Test("a notice whose value does not fit its property is reported and changes nothing")
  func valueThatDoesNotFit() throws {
    let two = try TwoInstances()
    let content = two.secondContent
    let errors = ErrorLog()
    content.errorHandler = { errors.append($0) }
    let id = try #require(content.id(of: two.second.arrangedObjects[2]))
    two.secondStore.observeChangesForTest(
      StoreNotice(
        table: "contact",
        changes: [.update(table: "contact", id: id, columns: ["name", "age"], values: [.text("X"), .text("old")])]),
      times: 1)
    two.work.runAll()
    #expect(two.second.arrangedObjects[2].name == "Alan")
    #expect(two.second.arrangedObjects[2].age == 41)
    #expect(errors.kinds == [.wrongValue])
    #expect(errors.last?.column == "age")
    // The object still saves as before.
    two.second.arrangedObjects[2].name = "Turing"
    #expect(try two.setup.rows()[2].name == "Turing")
  }

  @Test("with a filter, an edit that takes a row out removes it here, and one that brings a row in adds it")
  func filteredContent() async throws {
    let two = try TwoInstances(filter: .greaterOrEqual(\.age, 40))
    #expect(two.second.arrangedObjects.map(\.name) == ["Grace", "Alan"])
    two.first.arrangedObjects[1].age = 39  // Alan leaves
    two.hub.deliver()
    // Whether the filter still selects the row is read on the content's own thread.
    #expect(await two.work.runAll { two.second.arrangedObjects.map(\.name) == ["Grace"] })
    let other = ArrayController<Contact>()
    try other.bindContent(to: .rows(of: Contact.entity, in: two.hub.store(try two.setup.reopen())))
    other.arrangedObjects[1].age = 50  // Ada comes in
    two.hub.deliver()
    #expect(await two.work.runAll { two.second.arrangedObjects.map(\.name) == ["Grace", "Ada"] })
    #expect(two.second.arrangedObjects.last?.age == 50)
  }

  @Test("a notice without its changes reads the table again; several in a row read it once")
  func noticesWithoutChanges() async throws {
    let two = try TwoInstances()
    let outside = ArrayController<Contact>()
    try outside.bindContent(to: .rows(of: Contact.entity, in: try two.setup.reopen()))  // no notices
    outside.arrangedObjects[0].name = "Hopper"
    let fetches = two.secondStore.fetchCount
    two.secondStore.observeChangesForTest(StoreNotice(table: "contact", changes: nil), times: 3)
    #expect(await two.work.runAll { two.second.arrangedObjects[0].name == "Hopper" })
    #expect(two.secondStore.fetchCount == fetches + 1)
  }

  @Test("when the controller goes, its content stops following: nothing is applied and the hub lets it go")
  func endsWithController() throws {
    let setup = try StoreKind.sqliteFile.make()
    try setup.insert(sampleContacts)
    let hub = NoticeHub()
    let store = hub.store(setup.store)
    weak var gone: StoredContent<Contact>?
    let work = PendingWork()
    do {
      let controller = ArrayController<Contact>()
      let content = try controller.bindContent(to: .rows(of: Contact.entity, in: store))
      content.followChangesByOthers { work.add($0) }
      gone = content
      controller.arrangedObjects[0].age = 1
    }
    #expect(gone == nil)
    #expect(hub.followerCount == 0)
    hub.deliver()
    work.run()
    #expect(try setup.rows()[0].age == 1)
  }
}

extension PendingWork {
  /// Runs the work waiting, and the work it hands on, until none is left.
  func runAll() {
    while count > 0 { run() }
  }
}

extension NoticeHub.Member {
  /// Hands `notice` to this store's follower `times` times, as the store would.
  fileprivate func observeChangesForTest(_ notice: StoreNotice, times: Int) {
    for _ in 0..<times { hub.tell(self, notice) }
  }
}

extension NoticeHub {
  /// Hands `notice` to `member`'s follower only.
  fileprivate func tell(_ member: Member, _ notice: StoreNotice) {
    let handler = lock.withLock { members[ObjectIdentifier(member)]?.1 }
    handler?(notice)
  }
}

@Suite("An object controller's stored content following other instances")
struct ObjectFollowingTests {
  @Test("an object controller keeps its object when another instance adds rows, and follows its edits")
  func keepsItsObject() throws {
    let setup = try StoreKind.sqliteFile.make()
    try setup.insert(sampleContacts)
    let hub = NoticeHub()
    let others = ArrayController<Contact>(makeElement: { Contact(name: "Joan", email: "joan@example.org") })
    try others.bindContent(to: .rows(of: Contact.entity, in: hub.store(setup.store)))
    let single = ObjectController<Contact>()
    let work = PendingWork()
    let content = try single.bindContent(to: .rows(of: Contact.entity, in: hub.store(try setup.reopen())))
    content.followChangesByOthers { work.add($0) }
    others.add()
    others.arrangedObjects[0].name = "Hopper"
    hub.deliver()
    work.runAll()
    #expect(single.content?.name == "Hopper")
    #expect(content.count == 1)
    // Read again: still the first row.
    try content.refresh()
    #expect(single.content?.name == "Hopper")
    #expect(content.count == 1)
    // Its row deleted elsewhere: the controller is empty.
    others.select(indexes: [0])
    others.remove()
    hub.deliver()
    work.runAll()
    #expect(single.content == nil)
  }
}
