import Bindery
import BinderyControls
import Testing

@testable import BinderyWeb

@Suite struct WebSessionTests {
  @Test func helloIsAnsweredWithTheWholePage() async throws {
    let host = WebPageHost(page: makeProfilePage())
    let tab = TestTab(host)
    let reset = try #require(await tab.hello())
    #expect(reset["title"] == "Profile")
    #expect(reset["session"]?.stringValue?.isEmpty == false)
    #expect(reset.element("Name")?["kind"] == "text")
    #expect(reset.element("Name")?.prop("placeholder") == "Name")
    #expect(reset.element("Password")?["kind"] == "secure")
    #expect(reset.element("Greeting")?.prop("text") == "(nobody)")
    #expect(reset.element("Save")?.prop("enabled") == true)
    #expect(reset.element("Size")?.prop("options") == .array(["S", "M", "L"]))
    #expect(reset.element("Friends")?["rows"].map { if case .array(let rows) = $0 { rows.count } else { 0 } } == 3)
  }

  @Test func aNumberFieldIsANumberElementWhoseEditsAreText() async throws {
    let profile = UncheckedBox(Profile())
    let page = WebPage(title: "Age", model: { profile.value }, sharing: .shared) { profile, _ in
      let age = HeadlessTextField()
      let bindings = BindingSet()
      age.bind(\.text, to: profile, \.name).store(in: bindings)
      let content = WebContent(root: Panel(title: "Age", subviews: [age]), ids: ["Age": age], bindings: bindings)
      content.style(age, .number)
      return content
    }
    let tab = TestTab(WebPageHost(page: page))
    let reset = try #require(await tab.hello())
    #expect(reset.element("Age")?["kind"] == "number")

    await tab.edit("Age", "3b")

    #expect(await tab.messages().filter { $0["type"] == "error" }.isEmpty)
    #expect(profile.value.name == "3b")
  }

  @Test func aMultilineFieldIsATextAreaWhoseLinesAreWrittenWhenItsEditingEnds() async throws {
    let profile = UncheckedBox(Profile())
    let page = WebPage(title: "Notes", model: { profile.value }, sharing: .shared) { profile, _ in
      let notes = HeadlessTextField()
      let bindings = BindingSet()
      notes.bind(\.text, to: profile, \.name, options: BindingOptions(updatesContinuously: false)).store(in: bindings)
      let content = WebContent(
        root: Panel(title: "Notes", subviews: [notes]), ids: ["Notes": notes], bindings: bindings)
      content.style(notes, .multiline)
      return content
    }
    let tab = TestTab(WebPageHost(page: page))
    let reset = try #require(await tab.hello())
    #expect(reset.element("Notes")?["kind"] == "multiline")

    await tab.edit("Notes", "First line\nSecond line")
    #expect(profile.value.name != "First line\nSecond line", "Return is a new line, not the end of editing")
    await tab.action("Notes")  // the text area lost the focus

    #expect(await tab.messages().filter { $0["type"] == "error" }.isEmpty)
    #expect(profile.value.name == "First line\nSecond line")
  }

  @Test func anEditReachesTheModelAndComesBackAsOnePatchWithoutItsEcho() async throws {
    let host = WebPageHost(page: makeProfilePage())
    let tab = TestTab(host)
    await tab.hello()
    await tab.edit("Name", "Ada")
    let messages = await tab.messages()
    #expect(messages.count == 1)
    let operations = try #require(messages.first).operations
    #expect(operations == [.object([("op", "set"), ("id", "Greeting"), ("key", "text"), ("value", "Hello, Ada!")])])
  }

