import Bindery
import BinderyControllers
import BinderyControls
import BinderySpec
import Foundation
import Testing

@testable import BinderyWeb

/// A group of friends: a section of the page's list.
@KeyValueObservable
final class FriendGroup {
  var name: String
  var friends: KeyValueArray<Friend>
  init(_ name: String, _ friends: [String]) {
    self.name = name
    self.friends = KeyValueArray(friends.map { Friend($0) })
  }
}

@KeyValueObservable
final class GroupsModel {
  var groups: KeyValueArray<FriendGroup> = [FriendGroup("Family", ["Ada"]), FriendGroup("Work", ["Grace", "Alan"])]
}

/// A page whose list shows sections: one per group, its name as the header, a row per friend that
/// also reads its group; buttons add and remove groups and friends.
private let groupsPage = """
  Model:
    class: GroupsModel
  Page:
    class: Panel
    view:
      subviews: [/List, /AddGroup, /RemoveGroup, /AddFriend, /RenameFriend]
  List:
    class: List
    sections: {to: /Model, value: groups, rows: friends}
    header:
      GroupName:
        class: Label
        bindings:
          text: {value: '$section.name'}
    row:
      Name:
        class: Label
        bindings:
          text: {value: name}
      Group:
        class: Label
        bindings:
          text: {value: '$section.name'}
  AddGroup:
    class: Button
    title: Add group
    action: {to: /Model, value: addGroup}
  RemoveGroup:
    class: Button
    title: Remove group
    action: {to: /Model, value: removeGroup}
  AddFriend:
    class: Button
    title: Add friend
    action: {to: /Model, value: addFriend}
  RenameFriend:
    class: Button
    title: Rename friend
    action: {to: /Model, value: renameFriend}
  """

private func groupsHost() throws -> (WebPageHost, String) {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("groups-\(UUID()).spec.yaml").path
  try groupsPage.write(toFile: path, atomically: true, encoding: .utf8)
  let page = WebPage(title: "Groups", model: { GroupsModel() }, sharing: .perSession) { model, _ in
    let (content, _) = try WebSpec.load(contentsOf: path, model: model, modelClass: "GroupsModel", root: "Page") {
      $0.register(FriendGroup.self) { FriendGroup("", []) }
      $0.register(Friend.self) { Friend("") }
      $0.registerAction("addGroup", of: GroupsModel.self) { $0.groups.append(FriendGroup("Club", ["Edsger"])) }
      $0.registerAction("removeGroup", of: GroupsModel.self) { $0.groups.remove(at: 0) }
      $0.registerAction("addFriend", of: GroupsModel.self) {
        $0.groups[$0.groups.count - 1].friends.append(Friend("Barbara"))
      }
      $0.registerAction("renameFriend", of: GroupsModel.self) { $0.groups[0].friends[0].name = "Augusta" }
    }
    return content
  }
  return (WebPageHost(page: page), path)
}

extension JSONValue {
  /// The texts of a tree's labels, in order.
  var labelTexts: [String] {
    var texts: [String] = []
    if self["tag"] == "span", case .string(let text)? = prop("text") { texts.append(text) }
    for key in ["children", "rows"] {
      if case .array(let nodes)? = self[key] { texts += nodes.flatMap(\.labelTexts) }
    }
    return texts
  }

  /// The nodes of an array field.
  func nodes(_ key: String) -> [JSONValue] {
    if case .array(let nodes)? = self[key] { nodes } else { [] }
  }
}

@Suite struct SectionedWebListTests {
  @Test func aListOfSectionsReachesThePageAsSectionsWithTheirHeadersAndRows() async throws {
    let (host, path) = try groupsHost()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let tab = TestTab(host)
    let reset = try #require(await tab.hello())
    let list = try #require(reset.element("List"))
    #expect(list.prop("sections") == .bool(true))
    let sections = list.nodes("rows")
    #expect(sections.map { $0["kind"] } == ["section", "section"])
    // A section: its header's label, then the list of its rows, each reading its item and its section.
    #expect(sections[0].nodes("children").map { $0["kind"] } == ["element", "list"])
    #expect(sections[0].labelTexts == ["Family", "Ada", "Family"])
    #expect(sections[1].labelTexts == ["Work", "Grace", "Work", "Alan", "Work"])
  }

