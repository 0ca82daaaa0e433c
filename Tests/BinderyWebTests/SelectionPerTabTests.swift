import Bindery
import BinderyControllers
import BinderyControls
import BinderySpec
import BinderyStore
import Foundation
import Testing

@testable import BinderyWeb

/// A person of the shared list.
@KeyValueObservable
final class Member {
  var name = ""
  static let entity = StoreEntity(table: "member", columns: [StoreColumn("name", \Member.name)]) { Member() }
}

/// The page's model, shared by every tab: the members, kept in a store.
@KeyValueObservable
final class Club: @unchecked Sendable {
  let members = ArrayController<Member>(makeElement: { Member() })
}

/// Each tab declares its own controller over the shared members: its list, its field and its
/// buttons follow that tab's selection only.
private let clubPage = """
  Club:
    class: Club
  Members:
    class: ArrayController
    objectClass: Member
    bindings:
      content: {to: /Club, value: members}
  Page:
    class: Panel
    view:
      subviews: [/List, /NameField, /Add, /Remove]
  List:
    class: List
    content: /Members
    row:
      Name:
        class: Label
        bindings:
          text: {value: name}
  NameField:
    class: TextField
    bindings:
      text: {to: /Members, value: selection.name}
  Add:
    class: Button
    title: Add
    action: {to: /Members, value: add}
  Remove:
    class: Button
    title: Remove
    action: {to: /Members, value: remove}
  """

@Suite("One selection per tab over a shared list")
struct SelectionPerTabTests {
  /// A page of `clubPage` over a club whose members are Ada, Grace and Zed in `store`, with two
  /// tabs that said hello.
  private func open() async throws -> (Club, WebPageHost, TestTab, TestTab) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("club-\(UUID()).spec.yaml").path
    try clubPage.write(toFile: path, atomically: true, encoding: .utf8)
    let club = Club()
    let store = GatedStore(rows: [1: [.text("Ada")], 2: [.text("Grace")], 3: [.text("Zed")]])
    _ = try club.members.bindContent(to: .rows(of: Member.entity, in: store))
    let page = WebPage(title: "Club", model: { club }, sharing: .shared) { club, _ in
      try WebSpec.load(contentsOf: path, model: club, modelClass: "Club", root: "Page") {
        $0.register(Member.self) { Member() }
      }
      .content
    }
    let host = WebPageHost(page: page)
    let one = TestTab(host)
    let two = TestTab(host)
    await one.hello()
    await two.hello()
    _ = await one.messages()
    _ = await two.messages()
    return (club, host, one, two)
  }

  /// The members' names, read on the page's actor.
  private func names(_ club: Club, _ host: WebPageHost) async -> [String] {
    let names = SharedLock<[String]>([])
    await host.perform { names.withLock { $0 = club.members.content.map(\.name) } }
    return names.withLock { $0 }
  }

  @Test func aClickInOneTabNeverMovesWhatTheOtherTabTypesInto() async throws {
    let (club, host, one, two) = try await open()
    await two.edit("List", .array([.number(1)]))
    await one.edit("List", .array([.number(2)]))
    await one.edit("NameField", "Zed Shaw")
    _ = await two.messages()

    // The second tab clicks Ada between two of the first tab's keys.
    await two.edit("List", .array([.number(0)]))
    await one.edit("NameField", "Zed ShawBB")

    #expect(await names(club, host) == ["Ada", "Grace", "Zed ShawBB"], "every record as its user typed it")
    let seen = await two.messages().flatMap(\.operations)
    let field = seen.filter { $0["id"] == "NameField" && $0["key"] == "text" }.compactMap { $0["value"] }
    #expect(field == ["Ada"], "the second tab's field shows the person it chose, and only that")
    #expect(seen.contains { $0["key"] == "text" && $0["value"] == "Zed ShawBB" }, "and its list the first tab's edit")
    let first = await one.messages().flatMap(\.operations)
    #expect(!first.contains { $0["id"] == "NameField" && $0["value"] == "Ada" }, "the first tab's field stays on Zed")
  }

  @Test func addInOneTabSelectsTheNewPersonThereAndLeavesTheOtherTabsSelection() async throws {
    let (club, host, one, two) = try await open()
    await two.edit("List", .array([.number(1)]))
    await one.send(#"{"type":"action","id":"Add","seq":1}"#)
    await one.edit("NameField", "Barbara")

    #expect(await names(club, host) == ["Ada", "Grace", "Zed", "Barbara"])
    let selected = await two.messages().flatMap(\.operations).filter { $0["key"] == "selected" }
    #expect(selected.allSatisfy { $0["value"] == .array([.number(1)]) }, "the second tab still has Grace")
  }

  @Test func deleteInATabsListRemovesThatTabsSelectedPerson() async throws {
    let (club, host, one, _) = try await open()
    await one.edit("List", .array([.number(2)]))
    await one.send(#"{"type":"delete","id":"List"}"#)
    #expect(await names(club, host) == ["Ada", "Grace"])
    await one.send(#"{"type":"delete","id":"NameField"}"#)
    #expect(await one.messages().contains { $0["type"] == "error" && $0["code"] == "notEditable" })
    #expect(await names(club, host) == ["Ada", "Grace"], "Delete elsewhere removes nothing")
  }

  @Test func removeInOneTabTakesThePersonOutOfEveryTab() async throws {
    let (club, host, one, two) = try await open()
    await one.edit("List", .array([.number(1)]))
    await one.send(#"{"type":"action","id":"Remove","seq":1}"#)
    #expect(await names(club, host) == ["Ada", "Zed"])
    let rows = await two.messages().flatMap(\.operations).filter { $0["op"] == "list" }
    #expect(!rows.isEmpty, "the second tab's list lost the row")
  }
}
