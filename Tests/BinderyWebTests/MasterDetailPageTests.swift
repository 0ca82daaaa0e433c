import Bindery
import BinderyControllers
import BinderyControls
import Testing

@testable import BinderyWeb

/// A page with a master list of teams and a detail list of the selected team's members.
@Suite("Master-detail on a page")
struct MasterDetailPageTests {
  @KeyValueObservable
  final class Team {
    var name: String
    var members: [Friend]
    init(_ name: String, _ members: [String]) {
      self.name = name
      self.members = members.map(Friend.init)
    }
  }

  /// The teams every tab shows.
  final class League {
    let teams = [Team("Engines", ["Ada", "Alan"]), Team("Compilers", ["Grace"])]
  }

  /// Teams and members, each tab with its own controllers over one shared league.
  private func page() -> WebPage {
    let league = UncheckedBox(League())
    return WebPage(title: "Teams", model: { league.value }, sharing: .shared) { league, _ in
      let master = ArrayController<Team>()
      master.avoidsEmptySelection = false
      master.setContent(league.teams)
      let detail = ArrayController<Friend>(makeElement: { Friend("New") })
      let bindings = BindingSet()
      detail.bindContent(to: .selection(of: master, \.members)).store(in: bindings)
      let teamList = WebList(controller: master) { team, row in
        let label = HeadlessLabel()
        label.bind(\.text, to: team, \.name).store(in: row.bindings)
        row.controls = [label]
      }
      let memberList = WebList(controller: detail) { member, row in
        let label = HeadlessLabel()
        label.bind(\.text, to: member, \.name).store(in: row.bindings)
        row.controls = [label]
      }
      memberList.placeholder = "No members"
      let add = HeadlessButton(title: "Add") { detail.add() }
      add.bind(\.isEnabled, to: detail, \.canAdd).store(in: bindings)
      let content = WebContent(
        root: Panel(title: "Teams", subviews: [teamList, memberList, add]),
        ids: ["Teams": teamList, "Members": memberList, "AddMember": add], bindings: bindings)
      content.retain(master)
      content.retain(detail)
      return content
    }
  }

  /// The texts of the rows of list `id` in a page's tree.
  private func rowTexts(_ tree: JSONValue?, _ id: String) -> [String] {
    guard case .array(let rows)? = tree?.element(id)?["rows"] else { return [] }
    return rows.compactMap { row in
      guard case .array(let contents)? = row["contents"], let first = contents.first else { return nil }
      return first.prop("text")?.stringValue
    }
  }

  @Test func clickingATeamShowsItsMembersAndNoSelectionShowsTheMarker() async throws {
    let tab = TestTab(WebPageHost(page: page()))
    let reset = try #require(await tab.hello())
    #expect(rowTexts(reset, "Members").isEmpty)
    #expect(reset.element("Members")?.prop("placeholder") == "No Selection")
    #expect(reset.element("AddMember")?.prop("enabled") == false)

    await tab.edit("Teams", .array([1]))
    let shown = await tab.messages().flatMap(\.operations)
    #expect(shown.contains { $0["id"] == "Members" && $0["key"] == "placeholder" && $0["value"] == "No members" })
    #expect(shown.contains { $0["id"] == "AddMember" && $0["key"] == "enabled" && $0["value"] == true })

    await tab.action("AddMember")
    #expect(await tab.messages().flatMap(\.operations).contains { $0["op"] == "list" && $0["id"] == "Members" })
    await tab.edit("Teams", .array([0, 1]))
    let several = await tab.messages().flatMap(\.operations)
    #expect(
      several.contains { $0["id"] == "Members" && $0["key"] == "placeholder" && $0["value"] == "Multiple Values" })
    #expect(several.contains { $0["id"] == "AddMember" && $0["key"] == "enabled" && $0["value"] == false })
  }
}