  @Test func addingOrRemovingASectionOrARowSendsOnlyThatChange() async throws {
    let (host, path) = try groupsHost()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let tab = TestTab(host)
    let reset = try #require(await tab.hello())
    let lists = try #require(reset.element("List")).nodes("rows").map { $0.nodes("children")[1] }

    await tab.action("AddGroup")
    var operations = await tab.messages().flatMap(\.operations).filter { $0["op"] == "list" }
    #expect(operations.count == 1)
    #expect(operations.first?["id"] == "List")
    let inserted = try #require(operations.first?.nodes("inserted").first)
    #expect(inserted["index"] == .number(2))
    #expect(inserted["row"]?["kind"] == "section")
    #expect(inserted["row"]?.labelTexts == ["Club", "Edsger", "Club"])

    await tab.action("AddFriend")  // to the last group: only its list changes
    operations = await tab.messages().flatMap(\.operations).filter { $0["op"] == "list" }
    #expect(operations.count == 1)
    #expect(operations.first?["id"] != "List")
    #expect(operations.first?.nodes("inserted").first?["row"]?.labelTexts == ["Barbara", "Club"])

    await tab.action("RenameFriend")
    operations = await tab.messages().flatMap(\.operations)
    #expect(operations.contains { $0["op"] == "set" && $0["value"] == "Augusta" })
    #expect(!operations.contains { $0["op"] == "list" })

    await tab.action("RemoveGroup")
    operations = await tab.messages().flatMap(\.operations).filter { $0["op"] == "list" }
    #expect(operations.count == 1)
    #expect(operations.first?["id"] == "List")
    #expect(operations.first?["removed"] == .array([.number(0)]))
    _ = lists
  }

  @Test func aListOfSectionsIsSelectedInItsSectionsListsOnly() async throws {
    let (host, path) = try groupsHost()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let tab = TestTab(host)
    let reset = try #require(await tab.hello())
    let sections = try #require(reset.element("List")).nodes("rows")
    await tab.edit("List", .array([.number(0)]))
    let refused = await tab.messages()
    #expect(refused.first?["type"] == "error")
    #expect(refused.first?["code"] == "notEditable")
    guard case .string(let workList)? = sections[1].nodes("children")[1]["id"] else {
      Issue.record("no list in \(sections[1].serialized)")
      return
    }
    await tab.edit(workList, .array([.number(1)]))
    let answer = await tab.messages()
    #expect(!answer.contains { $0["type"] == "error" })
    #expect(
      answer.flatMap(\.operations).contains {
        $0["id"] == .string(workList) && $0["key"] == "selected" && $0["value"] == .array([.number(1)])
      })
  }

  @Test func aSectionUsedOutsideAListOfSectionsFailsThePagesLoadWithItsPlace() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("groups-\(UUID()).spec.yaml").path
    try groupsPage.replacingOccurrences(
      of: "title: Add group", with: "bindings: {title: {to: /Model, value: '$section.name'}}"
    )
    .write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let model = GroupsModel()
    #expect {
      _ = try WebSpec.load(contentsOf: path, model: model, modelClass: "GroupsModel", root: "Page") {
        $0.register(FriendGroup.self) { FriendGroup("", []) }
        $0.register(Friend.self) { Friend("") }
      }
    } throws: { error in
      guard let error = error as? SpecLoadError, let first = error.errors.first else { return false }
      return first.line == 26 && first.column == 42 && first.message.hasPrefix("$section is not available here")
    }
    #expect(model.keyValueRegistrar.observerCount == 0)
  }
}
