import Bindery
import BinderyControllers
import BinderyControls
import BinderySpec
import BinderyTestFixtures
import BinderyTestKit
import Testing

/// An editor, an array controller of people over its people (lines 1–7), and a search field's class
/// (lines 8–9).
private let peopleAndSearch = """
  Editor:
    class: PeopleEditor
  People:
    class: ArrayController
    objectClass: Person
    bindings:
      content: {to: /Editor, value: people}
  Search:
    class: SearchField

  """

let badSearchSpecs: [BadSpec] = [
  BadSpec(
    yaml: peopleAndSearch
      + "  search: {to: /People, templates: [{title: Name, expression: 'firstName contains[cd] $value'},"
      + " {title: Town, expression: 'town beginswith $value'}]}\n",
    message: "Person has no key \"town\"", line: 10, column: 124, kind: .expression),
  BadSpec(
    yaml: peopleAndSearch + "  search: {to: /People, templates: [{title: Age, expression: 'age'}]}\n",
    message: "a search template must be a Boolean expression; this one is a Int", line: 10, column: 63,
    kind: .expression),
  BadSpec(
    yaml: peopleAndSearch
      + "  search: {to: /People, templates: [{title: Name, expression: 'firstName contains $valeu'}]}\n",
    message: "unknown parameter $valeu: its parameters are $value", line: 10, column: 83, kind: .expression),
  BadSpec(
    yaml: peopleAndSearch + "  search: {to: /Editor, templates: [{title: Name, expression: 'true'}]}\n",
    message: "a search field filters an ArrayController; /Editor is a PeopleEditor", line: 10, column: 16,
    kind: .typeMismatch),
  BadSpec(
    yaml: peopleAndSearch + "  search: {to: /People, templates: []}\n",
    message: "templates is a list of at least one template", line: 10, column: 36, kind: .structure),
  BadSpec(
    yaml: peopleAndSearch + "  search: {to: /People, templates: [{name: Name}]}\n",
    message: "a template is {title: Name, expression: 'name contains[cd] $value'}", line: 10, column: 37,
    kind: .structure),
  BadSpec(
    yaml: peopleAndSearch + "  search: /People\n",
    message:
      "search is {to: /ArrayController, templates: [{title: Name, expression: 'name contains[cd] $value'}]}",
    line: 10, column: 11, kind: .structure),
]

@Suite("Search fields in spec files")
struct SearchFieldSpecTests {
  @Test("a search field declared with its controller and templates filters as the user types")
  func aSearchFieldFilters() throws {
    let yaml =
      peopleAndSearch + """
          search:
            to: /People
            templates:
              - {title: First Name, expression: 'firstName contains[cd] $value'}
              - {title: Last Name, expression: 'lastName beginswith[c] $value'}

        """
    let spec = try SpecFile.load(yaml: yaml, file: "search.yaml", classes: listClasses)
    let editor = try #require(spec.object(named: "Editor", as: PeopleEditor.self))
    let people = try #require(spec.object(named: "People", as: ArrayController<Person>.self))
    let search = try #require(spec.object(named: "Search", as: HeadlessSearchField.self))
    editor.people = [Person(firstName: "Ada", lastName: "Lovelace"), Person(firstName: "Grace", lastName: "Hopper")]
    #expect(search.templateTitles == ["First Name", "Last Name"])
    #expect(search.placeholder == "First Name")
    search.userDidEdit(text: "gra")
    #expect(people.arrangedObjects.map(\.firstName) == ["Grace"])
    search.userDidChooseTemplate(index: 1)
    #expect(people.arrangedObjects.isEmpty)
    search.userDidEdit(text: "LOVE")
    #expect(people.arrangedObjects.map(\.firstName) == ["Ada"])
    spec.unbind()
    #expect(people.arrangedObjects.count == 2)
  }

  @Test("a bad search is a located error, and nothing is bound", arguments: badSearchSpecs)
  func aBadSearchIsLocated(_ bad: BadSpec) {
    do {
      let spec = try SpecFile.load(yaml: bad.yaml, file: "bad.yaml", classes: listClasses)
      Issue.record("loaded \(spec.names)")
    } catch {
      let first = error.errors.first
      #expect(first?.message == bad.message)
      #expect(first?.line == bad.line)
      #expect(first?.column == bad.column)
      #expect(first?.kind == bad.kind)
      #expect(error.errors.count == 1, "\(error)")
    }
  }
}