  @Test func aChangeOfTheModelReachesThePageAsAPatch() async throws {
    let box = UncheckedBox(Profile())
    let page = WebPage(title: "One", model: { box.value }) { profile, _ in
      let label = HeadlessLabel()
      let bindings = BindingSet()
      label.bind(\.text, to: profile, \.name).store(in: bindings)
      return WebContent(root: label, ids: ["Label": label], bindings: bindings)
    }
    let host = WebPageHost(page: page)
    let tab = TestTab(host)
    await tab.hello()
    await host.perform {
      withCoalescedChanges {
        box.value.name = "Grace"
        box.value.name = "Grace Hopper"
      }
    }
    let messages = await tab.messages()
    #expect(
      messages.map(\.operations) == [
        [.object([("op", "set"), ("id", "Label"), ("key", "text"), ("value", "Grace Hopper")])]
      ])
  }

  @Test func everyKindOfControlTakesItsValue() async throws {
    let host = WebPageHost(page: makeProfilePage())
    let tab = TestTab(host)
    await tab.hello()
    await tab.edit("Subscribe", true)
    await tab.edit("Volume", .number(0.75))
    await tab.edit("Guests", .number(4))
    await tab.edit("Size", .number(2))
    await tab.action("Save")
    let errors = await tab.messages().filter { $0["type"] == "error" }
    #expect(errors.isEmpty)
    let again = try #require(await tab.hello(resume: nil))
    #expect(again.element("Subscribe")?.prop("p:checked") == true)  // hello again on the socket: the same session
    #expect(again["reason"] == "refresh")
    let reset = try #require(await TestTab(host).hello())
    #expect(reset.element("Subscribe")?.prop("p:checked") == false)  // another tab: a new session, its own model
    #expect(reset["reason"] == "new")
  }

  @Test func tabsOfAPageWithoutASharedModelHaveTheirOwnModels() async throws {
    let host = WebPageHost(page: makeProfilePage(sharing: .perSession))
    let first = TestTab(host)
    let second = TestTab(host)
    await first.hello()
    await second.hello()
    await first.edit("Name", "Ada")
    #expect(await second.messages().isEmpty)
    #expect(await host.sessionCount == 2)
  }

  @Test func tabsOfASharedModelSeeEachOthersEdits() async throws {
    let host = WebPageHost(page: makeProfilePage(sharing: .shared))
    let first = TestTab(host)
    let second = TestTab(host)
    await first.hello()
    await second.hello()
    await first.edit("Name", "Ada")
    let seen = await second.messages()
    #expect(seen.count == 1)
    let operations = try #require(seen.first).operations
    #expect(operations.contains(.object([("op", "set"), ("id", "Name"), ("key", "text"), ("value", "Ada")])))
    #expect(
      operations.contains(.object([("op", "set"), ("id", "Greeting"), ("key", "text"), ("value", "Hello, Ada!")])))
  }

  @Test func aReconnectingTabResumesItsSessionWithEditsMadeMeanwhile() async throws {
    let host = WebPageHost(page: makeProfilePage(sharing: .shared))
    let first = TestTab(host)
    let second = TestTab(host)
    let session = try #require(await first.hello()?["session"]?.stringValue)
    await second.hello()
    await host.disconnect(first.connection)
    await second.edit("Name", "Grace")
    let again = TestTab(host)
    let reset = try #require(await again.hello(resume: session))
    #expect(reset["session"]?.stringValue == session)
    #expect(reset.element("Name")?.prop("text") == "Grace")
    #expect(await host.sessionCount == 2)
  }

  @Test func aTabThatDoesNotReadGetsOneResetInsteadOfAnEndlessQueue() async throws {
    let box = UncheckedBox(Profile())
    let page = WebPage(title: "One", model: { box.value }) { profile, _ in
      let label = HeadlessLabel()
      let bindings = BindingSet()
      label.bind(\.text, to: profile, \.name).store(in: bindings)
      return WebContent(root: label, ids: ["Label": label], bindings: bindings)
    }
    let host = WebPageHost(page: page)
    let tab = TestTab(host, queueLimit: 4)
    await tab.hello()
    for index in 0..<1_000 {
      await host.perform { box.value.name = "name \(index)" }
    }
    let items = tab.connection.outbox.drain()
    #expect(items == [.reset])
    #expect(tab.connection.outbox.overflowCount >= 1)
    let reset = try #require(await host.resetMessage(for: tab.connection))
    #expect(reset.contains("name 999"))
  }

  @Test func textIsSentAsEscapedTextNeverAsMarkup() async throws {
    let host = WebPageHost(page: makeProfilePage())
    let tab = TestTab(host)
    await tab.hello()
    await tab.edit("Name", "<img src=x onerror=alert(1)>")
    let text = try #require(tab.connection.outbox.drain().first)
    guard case .message(let message) = text else {
      Issue.record("expected a message")
      return
    }
    #expect(!message.contains("<img"))
    #expect(message.contains("\\u003cimg"))
    let parsed = try JSONValue.parse(message)
    #expect(parsed.operations.first?["value"] == "Hello, <img src=x onerror=alert(1)>!")
  }

  @Test func aValidationErrorShowsOnTheFieldAndLeavesTheModelAlone() async throws {
    let host = WebPageHost(page: makeProfilePage())
    let tab = TestTab(host)
    await tab.hello()
    await tab.edit("Name", "Ada")
    _ = await tab.messages()
    await tab.edit("Name", "forbidden")
    let operations = await tab.messages().flatMap(\.operations)
    #expect(
      operations.contains { $0["id"] == "Name" && $0["key"] == "error" && $0["value"] == "this name is not allowed" })
    #expect(!operations.contains { $0["id"] == "Greeting" })
    await tab.edit("Name", "Ada Lovelace")
    let fixed = await tab.messages().flatMap(\.operations)
    #expect(fixed.contains { $0["id"] == "Name" && $0["key"] == "error" && $0["value"] == .null })
  }

  @Test func anActionOnATextFieldEndsEditingAndCommitsItsText() async throws {
    let box = UncheckedBox(Profile())
    let page = WebPage(title: "Commit", model: { box.value }) { profile, _ in
      let field = HeadlessTextField()
      let bindings = BindingSet()
      field.bind(\.text, to: profile, \.name, options: BindingOptions(updatesContinuously: false)).store(in: bindings)
      return WebContent(root: field, ids: ["Name": field], bindings: bindings)
    }
    let host = WebPageHost(page: page)
    let tab = TestTab(host)
    await tab.hello()
    await tab.edit("Name", "Ada")
    #expect(box.value.name == "")
    await tab.action("Name")
    #expect(box.value.name == "Ada")
    #expect(await tab.messages().flatMap(\.operations).isEmpty)
  }

  @Test func escapeInAFieldDropsWhatWasTypedAndShowsTheModelsValueWithoutItsError() async throws {
    let box = UncheckedBox(Profile())
    box.value.name = "Grace"
    let page = WebPage(title: "Discard", model: { box.value }) { profile, _ in
      let field = HeadlessTextField()
      let bindings = BindingSet()
      field.bind(\.text, to: profile, \.name, options: BindingOptions(updatesContinuously: false)).store(in: bindings)
      return WebContent(root: field, ids: ["Name": field], bindings: bindings)
    }
    let host = WebPageHost(page: page)
    let tab = TestTab(host)
    await tab.hello()
    await tab.edit("Name", "forbidden")
    await tab.action("Name")  // Return: the model refuses it, the field shows why
    #expect(await tab.messages().flatMap(\.operations).contains { $0["key"] == "error" && $0["value"] != .null })

    await tab.send(#"{"type":"discard","id":"Name"}"#)
    let operations = await tab.messages().flatMap(\.operations)
    #expect(operations.contains { $0["key"] == "text" && $0["value"] == "Grace" }, "the model's value again")
    #expect(operations.contains { $0["key"] == "error" && $0["value"] == .null }, "without the error")
    #expect(box.value.name == "Grace")
    await tab.action("Name")
    #expect(box.value.name == "Grace", "nothing left to commit")
  }

  @Test func aButtonNamesTheElementThatTakesTheFocusAfterItsAction() async throws {
    let page = WebPage(title: "Focus", model: { Profile() }) { _, _ in
      let name = HeadlessTextField()
      let add = HeadlessButton(title: "Add") {}
      add.focusesAfterAction = name
      let plain = HeadlessButton(title: "Go") {}
      let panel = HeadlessView()
      panel.subviews = [add, name, plain]
      return WebContent(root: panel, ids: ["Add": add, "Name": name, "Go": plain])
    }
    let tab = TestTab(WebPageHost(page: page))
    let reset = try #require(await tab.hello())
    #expect(reset["tree"]?.element("Add")?["props"]?["focuses"] == "Name")
    #expect(reset["tree"]?.element("Go")?["props"]?["focuses"] == .null)
  }

  @Test func escapeOnAnElementWithoutEditsIsRefused() async throws {
    let page = WebPage(title: "Discard", model: { Profile() }) { _, _ in
      let button = HeadlessButton(title: "Go") {}
      return WebContent(root: button, ids: ["Go": button])
    }
    let tab = TestTab(WebPageHost(page: page))
    await tab.hello()
    await tab.send(#"{"type":"discard","id":"Go"}"#)
    #expect(await tab.messages().contains { $0["type"] == "error" && $0["code"] == "notEditable" })
  }
}
