import Bindery
import BinderyControllers
import BinderyControls
import BinderyStore
import Dispatch
import Synchronization
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
    let notes = ArrayController<Note>()
    var draft = ""
  }

  private func page(_ desk: Desk) -> WebPage {
    WebPage(title: "Notes", model: { desk }) { desk, _ in
      let note = HeadlessTextField()
      let draft = HeadlessTextField()
      let bindings = BindingSet()
      note.bind(\.text, to: .marked(desk.notes, \.selection.text)).store(in: bindings)
      draft.bind(\.text, to: desk, \.draft).store(in: bindings)
      let panel = HeadlessView()
      panel.subviews = [note, draft]
      return WebContent(root: panel, ids: ["Note": note, "Draft": draft], bindings: bindings)
    }
  }

  private func desk(_ store: GatedStore) throws -> Desk {
    let desk = Desk()
    _ = try desk.notes.bindContent(to: store, entity: Note.entity)
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
    let deadline = ContinuousClock.now + .seconds(60)
    while await text(of: desk, on: host) != "Ada" {
      try #require(ContinuousClock.now < deadline, "the second edit was never applied")
      try await Task.sleep(for: .milliseconds(5))
    }
    store.open()
    await one.value
    await two.value
    #expect(store.value(row: 1) == .text("Ada"))
    #expect(store.writes == [[.text("Grace")], [.text("Ada")]])
    #expect(desk.notes.arrangedObjects[0].text == "Ada")
  }

  /// The note's text, read on the page's actor.
  private func text(of desk: Desk, on host: WebPageHost) async -> String {
    let text = Mutex("")
    await host.perform { text.withLock { $0 = desk.notes.arrangedObjects[0].text } }
    return text.withLock { $0 }
  }
}

/// A store of one table in memory whose writes wait while its gate is closed, on the thread that
/// makes them (the content's own).
final class GatedStore: RecordStore, @unchecked Sendable {
  private let state: Mutex<(rows: [Int64: [StoreValue]], writes: [[StoreValue]], failure: StoreError?, asked: Int)>
  private let gate = DispatchSemaphore(value: 1)
  private let closed = Mutex(false)

  init(rows: [Int64: [StoreValue]]) {
    state = Mutex((rows, [], nil, 0))
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

  /// Waits (at most 60 s) until a write is waiting at the gate.
  func waitForWriter() async throws {
    let deadline = ContinuousClock.now + .seconds(60)
    while state.withLock({ $0.asked }) < 1 {
      try #require(ContinuousClock.now < deadline, "the write never came")
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  func prepare(_ table: StoreTable) throws(StoreError) -> Bool { false }

  func fetch(_ query: StoreQuery) throws(StoreError) -> [StoreRow] {
    state.withLock { state in
      state.rows.keys.sorted().filter { query.ids?.contains($0) ?? true }.map {
        StoreRow(id: $0, values: state.rows[$0]!)
      }
    }
  }

  func apply(_ changes: [StoreChange]) throws(StoreError) -> [Int64] {
    state.withLock { $0.asked += 1 }
    gate.wait()
    defer { gate.signal() }
    return try state.withLock { state throws(StoreError) -> [Int64] in
      if let failure = state.failure {
        state.failure = nil
        throw failure
      }
      for case .update(_, let id, _, let values) in changes {
        state.rows[id] = values
        state.writes.append(values)
      }
      return []
    }
  }

  func check(_ changes: [StoreChange]) throws(StoreError) {}
}
