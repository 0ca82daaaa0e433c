import Bindery
import BinderyControllers
import BinderyControls
import BinderyStore
import Testing

@testable import BinderyWeb

/// Undo, Redo and following other instances wait for a slow database without holding up the
/// page's other tabs: the store's gate is closed while they run.
@Suite("A slow database under Undo, Redo and other instances' changes")
struct SlowStoreUndoTests {
  @KeyValueObservable
  final class Note {
    var text = ""
    static let entity = StoreEntity(table: "note", columns: [StoreColumn("text", \Note.text)]) { Note() }
  }

  /// The page's model: notes kept in the store with their history, and a draft that is not.
  @KeyValueObservable
  final class Desk: @unchecked Sendable {
    let notes = ArrayController<Note>(makeElement: { Note() })
    let history = EditHistory()
    var draft = ""
  }

  /// A page of the selected note's field, a draft field, Add and Remove, with the notes' history.
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
      let content = WebContent(
        root: panel, ids: ["Note": note, "Draft": draft, "Add": add, "Remove": remove], bindings: bindings)
      content.undoHistory = desk.history
      return content
    }
  }

  /// A desk over `store` whose first note is selected, and its page with two tabs that said hello.
  private func open(_ store: GatedStore) async throws -> (Desk, WebPageHost, TestTab, TestTab) {
    let desk = Desk()
    let content = try desk.notes.bindContent(to: .rows(of: Note.entity, in: store, history: desk.history))
    desk.notes.select(indexes: [0])
    let host = WebPageHost(page: page(desk))
    content.followChangesByOthers { apply in Task { await host.perform(apply) } }
    let first = TestTab(host)
    let second = TestTab(host)
    await first.hello()
    await second.hello()
    _ = await first.messages()
    _ = await second.messages()
    return (desk, host, first, second)
  }

  @Test("an Undo waiting for the database holds up only its tab, and the undone edit can then be redone")
  func undoWaitsWithoutHoldingThePage() async throws {
    let store = GatedStore(rows: [1: [.text("Ada")]])
    let (desk, host, first, second) = try await open(store)
    await first.send(#"{"type":"edit","id":"Note","value":"Grace","seq":1}"#)
    #expect(store.value(row: 1) == .text("Grace"))
    _ = await first.messages()

    store.close()
    let undo = Task { await first.send(#"{"type":"undo","seq":2}"#) }
    try await store.waitForWriter(2)
    let answered = await answer(to: #"{"type":"edit","id":"Draft","value":"lunch","seq":1}"#, from: second, store)
    #expect(answered?.contains { $0["type"] == "ack" && $0["seq"] == 1 } == true, "the other tab is answered meanwhile")
    #expect(answered?.contains { $0.operations.contains { $0["id"] == "Note" && $0["value"] == "Ada" } } == true)
    #expect(await first.messages().allSatisfy { $0["type"] != "ack" }, "no ack before the undo is saved")
    #expect(store.value(row: 1) == .text("Grace"))

    store.open()
    await undo.value
    #expect(await first.messages().contains { $0["type"] == "ack" && $0["seq"] == 2 })
    #expect(store.value(row: 1) == .text("Ada"))
    #expect(await abilities(of: desk, on: host) == (undo: false, redo: true))

    await first.send(#"{"type":"redo","seq":3}"#)
    #expect(await first.messages().contains { $0["type"] == "ack" && $0["seq"] == 3 })
    #expect(store.value(row: 1) == .text("Grace"))
    #expect(await abilities(of: desk, on: host) == (undo: true, redo: false))
  }

  @Test("an Undo of a Remove waiting for the database puts the note back at once, under its old row")
  func undoOfRemoveWaits() async throws {
    let store = GatedStore(rows: [1: [.text("Ada")], 2: [.text("Grace")]])
    let (desk, host, first, second) = try await open(store)
    await first.send(#"{"type":"action","id":"Remove","seq":1}"#)
    #expect(store.value(row: 1) == nil)

    store.close()
    let undo = Task { await first.send(#"{"type":"undo","seq":2}"#) }
    try await store.waitForWriter(2)
    let answered = await answer(to: #"{"type":"edit","id":"Draft","value":"lunch","seq":1}"#, from: second, store)
    #expect(answered?.contains { $0["type"] == "ack" && $0["seq"] == 1 } == true, "the other tab is answered meanwhile")
    #expect(await texts(of: desk, on: host) == ["Ada", "Grace"], "back in its place while its row is on its way")

    store.open()
    await undo.value
    #expect(await first.messages().contains { $0["type"] == "ack" && $0["seq"] == 2 })
    #expect(store.value(row: 1) == .text("Ada"), "the same row again")
    #expect(await abilities(of: desk, on: host) == (undo: false, redo: true))

    await first.send(#"{"type":"redo","seq":3}"#)
    #expect(await texts(of: desk, on: host) == ["Grace"])
    #expect(store.value(row: 1) == nil)
  }

  @Test("an Undo of an Add waiting for the database takes the note out at once and deletes its row")
  func undoOfAddWaits() async throws {
    let store = GatedStore(rows: [1: [.text("Ada")]])
    let (desk, host, first, second) = try await open(store)
    await first.send(#"{"type":"action","id":"Add","seq":1}"#)
    #expect(await texts(of: desk, on: host) == ["Ada", ""])
    #expect(store.value(row: 2) == .text(""))

    store.close()
    let undo = Task { await first.send(#"{"type":"undo","seq":2}"#) }
    try await store.waitForWriter(2)
    let answered = await answer(to: #"{"type":"edit","id":"Draft","value":"lunch","seq":1}"#, from: second, store)
    #expect(answered?.contains { $0["type"] == "ack" && $0["seq"] == 1 } == true, "the other tab is answered meanwhile")
    #expect(await texts(of: desk, on: host) == ["Ada"], "gone while its delete is on its way")
    store.open()
    await undo.value
    #expect(await first.messages().contains { $0["type"] == "ack" && $0["seq"] == 2 })
    #expect(store.value(row: 2) == nil)
    #expect(await abilities(of: desk, on: host) == (undo: false, redo: true))
  }

  @Test("an Undo the database fails after waiting gets notKept, shows the saved value and stays to undo")
  func failedUndoAfterWaiting() async throws {
    let store = GatedStore(rows: [1: [.text("Ada")]])
    let (desk, host, first, second) = try await open(store)
    await first.send(#"{"type":"edit","id":"Note","value":"Grace","seq":1}"#)

    store.close()
    store.failNext(StoreError(.database, "the server went away", table: "note"))
    let undo = Task { await first.send(#"{"type":"undo","seq":2}"#) }
    try await store.waitForWriter(2)
    store.open()
    await undo.value
    let messages = await first.messages()
    #expect(messages.contains { $0["type"] == "error" && $0["code"] == "notKept" })
    #expect(!messages.contains { $0["type"] == "ack" && $0["seq"] == 2 })
    #expect(await texts(of: desk, on: host) == ["Grace"])
    #expect(
      await second.messages().contains { $0.operations.contains { $0["id"] == "Note" && $0["value"] == "Grace" } })
    #expect(await abilities(of: desk, on: host) == (undo: true, redo: false), "the step stays, to try again")
    #expect(store.value(row: 1) == .text("Grace"))
  }

  @Test("an Undo of a note another instance changed since is refused after waiting and shows that change")
  func undoOverAnotherInstancesEditIsRefused() async throws {
    let store = GatedStore(rows: [1: [.text("Ada")]])
    let (desk, host, first, _) = try await open(store)
    await first.send(#"{"type":"edit","id":"Note","value":"Grace","seq":1}"#)
    store.changeByOther(row: 1, to: .text("Hopper"))

    store.close()
    let undo = Task { await first.send(#"{"type":"undo","seq":2}"#) }
    try await store.waitForWriter(2)
    store.open()
    await undo.value
    #expect(await first.messages().contains { $0["type"] == "error" && $0["code"] == "notKept" })
    #expect(store.value(row: 1) == .text("Hopper"), "the other instance's edit is not overwritten")
    #expect(await texts(of: desk, on: host) == ["Hopper"])
    #expect(await abilities(of: desk, on: host) == (undo: false, redo: false), "a refused step is dropped")
  }

  @Test("another instance's change that needs the table read again does not hold up the page meanwhile")
  func followingReadsWithoutHoldingThePage() async throws {
    let store = GatedStore(rows: [1: [.text("Ada")]])
    let (desk, host, first, second) = try await open(store)
    store.changeByOther(row: 1, to: .text("Hopper"))
    store.gatesReads = true
    store.close()
    store.announce(StoreNotice(table: "note", changes: nil))
    try await store.waitForReader()
    let answered = await answer(to: #"{"type":"edit","id":"Draft","value":"lunch","seq":1}"#, from: first, store)
    #expect(answered?.contains { $0["type"] == "ack" && $0["seq"] == 1 } == true, "answered during the read")
    #expect(await texts(of: desk, on: host) == ["Ada"])

    store.open()
    for _ in 0..<12_000 where await texts(of: desk, on: host) != ["Hopper"] {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(await texts(of: desk, on: host) == ["Hopper"], "the change was applied")
    #expect(
      await second.messages().contains { $0.operations.contains { $0["id"] == "Note" && $0["value"] == "Hopper" } })
  }

  @Test("a save made while the table is read for another instance's change is not undone by the older rows")
  func saveDuringAFollowingReadStays() async throws {
    let store = GatedStore(rows: [1: [.text("Ada")]])
    let (desk, host, first, second) = try await open(store)
    store.changeByOther(row: 1, to: .text("Hopper"))
    store.gatesReads = true
    store.close()
    store.announce(StoreNotice(table: "note", changes: nil))
    try await store.waitForReader()
    Task { await first.send(#"{"type":"edit","id":"Note","value":"Grace","seq":1}"#) }
    for _ in 0..<2_000 where await texts(of: desk, on: host) != ["Grace"] {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(await texts(of: desk, on: host) == ["Grace"], "the edit shows at once")

    // The read ran before the save, so its rows say "Hopper": they are read again, after the save.
    store.open()
    var got: [JSONValue] = []
    // Each try drains the tab's messages; what came is kept for the test's condition.
    for _ in 0..<2_000 where store.readsAsked < 2 || !(got.contains { $0["type"] == "ack" && $0["seq"] == 1 }) {
      got += await first.messages()
      try await Task.sleep(for: .milliseconds(5))
    }
    for _ in 0..<20 { await host.perform {} }
    #expect(store.readsAsked == 2, "the table was read again, after the save")
    #expect(store.value(row: 1) == .text("Grace"))
    #expect(await texts(of: desk, on: host) == ["Grace"], "the older rows did not overwrite the save")
    let shown = await second.messages().flatMap(\.operations).filter { $0["id"] == "Note" }.compactMap { $0["value"] }
    #expect(shown.last == "Grace", "the other tab ends on the saved value")
  }

  @Test("an Add made while the table is read for another instance's change keeps one row")
  func addDuringAFollowingReadKeepsOneRow() async throws {
    let store = GatedStore(rows: [1: [.text("Ada")]])
    let (desk, host, first, _) = try await open(store)
    store.gatesReads = true
    store.close()
    store.announce(StoreNotice(table: "note", changes: nil))
    try await store.waitForReader()
    Task { await first.send(#"{"type":"action","id":"Add","seq":1}"#) }
    for _ in 0..<2_000 where await texts(of: desk, on: host).count != 2 {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(await texts(of: desk, on: host) == ["Ada", ""], "the new row shows at once")

    store.open()
    var got: [JSONValue] = []
    for _ in 0..<2_000 where store.readsAsked < 2 || !(got.contains { $0["type"] == "ack" && $0["seq"] == 1 }) {
      got += await first.messages()
      try await Task.sleep(for: .milliseconds(5))
    }
    // Whatever order the Add's answer and the second read reach the page in, the row is there once.
    for _ in 0..<20 { await host.perform {} }
    #expect(store.readsAsked == 2, "the table was read again, after the Add")
    #expect(store.rowIDs == [1, 2])
    #expect(await texts(of: desk, on: host) == ["Ada", ""], "neither taken out nor shown twice")
  }

  /// Sends `text` from `tab` and waits (2,000 tries 5 ms apart) for the page to handle it: the messages the tab
  /// got, or `nil` when the page was held up (the store's gate is then opened, so the test ends).
  private func answer(to text: String, from tab: TestTab, _ store: GatedStore) async -> [JSONValue]? {
    let handled = SharedLock(false)
    Task {
      await tab.send(text)
      handled.withLock { $0 = true }
    }
    // Tries, not a deadline: a machine too busy to run this task still gets every try.
    for _ in 0..<2_000 where !handled.withLock({ $0 }) {
      try? await Task.sleep(for: .milliseconds(5))
    }
    guard handled.withLock({ $0 }) else {
      store.open()
      return nil
    }
    return await tab.messages()
  }

  /// The notes' texts, read on the page's actor.
  private func texts(of desk: Desk, on host: WebPageHost) async -> [String] {
    let texts = SharedLock<[String]>([])
    await host.perform { texts.withLock { $0 = desk.notes.arrangedObjects.map(\.text) } }
    return texts.withLock { $0 }
  }

  /// Whether the history can undo and redo, read on the page's actor.
  private func abilities(of desk: Desk, on host: WebPageHost) async -> (undo: Bool, redo: Bool) {
    let abilities = SharedLock((undo: false, redo: false))
    await host.perform { abilities.withLock { $0 = (desk.history.canUndo, desk.history.canRedo) } }
    return abilities.withLock { $0 }
  }
}
