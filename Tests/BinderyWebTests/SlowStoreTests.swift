import Bindery
import BinderyControllers
import BinderyControls
import BinderyStore
import Dispatch
import Testing

@testable import BinderyWeb

/// A slow database holds up only the tab waiting for its save: a store whose writes wait at a gate
/// the test opens, under a page shared by two tabs.
@Suite("A slow database and the page's other tabs")
struct SlowStoreTests {
  @KeyValueObservable
  final class Note {
    var text = ""
    static let entity = StoreEntity(table: "note", columns: [StoreColumn("text", \Note.text)]) { Note() }
  }

  /// The page's model: notes kept in the store, and a draft that is not.
  @KeyValueObservable
  final class Desk: @unchecked Sendable {
    let notes = ArrayController<Note>(makeElement: { Note() })
    var draft = ""
  }

  private func page(_ desk: Desk) -> WebPage {
    WebPage(title: "Notes", model: { desk }) { desk, _ in
      let note = HeadlessTextField()
      let draft = HeadlessTextField()
      let bindings = BindingSet()
      note.bind(\.text, to: .marked(desk.notes, \.selection.text)).store(in: bindings)
      draft.bind(\.text, to: desk, \.draft).store(in: bindings)
      let add = HeadlessButton(title: "Add") { desk.notes.add() }
      let remove = HeadlessButton(title: "Remove") { desk.notes.remove() }
      let panel = HeadlessView()
      panel.subviews = [note, draft, add, remove]
      return WebContent(
        root: panel, ids: ["Note": note, "Draft": draft, "Add": add, "Remove": remove], bindings: bindings)
    }
  }

  private func desk(_ store: GatedStore) throws -> Desk {
    let desk = Desk()
    _ = try desk.notes.bindContent(to: .rows(of: Note.entity, in: store))
    desk.notes.select(indexes: [0])
    return desk
  }

