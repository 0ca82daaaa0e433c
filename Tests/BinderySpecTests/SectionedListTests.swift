import ArgumentParser
import Bindery
import BinderyControllers
import BinderyControls
import BinderyLint
import BinderySpec
import BinderyTestFixtures
import Foundation
import Testing

/// A league of teams, each with its members: the groups of a list of sections.
@KeyValueObservable
final class League {
  var teams: KeyValueArray<Team> = []
  var isSaving = false
  var title = ""
}

/// Leagues, each shown in a row with its list of sections.
@KeyValueObservable
final class LeagueDirectory {
  var leagues: [League] = []
}

/// The classes the sectioned lists' specs name.
let sectionClasses: SpecClassRegistry = {
  let registry = SpecClassRegistry()
  registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)
  registry.register(League.self) { League() }
  registry.register(Team.self) { Team() }
  registry.register(Person.self) { Person() }
  registry.register(PeopleEditor.self) { PeopleEditor() }
  registry.register(LeagueDirectory.self) { LeagueDirectory() }
  return registry
}()

/// The texts of the labels of a sectioned list: per section, its header's, then each row's.
private func texts(_ list: HeadlessListView<Team>) -> [[String?]] {
  list.rows.map { section in
    let header = section.controls.compactMap { ($0 as? HeadlessLabel)?.text }
    let rows = section.controls.compactMap { $0 as? HeadlessListView<Person> }.first?.rows ?? []
    return header + rows.map { row in row.controls.compactMap { ($0 as? HeadlessLabel)?.text }.joined(separator: "/") }
  }
}

private func team(_ name: String, _ members: [String]) -> Team {
  let team = Team()
  team.name = name
  team.members = KeyValueArray(members.map { Person(firstName: $0) })
  return team
}

@Suite("Lists of sections in spec files")
struct SectionedListTests {
  /// The root of the loads: `$root` is held weakly, as a view model is held by its owner.
  private let root = League()

  private func load() throws -> (SpecObjects, League, HeadlessListView<Team>) {
    let spec = try SpecFile.load(contentsOf: specPath("League.spec.yaml"), classes: sectionClasses, root: root)
    let league = try #require(spec.object(named: "League", as: League.self))
    let list = try #require(spec.object(named: "TeamList", as: HeadlessListView<Team>.self))
    return (spec, league, list)
  }

  @Test func aListOfSectionsBuildsASectionPerGroupAndARowPerItem() throws {
    let (spec, league, list) = try load()
    league.teams = [team("Red", ["Ada", "Grace"]), team("Blue", ["Alan"])]
    #expect(list.items.map(\.name) == ["Red", "Blue"])
    #expect(texts(list) == [["Red", "Ada/Red", "Grace/Red"], ["Blue", "Alan/Blue"]])
    _ = spec
  }

  @Test func aRowReadsItsSectionsHeaderAndTheRoot() throws {
    let (spec, league, list) = try load()
    let red = team("Red", ["Ada"])
    league.teams = [red]
    let rows = try #require(list.rows.first?.controls.last as? HeadlessListView<Person>)
    let name = try #require(rows.rows.first?.controls.first as? HeadlessLabel)
    #expect(!name.isHidden)
    root.isSaving = true  // $root.isSaving
    #expect(name.isHidden)
    red.name = "Crimson"  // $section.name, in the header and in the row
    #expect(texts(list) == [["Crimson", "Ada/Crimson"]])
    red.members[0].firstName = "Augusta"  // $data.fullName
    #expect(texts(list) == [["Crimson", "Augusta/Crimson"]])
    _ = spec
  }

  @Test func addingOrRemovingASectionInsertsOrRemovesOnlyThatSection() throws {
    let (spec, league, list) = try load()
    league.teams = [team("Red", ["Ada"]), team("Blue", ["Alan"])]
    let blueRows = try #require(list.rows[1].controls.last as? HeadlessListView<Person>)
    league.teams.insert(team("Green", ["Grace"]), at: 1)
    #expect(list.appliedOperations.last == .insert(1))
    #expect(texts(list) == [["Red", "Ada/Red"], ["Green", "Grace/Green"], ["Blue", "Alan/Blue"]])
    #expect(list.rows[2].controls.last === blueRows)  // kept, not made again
    league.teams.remove(at: 0)
    #expect(list.appliedOperations.last == .remove(0))
    #expect(texts(list) == [["Green", "Grace/Green"], ["Blue", "Alan/Blue"]])
    _ = spec
  }

