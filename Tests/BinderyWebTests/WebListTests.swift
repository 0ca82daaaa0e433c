import Bindery
import BinderyControllers
import BinderyControls
import Testing

@testable import BinderyWeb

@Suite struct WebListTests {
  @Test func addingAndRemovingRowsSendsIndexLevelChangesOnly() async throws {
    let host = WebPageHost(page: makeProfilePage(sharing: .shared))
    let tab = TestTab(host)
    let other = TestTab(host)
    await tab.hello()
    await other.hello()
    await tab.edit("Friends", .array([1]))
    let selection = await other.messages().flatMap(\.operations)
    #expect(
      selection.contains(.object([("op", "set"), ("id", "Friends"), ("key", "selected"), ("value", .array([1]))])))

    await tab.send(#"{"type":"edit","id":"Friends","value":[0]}"#)
    _ = await other.messages()
  }

  @Test func aRemovalFromTenThousandRowsIsOneSmallOperation() async throws {
    let (page, box) = makeSharedProfilePage(friends: 10_000)
    let host = WebPageHost(page: page)
    let tab = TestTab(host)
    let reset = try #require(await tab.hello())
    guard case .array(let rows)? = reset.element("Friends")?["rows"] else {
      Issue.record("no rows")
      return
    }
    #expect(rows.count == 10_000)
    await tab.edit("Friends", .array([5_000]))
    _ = await tab.messages()
    await host.perform { box.value.friends.remove() }
    let items = tab.connection.outbox.drain()
    #expect(items.count == 1)
    guard case .message(let text)? = items.first else { return }
    #expect(text.utf8.count < 1_000)
    let operations = try JSONValue.parse(text).operations
    #expect(operations.first?["op"] == "list")
    #expect(operations.first?["removed"] == .array([5_000]))
    #expect(operations.first?["inserted"] == .array([]))
  }

  @Test func anInsertedRowArrivesWithItsElements() async throws {
    let (page, box) = makeSharedProfilePage(friends: 2)
    let host = WebPageHost(page: page)
    let tab = TestTab(host)
    await tab.hello()
    await host.perform { _ = box.value.friends.add() }
    let operations = await tab.messages().flatMap(\.operations)
    let list = try #require(operations.first { $0["op"] == "list" })
    #expect(list["removed"] == .array([]))
    guard case .array(let inserted)? = list["inserted"] else {
      Issue.record("no inserted rows")
      return
    }
    #expect(inserted.count == 1)
    #expect(inserted.first?["index"] == 2)
    #expect(inserted.first?["row"]?["kind"] == "row")
    let rowLabel = try #require(
      inserted.first?["row"]?["children"].flatMap { if case .array(let children) = $0 { children.first } else { nil } })
    #expect(rowLabel.prop("text") == "New")
    #expect(operations.contains { $0["key"] == "selected" && $0["value"] == .array([2]) })

    // The new row's label is an element of the page: a rename reaches it as a set.
    let id = try #require(rowLabel["id"]?.stringValue)
    await host.perform { box.value.profile.friends[2].name = "Renamed" }
    let rename = await tab.messages().flatMap(\.operations)
    #expect(rename == [.object([("op", "set"), ("id", .string(id)), ("key", "text"), ("value", "Renamed")])])
  }

  @Test func aMoveIsSentAsAMove() async throws {
    let (page, box) = makeSharedProfilePage(friends: 4)
    let host = WebPageHost(page: page)
    let tab = TestTab(host)
    await tab.hello()
    await host.perform { box.value.friends.sortOrder = [.descending(\.name)] }
    let operations = await tab.messages().flatMap(\.operations)
    let list = try #require(operations.first { $0["op"] == "list" })
    #expect(list["removed"] == .array([]))
    #expect(list["inserted"] == .array([]))
    #expect(list["moved"] != .array([]))
  }
}
