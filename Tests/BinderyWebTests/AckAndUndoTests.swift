import Bindery
import BinderyControls
import BinderyStore
import Testing

@testable import BinderyWeb

@Suite("Numbered messages are acknowledged; Ctrl+Z reaches the page's history")
struct AckAndUndoTests {
  /// A page of one field and one label on a profile, with an undo history.
  private func page(_ box: UncheckedBox<Profile>, history: EditHistory?) -> WebPage {
    WebPage(title: "Undo", model: { box.value }) { profile, _ in
      let field = HeadlessTextField()
      let label = HeadlessLabel()
      let bindings = BindingSet()
      field.bind(\.text, to: profile, \.name).store(in: bindings)
      label.bind(\.text, to: profile, \.name).store(in: bindings)
      let panel = HeadlessView()
      panel.subviews = [field, label]
      let content = WebContent(root: panel, ids: ["Name": field, "Label": label], bindings: bindings)
      content.undoHistory = history
      return content
    }
  }

  @Test("a numbered edit is acknowledged before the patches it caused")
  func numberedEditIsAcknowledged() async throws {
    let box = UncheckedBox(Profile())
    let host = WebPageHost(page: page(box, history: nil))
    let tab = TestTab(host)
    await tab.hello()
    await tab.send(#"{"type":"edit","id":"Name","value":"Ada","seq":7}"#)
    let messages = await tab.messages()
    #expect(messages.map { $0["type"] } == ["ack", "patch"])
    #expect(messages.first?["seq"] == 7)
    #expect(box.value.name == "Ada")
  }

  @Test("a refused numbered message gets its error and no ack; an unnumbered one no ack")
  func refusedMessagesAreNotAcknowledged() async throws {
    let host = WebPageHost(page: page(UncheckedBox(Profile()), history: nil))
    let tab = TestTab(host)
    await tab.hello()
    await tab.send(#"{"type":"edit","id":"Nope","value":"Ada","seq":8}"#)
    await tab.send(#"{"type":"edit","id":"Name","value":"Ada"}"#)
    #expect(await tab.messages().map { $0["type"] } == ["error", "patch"])
    for bad in [#"-1"#, #"1.5"#, #""7""#, #"1e300"#] {
      await tab.send(#"{"type":"edit","id":"Name","value":"Bo","seq":\#(bad)}"#)
      let answer = await tab.messages()
      #expect(answer.map { $0["type"] } == ["error"], "seq \(bad)")
    }
  }

  @Test("undo and redo reach the page's history, and the page follows")
  func undoAndRedo() async throws {
    let box = UncheckedBox(Profile())
    let history = EditHistory()
    let host = WebPageHost(page: page(box, history: history))
    let tab = TestTab(host)
    await tab.hello()
    await host.perform {
      let profile = box.value
      let old = profile.name
      profile.name = "Grace"
      history.register(editor: nil) { [weak profile] in
        let redo = profile?.name ?? ""
        profile?.name = old
        history.register(editor: nil) { profile?.name = redo }
      }
    }
    _ = await tab.messages()
    await tab.send(#"{"type":"undo","seq":1}"#)
    var messages = await tab.messages()
    #expect(box.value.name == "")
    #expect(messages.first?["type"] == "ack")
    #expect(messages.last?.operations.contains { $0["id"] == "Label" } == true)
    await tab.send(#"{"type":"redo"}"#)
    messages = await tab.messages()
    #expect(box.value.name == "Grace")
    #expect(!messages.isEmpty)
  }

  @Test("a page without a history refuses undo, changing nothing")
  func noHistory() async throws {
    let box = UncheckedBox(Profile())
    let host = WebPageHost(page: page(box, history: nil))
    let tab = TestTab(host)
    await tab.hello()
    await tab.send(#"{"type":"undo","seq":3}"#)
    #expect(await tab.messages().map { $0["type"] } == ["error"])
  }

  @Test("an edit the model could not keep (a failed save) gets a notKept error naming the element, no ack")
  func editNotKeptIsNotAcknowledged() async throws {
    let box = UncheckedBox(Profile())
    box.value.name = "Ada"
    // The model's side fails as a store would: it reports the failure and puts the value back.
    let watching = observe(box.value, \.name) { change in
      guard change.newValue == "Disk full" else { return }
      UserEditing.reportFailure(StoreError(.database, "database or disk is full", table: "profile"))
      box.value.name = change.oldValue ?? ""
    }
    let host = WebPageHost(page: page(box, history: nil))
    let tab = TestTab(host)
    await tab.hello()
    _ = await tab.messages()
    await tab.send(#"{"type":"edit","id":"Name","value":"Disk full","seq":4}"#)
    let messages = await tab.messages()
    #expect(messages.map { $0["type"] } == ["error", "patch"])
    // The tab that typed gets the kept value back, and so shows what the database has.
    #expect(messages.last?.operations.contains { $0["id"] == "Name" && $0["value"] == "Ada" } == true, "\(messages)")
    #expect(messages.first?["code"] == "notKept")
    #expect(messages.first?["id"] == "Name")
    #expect(messages.first?["message"]?.stringValue?.contains("database or disk is full") == true)
    #expect(!messages.contains { $0["type"] == "ack" })
    #expect(box.value.name == "Ada")
    await tab.send(#"{"type":"edit","id":"Name","value":"Grace","seq":5}"#)
    #expect(await tab.messages().first?["type"] == "ack")
    watching.unbind()
  }
}