  @Test func addingRemovingOrChangingARowUpdatesOnlyItsSection() throws {
    let (spec, league, list) = try load()
    let red = team("Red", ["Ada"])
    league.teams = [red, team("Blue", ["Alan"])]
    let redRows = try #require(list.rows[0].controls.last as? HeadlessListView<Person>)
    let operations = list.appliedOperations
    red.members.append(Person(firstName: "Grace"))
    #expect(redRows.appliedOperations.last == .insert(1))
    #expect(texts(list) == [["Red", "Ada/Red", "Grace/Red"], ["Blue", "Alan/Blue"]])
    red.members[1] = Person(firstName: "Edsger")
    #expect(texts(list) == [["Red", "Ada/Red", "Edsger/Red"], ["Blue", "Alan/Blue"]])
    red.members.remove(at: 0)
    #expect(redRows.appliedOperations.last == .remove(0))
    #expect(texts(list) == [["Red", "Edsger/Red"], ["Blue", "Alan/Blue"]])
    #expect(list.appliedOperations == operations)  // the sections stayed
    _ = spec
  }

  @Test func aRowOfAListMayShowItsItemsSectionsAndTheyKeepFollowing() throws {
    let spec = try SpecFile.load(
      yaml: """
        Directory:
          class: LeagueDirectory
        Leagues:
          class: ArrayController
          objectClass: League
          bindings:
            content: {to: /Directory, value: leagues}
        LeagueList:
          class: ListView
          content: /Leagues
          row:
            Title:
              class: Label
              bindings:
                text: {value: title}
            Teams:
              class: ListView
              sections: {value: teams, rows: members}
              header:
                TeamName:
                  class: Label
                  bindings:
                    text: {value: '$section.name'}
              row:
                Name:
                  class: Label
                  bindings:
                    text: {value: fullName}
                Team:
                  class: Label
                  bindings:
                    text: {value: '$section.name'}
        """, file: "leagues.yaml", classes: sectionClasses)
    let directory = try #require(spec.object(named: "Directory", as: LeagueDirectory.self))
    let leagues = try #require(spec.object(named: "LeagueList", as: HeadlessListView<League>.self))
    let league = League()
    league.title = "North"
    league.teams = [team("Red", ["Ada"])]
    directory.leagues = [league]
    let teams = try #require(leagues.rows.first?.controls.last as? HeadlessListView<Team>)
    #expect(texts(teams) == [["Red", "Ada/Red"]])
    league.teams.append(team("Blue", ["Alan"]))  // the row's list of sections keeps following
    #expect(texts(teams) == [["Red", "Ada/Red"], ["Blue", "Alan/Blue"]])
    league.teams[0].members.append(Person(firstName: "Grace"))
    #expect(texts(teams) == [["Red", "Ada/Red", "Grace/Red"], ["Blue", "Alan/Blue"]])
    _ = spec
  }

  @Test func unbindingTheSpecStopsTheSectionsFollowing() throws {
    let (spec, league, list) = try load()
    league.teams = [team("Red", ["Ada"])]
    spec.unbind()
    league.teams.append(team("Blue", []))
    #expect(list.items.map(\.name) == ["Red"])
  }

