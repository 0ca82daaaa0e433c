import Bindery
import BinderyControls
import HTTPTypes
import Testing

@testable import BinderyWeb

@Suite("The bindings inspector", .serialized)
struct InspectorTests {
  @Test func theInspectorAnswersClientsOnThisMachineOnly() {
    for address in ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1", "0:0:0:0:0:0:0:1"] {
      #expect(InspectorAccess.allows(address), "\(address)")
    }
    for address in [
      "10.0.0.2", "192.168.1.10", "::ffff:10.0.0.1", "fe80::1", "128.0.0.1", "1270.0.0.1", "127.0.0", "127.0.0.256",
      "", "localhost", "unknown",
    ] {
      #expect(!InspectorAccess.allows(address), "\(address)")
    }
    #expect(!InspectorAccess.allows(nil))
  }

  @Test func theInspectorRefusesProxiedRequestsForeignHostsAndThePagesOtherOrigins() {
    func headers(_ fields: [(String, String)]) -> HTTPFields {
      var headers = HTTPFields()
      for (name, value) in fields { if let name = HTTPField.Name(name) { headers[name] = value } }
      return headers
    }
    #expect(InspectorAccess.allows("127.0.0.1", authority: "127.0.0.1:8080", headers: headers([])))
    #expect(InspectorAccess.allows("::1", authority: "[::1]:8080", headers: headers([])))
    #expect(InspectorAccess.allows("127.0.0.1", authority: "localhost", headers: headers([])))
    // A proxy on this machine makes every client look local.
    for proxied in ["Forwarded", "X-Forwarded-For", "X-Real-IP", "X-Forwarded-Host"] {
      #expect(
        !InspectorAccess.allows("127.0.0.1", authority: "127.0.0.1:8080", headers: headers([(proxied, "203.0.113.9")])),
        "\(proxied)")
    }
    // A site whose name points at this machine (DNS rebinding), or no Host at all.
    #expect(!InspectorAccess.allows("127.0.0.1", authority: "evil.example:8080", headers: headers([])))
    #expect(!InspectorAccess.allows("127.0.0.1", authority: nil, headers: headers([])))
    #expect(!InspectorAccess.allows("10.0.0.2", authority: "127.0.0.1:8080", headers: headers([])))
    #expect(InspectorAccess.allowsOrigin("http://127.0.0.1:8080", port: 8080))
    #expect(InspectorAccess.allowsOrigin("http://localhost:8080", port: 8080))
    #expect(!InspectorAccess.allowsOrigin("https://app.example.com", port: 8080))
    #expect(!InspectorAccess.allowsOrigin("http://127.0.0.1:9090", port: 8080))
    #expect(!InspectorAccess.allowsOrigin(nil, port: 8080))
  }

  @Test func theInspectionShowsEachTabsBindingsApartWithItsEditsCausesAndForgetsATabThatLeft() async throws {
    try await BindingDiagnostics.recording { () async throws -> Void in try await inspectTwoTabs() }
  }

  private func inspectTwoTabs() async throws {
    let host = WebPageHost(page: makeProfilePage())
    let first = TestTab(host)
    let second = TestTab(host)
    await first.hello()
    await second.hello()

    var inspection = try Self.read(await host.inspectionJSON())
    let tabs = try #require(inspection["sessions"]?.arrayValue)
    #expect(tabs.count == 2)
    let counts = tabs.map { $0["graph"]?["bindings"]?.arrayValue?.count ?? 0 }
    #expect(counts[0] > 0 && counts[0] == counts[1], "each tab has its own bindings: \(counts)")
    // The name field's binding, in each tab's graph, from its own model.
    for tab in tabs {
      let bindings = tab["graph"]?["bindings"]?.arrayValue ?? []
      let name = bindings.first { $0["targetType"] == "HeadlessTextField" && $0["sourcePath"] == "name" }
      #expect(name?["source"] == "Profile#1", "\(tab)")
    }

    await first.edit("Name", "Ada")
    inspection = try Self.read(await host.inspectionJSON())
    let changes = try #require(inspection["changes"]?.arrayValue)
    let greeting = try #require(
      changes.first {
        $0["step"]?.stringValue?.hasPrefix("HeadlessLabel.text = \"(nobody)\" → \"Hello, Ada!\"") == true
      },
      "\(changes.prefix(5).map { $0["step"]?.stringValue ?? "" })")
    let steps = try #require(greeting["chain"]?.arrayValue)
    let chain = steps.compactMap { $0.stringValue }
    #expect(chain.count == 2)
    #expect(chain.last?.hasPrefix("user edit \"Ada\" in HeadlessTextField.text → Profile.name") == true)
    #expect(greeting["kind"] == "targetUpdate")

    await host.disconnect(second.connection)
    inspection = try Self.read(await host.inspectionJSON())
    #expect(inspection["sessions"]?.arrayValue?.count == 1)
  }

  @Test func theInspectionShowsAtMostFiftyTabsAndCountsTheOthers() async throws {
    let host = WebPageHost(page: makeProfilePage())
    var tabs: [TestTab] = []
    for _ in 0..<(WebPageHost.inspectedSessionLimit + 2) {
      let tab = TestTab(host)
      await tab.hello()
      tabs.append(tab)
    }
    let inspection = try Self.read(await host.inspectionJSON())
    #expect(inspection["sessions"]?.arrayValue?.count == WebPageHost.inspectedSessionLimit)
    #expect(inspection["moreSessions"] == 2)
  }

  static func read(_ text: String) throws -> JSONValue {
    try JSONReader.read(
      text, limits: JSONLimits(maxBytes: 1 << 22, maxDepth: 16, maxValues: 1 << 20, maxMembers: 64))
  }
}

extension JSONValue {
  fileprivate var arrayValue: [JSONValue]? {
    if case .array(let items) = self { items } else { nil }
  }
}