  @Test("while a save waits for the database, another tab's edits are answered and it sees the edit")
  func otherTabsGoOnWhileASaveWaits() async throws {
    let store = GatedStore(rows: [1: [.text("Ada")]])
    let desk = try desk(store)
    let host = WebPageHost(page: page(desk))
    let typing = TestTab(host)
    let other = TestTab(host)
    await typing.hello()
    await other.hello()
    _ = await typing.messages()
    _ = await other.messages()

    store.close()
    let save = Task { await typing.send(#"{"type":"edit","id":"Note","value":"Grace","seq":1}"#) }
    try await store.waitForWriter()
    await other.send(#"{"type":"edit","id":"Draft","value":"lunch","seq":2}"#)
    let answered = await other.messages()
    #expect(answered.contains { $0["type"] == "ack" && $0["seq"] == 2 })
    #expect(answered.contains { $0.operations.contains { $0["id"] == "Note" && $0["value"] == "Grace" } })
    #expect(await typing.messages().allSatisfy { $0["type"] != "ack" }, "no ack before the save ends")
    #expect(store.value(row: 1) == .text("Ada"))

    store.open()
    await save.value
    #expect(await typing.messages().contains { $0["type"] == "ack" && $0["seq"] == 1 })
    #expect(store.value(row: 1) == .text("Grace"))
    #expect(desk.notes.arrangedObjects[0].text == "Grace")
  }

  @Test("a save that fails after waiting gets notKept, and every tab shows the saved value again")
  func failedSaveAfterWaitingIsNotKept() async throws {
    let store = GatedStore(rows: [1: [.text("Ada")]])
    let desk = try desk(store)
    let host = WebPageHost(page: page(desk))
    let typing = TestTab(host)
    let other = TestTab(host)
    await typing.hello()
    await other.hello()
    _ = await typing.messages()
    _ = await other.messages()

    store.close()
    store.failNext(StoreError(.database, "database or disk is full", table: "note"))
    let save = Task { await typing.send(#"{"type":"edit","id":"Note","value":"Grace","seq":1}"#) }
    try await store.waitForWriter()
    store.open()
    await save.value
    let messages = await typing.messages()
    #expect(messages.contains { $0["type"] == "error" && $0["code"] == "notKept" && $0["id"] == "Note" })
    #expect(!messages.contains { $0["type"] == "ack" })
    #expect(desk.notes.arrangedObjects[0].text == "Ada")
    #expect(await other.messages().contains { $0.operations.contains { $0["id"] == "Note" && $0["value"] == "Ada" } })
    #expect(store.value(row: 1) == .text("Ada"))
  }

  @Test("edits of one field from two tabs while the database waits are written in order; the last one stays")
  func editsWaitingAreWrittenInOrder() async throws {
    let store = GatedStore(rows: [1: [.text("Ada")]])
    let desk = try desk(store)
    let host = WebPageHost(page: page(desk))
    let first = TestTab(host)
    let second = TestTab(host)
    await first.hello()
    await second.hello()

    store.close()
    let one = Task { await first.send(#"{"type":"edit","id":"Note","value":"Grace","seq":1}"#) }
    try await store.waitForWriter()
    let two = Task { await second.send(#"{"type":"edit","id":"Note","value":"Ada","seq":1}"#) }
    // The second tab's edit back to the saved text is still written: the first is on its way.
    for _ in 0..<12_000 where await text(of: desk, on: host) != "Ada" {
      try await Task.sleep(for: .milliseconds(5))
    }
    try #require(await text(of: desk, on: host) == "Ada", "the second edit was never applied")
    store.open()
    await one.value
    await two.value
    #expect(store.value(row: 1) == .text("Ada"))
    #expect(store.writes == [[.text("Grace")], [.text("Ada")]])
    #expect(desk.notes.arrangedObjects[0].text == "Ada")
  }

  @Test("an Add waiting for the database shows at once; the new row's edits wait for it and are saved")
  func addWaitingForTheDatabase() async throws {
    let store = GatedStore(rows: [1: [.text("Ada")]])
    let desk = try desk(store)
    let host = WebPageHost(page: page(desk))
    let adding = TestTab(host)
    let other = TestTab(host)
    await adding.hello()
    await other.hello()

    store.close()
    let add = Task { await adding.send(#"{"type":"action","id":"Add","seq":1}"#) }
    try await store.waitForWriter()
    #expect(await count(of: desk, on: host) == 2, "the new note shows while its row is on its way")
    let type = Task { await other.send(#"{"type":"edit","id":"Note","value":"Grace","seq":2}"#) }
    await other.send(#"{"type":"edit","id":"Draft","value":"lunch","seq":3}"#)
    #expect(await other.messages().contains { $0["type"] == "ack" && $0["seq"] == 3 })
    store.open()
    await add.value
    await type.value
    #expect(await adding.messages().contains { $0["type"] == "ack" && $0["seq"] == 1 })
    #expect(await other.messages().contains { $0["type"] == "ack" && $0["seq"] == 2 })
    #expect(store.value(row: 2) == .text("Grace"), "the edit made while the row was on its way is saved")
  }

  @Test("a Remove the database refuses after waiting puts the note back where it was and says so")
  func refusedRemoveAfterWaitingPutsTheNoteBack() async throws {
    let store = GatedStore(rows: [1: [.text("Ada")], 2: [.text("Grace")]])
    let desk = try desk(store)
    let host = WebPageHost(page: page(desk))
    let tab = TestTab(host)
    await tab.hello()
    _ = await tab.messages()

    store.close()
    store.failNext(StoreError(.database, "the server went away", table: "note"))
    let remove = Task { await tab.send(#"{"type":"action","id":"Remove","seq":1}"#) }
    try await store.waitForWriter()
    #expect(await count(of: desk, on: host) == 1, "the note goes at once")
    store.open()
    await remove.value
    let messages = await tab.messages()
    #expect(messages.contains { $0["type"] == "error" && $0["code"] == "notKept" })
    #expect(await count(of: desk, on: host) == 2)
    #expect(await text(of: desk, on: host) == "Ada", "back in its place, first")
    #expect(store.value(row: 1) == .text("Ada"))
  }

  /// How many notes the controller has, read on the page's actor.
  private func count(of desk: Desk, on host: WebPageHost) async -> Int {
    let count = SharedLock(0)
    await host.perform { count.withLock { $0 = desk.notes.arrangedObjects.count } }
    return count.withLock { $0 }
  }

  /// The note's text, read on the page's actor.
  private func text(of desk: Desk, on host: WebPageHost) async -> String {
    let text = SharedLock("")
    await host.perform { text.withLock { $0 = desk.notes.arrangedObjects[0].text } }
    return text.withLock { $0 }
  }
}

/// A store of one table in memory whose writes (and, when `gatesReads`, reads) wait while its gate
/// is closed, on the thread that makes them (the content's own). It tells of changes when the test
/// says so, as PostgreSQL's notices would.
final class GatedStore: RecordStoreChangeFeed, @unchecked Sendable {
  private let state: SharedLock<(rows: [Int64: [StoreValue]], writes: [[StoreValue]], failure: StoreError?, asked: Int)>
  private let gate = DispatchSemaphore(value: 1)
  private let closed = SharedLock(false)
  private let handlers = SharedLock<[Int: @Sendable (StoreNotice) -> Void]>([:])
  private let reads = SharedLock((gated: false, asked: 0))

  init(rows: [Int64: [StoreValue]]) {
    state = SharedLock((rows, [], nil, 0))
  }

  func close() {
    closed.withLock { $0 = true }
    gate.wait()
  }

  func open() {
    closed.withLock { $0 = false }
    gate.signal()
  }

  func failNext(_ error: StoreError) { state.withLock { $0.failure = error } }
  func value(row: Int64) -> StoreValue? { state.withLock { $0.rows[row]?.first } }
  var writes: [[StoreValue]] { state.withLock { $0.writes } }

  /// How many writes were asked for so far.
  var writesAsked: Int { state.withLock { $0.asked } }

  /// Waits (at most 60 s) until `count` writes were asked for (the last one waits at the gate, if
  /// closed).
  func waitForWriter(_ count: Int = 1) async throws {
    // Tries, not a deadline: a machine too busy to run this task still gets every try.
    for _ in 0..<12_000 where state.withLock({ $0.asked }) < count {
      try await Task.sleep(for: .milliseconds(5))
    }
    try #require(state.withLock({ $0.asked }) >= count, "the write never came")
  }

  /// Whether reads wait at the gate too.
  var gatesReads: Bool {
    get { reads.withLock { $0.gated } }
    set { reads.withLock { $0.gated = newValue } }
  }

  /// Waits (at most 60 s) until `count` reads were asked for while reads are gated.
  func waitForReader(_ count: Int = 1) async throws {
    for _ in 0..<12_000 where reads.withLock({ $0.asked }) < count {
      try await Task.sleep(for: .milliseconds(5))
    }
    try #require(reads.withLock({ $0.asked }) >= count, "the read never came")
  }

  /// How many reads were asked for while reads are gated.
  var readsAsked: Int { reads.withLock { $0.asked } }

  /// The ids of the rows, in order.
  var rowIDs: [Int64] { state.withLock { $0.rows.keys.sorted() } }

  /// Another instance writes `value` to `row`, without a notice.
  func changeByOther(row: Int64, to value: StoreValue) {
    state.withLock { $0.rows[row] = [value] }
  }

  func observeChanges(_ handler: @escaping @Sendable (StoreNotice) -> Void) -> KeyValueObservation {
    let id = handlers.withLock { handlers in
      let id = (handlers.keys.max() ?? 0) + 1
      handlers[id] = handler
      return id
    }
    return KeyValueObservation { [weak self] in self?.handlers.withLock { _ = $0.removeValue(forKey: id) } }
  }

  /// Tells every follower of `notice`.
  func announce(_ notice: StoreNotice) {
    for handler in handlers.withLock({ Array($0.values) }) { handler(notice) }
  }

  func prepare(_ table: StoreTable) throws(StoreError) -> Bool { false }

  func fetch(_ query: StoreQuery) throws(StoreError) -> [StoreRow] {
    if reads.withLock({ state in
      if state.gated { state.asked += 1 }
      return state.gated
    }) {
      gate.wait()
      gate.signal()
    }
    return state.withLock { state in
      state.rows.keys.sorted().filter { query.ids?.contains($0) ?? true }.map {
        StoreRow(id: $0, values: state.rows[$0]!)
      }
    }
  }

  func apply(_ changes: [StoreChange]) throws(StoreError) -> [Int64] {
    state.withLock { $0.asked += 1 }
    gate.wait()
    defer { gate.signal() }
    let outcome = state.withLock { state -> Result<[Int64], StoreError> in
      if let failure = state.failure {
        state.failure = nil
        return .failure(failure)
      }
      var inserted: [Int64] = []
      for change in changes {
        switch change {
        case .update(_, let id, _, let values):
          state.rows[id] = values
          state.writes.append(values)
        case .insert(_, let id, _, let values):
          let id = id ?? (state.rows.keys.max() ?? 0) + 1
          state.rows[id] = values
          inserted.append(id)
        case .delete(_, let ids):
          for id in ids { state.rows[id] = nil }
        case .expect(_, let id, _, let values):
          guard state.rows[id] == values else {
            return .failure(StoreError(.conflict, "the row was changed since", table: "note", row: id))
          }
        }
      }
      return .success(inserted)
    }
    return try outcome.get()
  }

  func check(_ changes: [StoreChange]) throws(StoreError) {}
}
