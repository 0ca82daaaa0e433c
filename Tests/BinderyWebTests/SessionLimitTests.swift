import BinderyWeb
import Testing

@Suite("Sessions under hostile clients")
struct SessionLimitTests {
  @Test func helloAgainOnTheSameSocketKeepsItsSession() async throws {
    let host = WebPageHost(page: makeProfilePage(sharing: .shared))
    let tab = TestTab(host)
    let first = try #require(await tab.hello(tab: "t1"))
    for _ in 0..<500 { await tab.send(#"{"type":"hello","tab":"t1"}"#) }
    let last = try #require(await tab.hello(tab: "t1"))
    #expect(last["session"] == first["session"])
    #expect(last["reason"] == "refresh")
    #expect(await host.sessionCount == 1)
  }

  @Test func anAddressPastItsCapIsRefusedWithATypedErrorAndOthersStillGetIn() async throws {
    let host = WebPageHost(page: makeProfilePage(sharing: .shared), limits: .init(maxSessionsPerAddress: 3))
    for _ in 0..<3 { #expect(await TestTab(host, address: "10.0.0.9").hello() != nil) }
    let refused = TestTab(host, address: "10.0.0.9")
    await refused.send(#"{"type":"hello"}"#)
    let messages = await refused.messages()
    #expect(messages.contains { $0["type"] == "error" && $0["code"] == "tooManySessions" })
    #expect(messages.last?["type"] == "close" && messages.last?["code"] == .number(1013))
    #expect(await TestTab(host, address: "10.0.0.1").hello() != nil)
    #expect(await host.sessionCount == 4)
  }

  @Test func aNewTabEndsTheLongestWaitingSessionOfItsAddressWhenAtTheCap() async throws {
    let host = WebPageHost(page: makeProfilePage(sharing: .shared), limits: .init(maxSessionsPerAddress: 2))
    let first = TestTab(host, address: "10.0.0.9")
    let firstSession = try #require(await first.hello()?["session"]?.stringValue)
    await TestTab(host, address: "10.0.0.9").hello()
    await host.disconnect(first.connection)
    #expect(await TestTab(host, address: "10.0.0.9").hello() != nil)
    #expect(await host.sessionCount == 2)
    let back = try #require(await TestTab(host, address: "10.0.0.8").hello(resume: firstSession))
    #expect(back["reason"] == "expired")
  }

  @Test func helloAndCloseChurnKeepsAtMostTheWaitingCap() async throws {
    let host = WebPageHost(page: makeProfilePage(sharing: .shared), limits: .init(maxWaitingSessions: 16))
    for index in 0..<300 {
      let tab = TestTab(host, address: "10.0.\(index % 7).1")
      await tab.hello()
      await host.disconnect(tab.connection)
    }
    #expect(await host.waitingSessionCount == 300)  // ended by the reaper, not by the tab that closed
    var slices = 0
    while await host.endExpiredSessions(atMost: 4) == .zero { slices += 1 }
    #expect(slices == 70)  // 284 past the cap, 4 at a time: 70 slices say "more now", the 71st ends the last
    #expect(await host.waitingSessionCount == 16)
    #expect(await host.sessionCount == 16)
  }

  @Test func waitingSessionsExpireAFewAtATime() async throws {
    let host = WebPageHost(
      page: makeProfilePage(sharing: .shared),
      limits: .init(resumeWindow: .seconds(60), maxSessionsPerAddress: 1_000, maxWaitingSessions: 1_000))
    for _ in 0..<100 {
      let tab = TestTab(host)
      await tab.hello()
      await host.disconnect(tab.connection)
    }
    let now = ContinuousClock.now
    let early = await host.endExpiredSessions(now: now)
    #expect(early.map { $0 > .zero && $0 <= .seconds(60) } == true)  // none due yet
    #expect(await host.sessionCount == 100)
    let later = now + .seconds(61)
    var slices = 0
    while let wait = await host.endExpiredSessions(now: later, atMost: 8), wait == .zero { slices += 1 }
    #expect(await host.endExpiredSessions(now: later) == nil)
    #expect(slices == 12)  // 100 sessions, 8 at a time: 12 full slices, then the last 4 and nil
    #expect(await host.sessionCount == 0)
  }

  @Test func aDuplicatedTabGetsItsOwnSessionAndTheOriginalKeepsWorking() async throws {
    let host = WebPageHost(page: makeProfilePage(sharing: .shared))
    let original = TestTab(host)
    let token = try #require(await original.hello(tab: "aaaa")?["session"]?.stringValue)
    let copy = TestTab(host)
    let reset = try #require(await copy.hello(resume: token, tab: "bbbb"))
    #expect(reset["session"]?.stringValue != token)
    #expect(reset["reason"] == "duplicate")
    await original.edit("Name", "Ada")
    #expect(await original.messages().allSatisfy { $0["type"] != "error" })
    let seen = await copy.messages()
    #expect(seen.contains { $0.operations.contains { $0["id"] == "Name" && $0["value"] == "Ada" } })
  }

  @Test func theSameTabOnANewSocketTakesItsSessionBackAndTheStaleSocketIsClosed() async throws {
    let host = WebPageHost(page: makeProfilePage(sharing: .shared))
    let stale = TestTab(host)
    let token = try #require(await stale.hello(tab: "aaaa")?["session"]?.stringValue)
    let fresh = TestTab(host)
    let reset = try #require(await fresh.hello(resume: token, tab: "aaaa"))
    #expect(reset["session"]?.stringValue == token)
    #expect(reset["reason"] == "resumed")
    let closing = await stale.messages()
    #expect(closing.last?["type"] == "close" && closing.last?["code"] == .number(4001))
  }

  @Test func aTokenOfAnEarlierRunIsToldTheServerRestarted() async throws {
    let host = WebPageHost(page: makeProfilePage(sharing: .shared))
    let reset = try #require(await TestTab(host).hello(resume: "00000000deadbeef"))
    #expect(reset["reason"] == "serverRestarted")
    let mine = try #require(reset["session"]?.stringValue)
    let expired = try #require(await TestTab(host).hello(resume: String(mine.prefix(8)) + "ffff"))
    #expect(expired["reason"] == "expired")
  }

  @Test(arguments: [
    "[1,1]", "[-0]", "[-1]", "[" + Array(repeating: "0", count: 4_000).joined(separator: ",") + "]", "[0.5]",
  ])
  func aListSelectionWithDuplicateNegativeOrTooManyIndexesIsRefused(_ value: String) async throws {
    let host = WebPageHost(page: makeProfilePage())
    let tab = TestTab(host)
    await tab.hello()
    await tab.send(#"{"type":"edit","id":"Friends","value":"# + value + "}")
    let messages = await tab.messages()
    #expect(messages.count == 1)
    #expect(messages.first?["code"] == "wrongValueType")
  }

  @Test func anUnchangedListSelectionIsStillAnswered() async throws {
    let host = WebPageHost(page: makeProfilePage())
    let tab = TestTab(host)
    await tab.hello()
    await tab.edit("Friends", .array([1]))
    _ = await tab.messages()
    await tab.edit("Friends", .array([1]))
    let operations = await tab.messages().flatMap(\.operations)
    #expect(operations.contains { $0["key"] == "selected" && $0["value"] == .array([1]) })
  }
}
