import Bindery
import BinderyControllers
import BinderyControls
import BinderySpec
import BinderyTestFixtures
import BinderyTestKit
import Testing

/// A master-detail screen declared in a spec file: teams, the selected team's members in a list,
/// and a form for the selected team.
@Suite("Master-detail in spec files")
struct MasterDetailSpecTests {
  private let yaml = """
    Teams:
      class: ArrayController
      objectClass: Team
    Members:
      class: ArrayController
      objectClass: Person
      bindings:
        content: {to: /Teams, value: selection.members}
    TeamForm:
      class: ObjectController
      objectClass: Team
      bindings:
        content: {to: /Teams, value: selection}
    MemberList:
      class: ListView
      content: /Members
      placeholder: No members
      row:
        Name:
          class: Label
          bindings:
            text: {value: fullName}
    TeamName:
      class: TextField
      bindings:
        text: {to: /TeamForm, value: "selection.name { noSelectionPlaceholder: 'No Selection', multipleValuesPlaceholder: 'Multiple Values' }"}
    AddMember:
      class: Button
      title: Add
      action: {to: /Members, value: add}
      bindings:
        enabled: {to: /Members, value: canAdd}
    """

  /// Two teams, the first with Ada and Alan, the second with Grace.
  private func teams() -> [Team] {
    let first = Team()
    first.name = "Engines"
    first.members = [Person(firstName: "Ada", lastName: "Lovelace"), Person(firstName: "Alan", lastName: "Turing")]
    let second = Team()
    second.name = "Compilers"
    second.members = [Person(firstName: "Grace", lastName: "Hopper")]
    return [first, second]
  }

  @Test func theDetailListAndFormFollowTheMastersSelectionAndAddWritesTheSelectedTeam() throws {
    let spec = try SpecFile.load(yaml: yaml, classes: listClasses)
    let teamsController = try #require(spec.object(named: "Teams", as: ArrayController<Team>.self))
    let list = try #require(spec.object(named: "MemberList", as: HeadlessListView<Person>.self))
    let name = try #require(spec.object(named: "TeamName", as: HeadlessTextField.self))
    let add = try #require(spec.object(named: "AddMember", as: HeadlessButton.self))
    let teams = teams()
    teamsController.setContent(teams)
    teamsController.select(indexes: [0])
    #expect(list.items.map(\.firstName) == ["Ada", "Alan"])
    #expect(name.text == "Engines")
    #expect(add.isEnabled)

    list.userDidSelectRows([1])
    teamsController.select(indexes: [1])
    #expect(list.items.map(\.firstName) == ["Grace"])
    #expect(name.text == "Compilers")
    #expect(add.userDidTap())
    #expect(teams[1].members.count == 2, "the new member joined the selected team")
    #expect(teams[0].members.count == 2)

    #expect(name.userDidEdit(text: "Runtimes"))
    #expect(teams[1].name == "Runtimes")

    teamsController.avoidsEmptySelection = false
    teamsController.select(indexes: [])
    #expect(list.items.isEmpty)
    #expect(list.emptyText == "No Selection")
    #expect(name.text == "No Selection")
    #expect(!add.isEnabled)
    teamsController.select(indexes: [0, 1])
    #expect(list.emptyText == "Multiple Values")
    #expect(name.text == "Multiple Values")

    spec.unbind()
    teamsController.select(indexes: [0])
    #expect(list.items.isEmpty, "unbound: the list no longer follows")
  }
}