  @Test func sectionUsedOutsideAListOfSectionsIsALoadErrorAtItsLocation() {
    let yaml = """
      Editor:
        class: PeopleEditor
      Title:
        class: Label
        bindings:
          text: {to: /Editor, value: 'title'}
          hidden: {to: /Editor, value: '!$section.isSaving'}
      """
    #expect(throws: SpecLoadError.self) {
      try SpecFile.load(yaml: yaml, file: "page.yaml", classes: sectionClasses, root: League())
    }
    do {
      _ = try SpecFile.load(yaml: yaml, file: "page.yaml", classes: sectionClasses, root: League())
    } catch {
      #expect(
        error.errors.map(\.description) == [
          "page.yaml:7:36: error: $section is not available here: only the rows and headers of a list of sections have a section"
        ])
      #expect(error.errors.first?.kind == .expression)
    }
  }

  @Test func aFileWithAMisplacedSectionBindsNothingEvenWhereItIsRight() throws {
    let good =
      try String(contentsOfFile: try specPath("League.spec.yaml"), encoding: .utf8)
      + "Heading:\n  class: Label\n  bindings:\n    text: {to: /League, value: '$root.title'}\n"
    let bad = good + "Title:\n  class: Label\n  bindings:\n    text: {to: /League, value: '$section.name'}\n"
    #expect(throws: SpecLoadError.self) {
      try SpecFile.load(yaml: bad, file: "league.yaml", classes: sectionClasses, root: root)
    }
    #expect(root.keyValueRegistrar.observerCount == 0)  // $root.title was not bound either
    let spec = try SpecFile.load(yaml: good, file: "league.yaml", classes: sectionClasses, root: root)
    #expect(root.keyValueRegistrar.observerCount > 0)
    spec.unbind()
  }

  @Test func sectionInTheRowOfAnOrdinaryListIsALoadErrorAtItsLocation() {
    let yaml = """
      Editor:
        class: PeopleEditor
      People:
        class: ArrayController
        objectClass: Person
        bindings:
          content: {to: /Editor, value: people}
      List:
        class: ListView
        content: /People
        row:
          Name:
            class: Label
            bindings:
              text: {value: '$section.name'}
      """
    do {
      _ = try SpecFile.load(yaml: yaml, file: "list.yaml", classes: sectionClasses)
      Issue.record("loaded")
    } catch {
      #expect(
        error.errors.map(\.description) == [
          "list.yaml:15:24: error: $section is not available here: only the rows and headers of a list of sections have a section"
        ])
    }
  }

  @Test func sectionsThatAreNotAnArrayOfGroupsAreALoadErrorAtTheirLocation() {
    func errors(_ sections: String) -> [String] {
      let yaml = """
        League:
          class: League
        TeamList:
          class: ListView
          sections: \(sections)
          row:
            Name:
              class: Label
              bindings:
                text: {value: fullName}
        """
      do {
        _ = try SpecFile.load(yaml: yaml, file: "teams.yaml", classes: sectionClasses)
        return []
      } catch {
        return error.errors.map(\.description)
      }
    }
    #expect(
      errors("{to: /League, value: title, rows: members}") == [
        "teams.yaml:5:34: error: the sections of a list are an array of groups of a registered class; \"title\" of League is a String"
      ])
    #expect(
      errors("{to: /League, value: teams, rows: name}") == [
        "teams.yaml:5:47: error: each section's rows are an array of a registered class; \"name\" of Team is a String"
      ])
    #expect(
      errors("{to: /League, value: teams, rows: lead}") == [
        "teams.yaml:5:47: error: each section's rows are an array of a registered class; \"lead\" of Team is a Person?"
      ])
    #expect(errors("{to: /League, value: tams, rows: members}").first?.hasPrefix("teams.yaml:5:34: error:") == true)
    #expect(
      errors("/League") == [
        "teams.yaml:5:13: error: a list's sections are {to: /Object, value: 'groups', rows: 'items'}: an array of groups, and each group's array of rows"
      ])
  }

  @Test func aBadKeyInTheHeaderOrARowIsALoadErrorAndNothingIsBound() throws {
    let text = try String(contentsOfFile: try specPath("League.spec.yaml"), encoding: .utf8)
      .replacingOccurrences(of: "'$section.name'}\n  row:", with: "'$section.nam'}\n  row:")
      .replacingOccurrences(of: "{value: fullName}", with: "{value: '$data.fulName'}")
    do {
      _ = try SpecFile.load(yaml: text, file: "league.yaml", classes: sectionClasses, root: League())
      Issue.record("loaded")
    } catch {
      #expect(error.errors.map(\.line) == [14, 19])
      #expect(error.errors.allSatisfy { $0.kind == .expression })
      #expect(error.errors[0].message.contains("nam"))
    }
  }

  @Test func lintReportsSectionProblemsWithTheirLocations() throws {
    let yaml = """
      Label:
        class: Label
        bindings:
          text: {to: /Label, value: '$section.name'}
      TeamList:
        class: ListView
        sections: {to: /Model, value: teams, rows: members}
        header:
          Name:
            class: Label
            bindings:
              text: {value: '$section.name'}
      Model:
        class: Unknown
      """
    let controls = SpecClassRegistry()
    controls.register(HeadlessControls.classes, lists: HeadlessControls.lists)
    #expect(
      SpecFile.lint(yaml: yaml, file: "lint.yaml", classes: controls).map(\.description) == [
        "lint.yaml:4:32: error: $section is not available here: only the rows and headers of a list of sections have a section"
      ])
    #expect(SpecFile.lint(contentsOf: try specPath("League.spec.yaml"), classes: controls).isEmpty)
    #expect(SpecFile.lint(contentsOf: try specPath("League.spec.yaml"), classes: sectionClasses).isEmpty)
    let bad = try String(contentsOfFile: try specPath("League.spec.yaml"), encoding: .utf8)
      .replacingOccurrences(of: "value: teams", with: "value: title")
    #expect(
      SpecFile.lint(yaml: bad, file: "league.yaml", classes: sectionClasses).map(\.description) == [
        "league.yaml:9:34: error: the sections of a list are an array of groups of a registered class; \"title\" of League is a String"
      ])
  }

  @Test func lintReportsWhatLoadingReportsAndTheCommandExitsWithOne() throws {
    let yaml =
      try String(contentsOfFile: try specPath("League.spec.yaml"), encoding: .utf8)
      .replacingOccurrences(of: "value: teams, rows: members", with: "value: teams, rows: name")
      + "\nTitle:\n  class: Label\n  bindings:\n    text: {to: /League, value: '$section.name'}\n"
    var loaded: [String] = []
    do {
      _ = try SpecFile.load(yaml: yaml, file: "league.yaml", classes: sectionClasses, root: root)
    } catch {
      loaded = error.errors.map(\.description)
    }
    #expect(loaded.count == 2)
    #expect(SpecFile.lint(yaml: yaml, file: "league.yaml", classes: sectionClasses).map(\.description) == loaded)

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try yaml.write(toFile: directory + "/league.spec.yaml", atomically: true, encoding: .utf8)
    #expect(throws: ExitCode.self) { try BinderyLintCommand.parse([directory]).run() }
  }
}
