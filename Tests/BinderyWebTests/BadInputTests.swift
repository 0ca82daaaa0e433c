import Bindery
import Testing

@testable import BinderyWeb

/// Every bad message is answered with a typed error to its tab only, changes nothing, and leaves the
/// connection working.
@Suite struct BadInputTests {
  static let cases: [(message: String, code: WebInputError.Code)] = [
    ("{not json", .malformedMessage),
    ("[1, 2, 3]", .malformedMessage),
    (#"{"id":"Name","value":"x"}"#, .malformedMessage),
    (#"{"type":"explode","id":"Name"}"#, .malformedMessage),
    (#"{"type":"edit","value":"x"}"#, .malformedMessage),
    (#"{"type":"edit","id":"Name"}"#, .malformedMessage),
    (#"{"type":"edit","id":"Nope","value":"x"}"#, .unknownElement),
    (#"{"type":"edit","id":"Name","value":42}"#, .wrongValueType),
    (#"{"type":"edit","id":"Name","value":null}"#, .wrongValueType),
    (#"{"type":"edit","id":"Subscribe","value":"yes"}"#, .wrongValueType),
    (#"{"type":"edit","id":"Subscribe","value":1}"#, .wrongValueType),
    (#"{"type":"edit","id":"Volume","value":"0.5"}"#, .wrongValueType),
    (#"{"type":"edit","id":"Size","value":7}"#, .wrongValueType),
    (#"{"type":"edit","id":"Size","value":1.5}"#, .wrongValueType),
    (#"{"type":"edit","id":"Friends","value":[99]}"#, .wrongValueType),
    (#"{"type":"edit","id":"Greeting","value":"x"}"#, .notEditable),
    (#"{"type":"action","id":"Greeting"}"#, .notEditable),
    (#"{"type":"action","id":"Friends"}"#, .notEditable),
    (#"{"type":"action","id":"Save"}"#, .disabled),
    ("{\"type\":\"edit\",\"id\":\"Name\",\"value\":\"" + String(repeating: "a", count: 20_000) + "\"}", .tooLarge),
  ]

  @Test(arguments: cases.indices)
  func aBadMessageIsRefusedWithATypedErrorAndChangesNothing(_ index: Int) async throws {
    let (message, code) = Self.cases[index]
    let host = WebPageHost(page: makeProfilePage(sharing: .shared))
    let tab = TestTab(host)
    let other = TestTab(host)
    let before = try #require(await tab.hello())
    await other.hello()
    await tab.edit("Name", "Ada")
    // The Save button is disabled once locked; lock it for the disabled case.
    if code == .disabled {
      await tab.action("Save")
    }
    _ = await tab.messages()
    _ = await other.messages()

    await tab.send(message)
    let answer = await tab.messages()
    #expect(answer.count == 1)
    #expect(answer.first?["type"] == "error")
    #expect(answer.first?["code"] == .string(code.rawValue))
    #expect(await other.messages().isEmpty)

    // Nothing changed: a fresh tab on the shared model sees the same state as before, plus the edit.
    let after = try #require(await TestTab(host).hello())
    #expect(after.element("Name")?.prop("text") == "Ada")
    #expect(after.element("Subscribe")?.prop("p:checked") == before.element("Subscribe")?.prop("p:checked"))
    #expect(after.element("Volume")?.prop("p:valueAsNumber") == before.element("Volume")?.prop("p:valueAsNumber"))
    #expect(after.element("Size")?.prop("p:selectedIndex") == before.element("Size")?.prop("p:selectedIndex"))

    // The connection still works.
    await tab.edit("Name", "Grace")
    let next = await tab.messages()
    #expect(next.first?["type"] == "patch")
  }

  @Test func anEditBeforeHelloIsRefused() async throws {
    let host = WebPageHost(page: makeProfilePage())
    let tab = TestTab(host)
    await tab.edit("Name", "Ada")
    let answer = await tab.messages()
    #expect(answer.first?["code"] == "noSession")
    #expect(await host.sessionCount == 0)
  }

  @Test func aBinaryMessageIsRefused() async throws {
    let host = WebPageHost(page: makeProfilePage())
    let tab = TestTab(host)
    await tab.hello()
    await host.receiveBinary(from: tab.connection)
    #expect(await tab.messages().first?["code"] == "malformedMessage")
  }

  @Test func aPageThatCannotBeMadeIsReportedToTheTab() async throws {
    let page = WebPage(title: "Broken", model: { Friend("x") }) { _, _ in
      throw WebInputError(.pageUnavailable, "broken on purpose")
    }
    let host = WebPageHost(page: page)
    let tab = TestTab(host)
    await tab.send(#"{"type":"hello"}"#)
    #expect(await tab.messages().first?["code"] == "pageUnavailable")
  }
}
