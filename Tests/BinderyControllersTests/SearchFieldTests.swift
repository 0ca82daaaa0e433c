import Bindery
import BinderyControllers
import BinderyControls
import BinderyExpressions
import BinderyTestFixtures
import BinderyTestKit
import Testing

@Suite("Search fields")
struct SearchFieldTests {
  /// The people's model, which the controller's content reads (and holds weakly).
  let directory = Directory()

  /// People named Ada Lovelace, Adèle Hugo, Grace Hopper and Alan O'Brien$, in a controller.
  func makePeople() -> (Directory, ArrayController<Person>) {
    directory.people = [
      Person("Ada", "Lovelace"), Person("Adèle", "Hugo"), Person("Grace", "Hopper"), Person("Alan", "O'Brien$"),
    ]
    let controller = ArrayController<Person>()
    controller.bindContent(to: .keyPath(directory, \.people))
    return (directory, controller)
  }

  let templates = [
    SearchTemplate("First Name", expression: "firstName contains[cd] $value"),
    SearchTemplate("Last Name", expression: "lastName beginswith[c] $value"),
    SearchTemplate("Pattern", expression: "firstName like[c] $value"),
  ]

  @Test("typing filters the controller's objects at each keystroke, without case or diacritics")
  func typingFilters() throws {
    let (_, people) = makePeople()
    let search = HeadlessSearchField()
    try search.bind(filterOf: people, templates: templates)
    #expect(people.arrangedObjects.count == 4)
    search.userDidEdit(text: "a")
    #expect(people.arrangedObjects.map(\.firstName) == ["Ada", "Adèle", "Grace", "Alan"])
    search.userDidEdit(text: "ad")
    #expect(people.arrangedObjects.map(\.firstName) == ["Ada", "Adèle"])
    search.userDidEdit(text: "ADE")
    #expect(people.arrangedObjects.map(\.firstName) == ["Adèle"])
  }

  @Test("clearing the field, or an empty text, shows every object")
  func clearingShowsAll() throws {
    let (_, people) = makePeople()
    let search = HeadlessSearchField()
    try search.bind(filterOf: people, templates: templates)
    search.userDidEdit(text: "grace")
    #expect(people.arrangedObjects.count == 1)
    search.userDidClear()
    #expect(search.text.isEmpty)
    #expect(people.filter == nil)
    #expect(people.arrangedObjects.count == 4)
  }

  @Test("choosing a template filters the current text through it and shows its title as the placeholder")
  func switchingTemplates() throws {
    let (_, people) = makePeople()
    let search = HeadlessSearchField()
    try search.bind(filterOf: people, templates: templates)
    #expect(search.templateTitles == ["First Name", "Last Name", "Pattern"])
    #expect(search.placeholder == "First Name")
    search.userDidEdit(text: "ho")
    #expect(people.arrangedObjects.isEmpty)
    #expect(search.userDidChooseTemplate(index: 1))
    #expect(search.placeholder == "Last Name")
    #expect(people.arrangedObjects.map(\.firstName) == ["Grace"])
    search.userDidEdit(text: "a?a")
    #expect(search.userDidChooseTemplate(index: 2))
    #expect(people.arrangedObjects.map(\.firstName) == ["Ada"])
    #expect(!search.userDidChooseTemplate(index: 3))
    #expect(search.templateIndex == 2)
  }

  @Test("a quote, a $ or expression text typed is just text, never parsed")
  func typedTextIsLiteral() throws {
    let (_, people) = makePeople()
    let search = HeadlessSearchField()
    try search.bind(filterOf: people, templates: [SearchTemplate("Last Name", expression: "lastName contains $value")])
    search.userDidEdit(text: "O'B")
    #expect(people.arrangedObjects.map(\.firstName) == ["Alan"])
    search.userDidEdit(text: "n$")
    #expect(people.arrangedObjects.map(\.firstName) == ["Alan"])
    search.userDidEdit(text: "\" || true || \"")
    #expect(people.arrangedObjects.isEmpty)
    search.userDidEdit(text: "$value")
    #expect(people.arrangedObjects.isEmpty)
  }

  @Test("a template that names an unknown key or is not a Boolean is a located error, and nothing is bound")
  func badTemplatesAreLocated() throws {
    let (_, people) = makePeople()
    let search = HeadlessSearchField()
    let unknownKey = #expect(throws: ExpressionError.self) {
      try search.bind(
        filterOf: people,
        templates: [templates[0], SearchTemplate("Town", expression: "firstName contains $value && town == $value")])
    }
    #expect(unknownKey?.location.column == 30)
    #expect(unknownKey?.kind == .key)
    let notBoolean = #expect(throws: ExpressionError.self) {
      try search.bind(filterOf: people, templates: [SearchTemplate("Age", expression: "age")])
    }
    #expect(notBoolean?.kind == .type)
    let unknownParameter = #expect(throws: ExpressionError.self) {
      try search.bind(filterOf: people, templates: [SearchTemplate("Name", expression: "firstName contains $valu")])
    }
    #expect(unknownParameter?.message == "unknown parameter $valu: its parameters are $value")
    #expect(unknownParameter?.location.column == 20)
    #expect(throws: ExpressionError.self) { try search.bind(filterOf: people, templates: []) }
    #expect(search.templateTitles.isEmpty)
    #expect(search.placeholder == nil)
    #expect(search.bindings.isEmpty)
    search.userDidEdit(text: "ada")
    #expect(people.filter == nil)
    #expect(people.arrangedObjects.count == 4)
  }

  @Test("unbinding stops the filtering and shows everything; nothing outlives the field")
  func unbinding() throws {
    let tracker = LifetimeTracker()
    let (_, people) = makePeople()
    var search: HeadlessSearchField? = tracker.track(HeadlessSearchField())
    let binding = try search?.bind(filterOf: people, templates: templates)
    search?.userDidEdit(text: "ad")
    #expect(people.arrangedObjects.count == 2)
    binding?.unbind()
    #expect(people.arrangedObjects.count == 4)
    search?.userDidEdit(text: "grace")
    #expect(people.arrangedObjects.count == 4)
    try search?.bind(filterOf: people, templates: templates)
    search?.userDidEdit(text: "grace")
    #expect(people.arrangedObjects.count == 1)
    search = nil
    #expect(tracker.liveCount == 0)
    #expect(people.arrangedObjects.count == 4)
  }

  @Test("in a sorted table, each keystroke filters again and the rows shown still follow edits of their sort keys")
  func keystrokesKeepFollowingSortKeys() throws {
    let (directory, people) = makePeople()
    people.sortOrder = [.ascending(\.lastName)]
    let search = try ArrayController<Person>.searchFilter(
      expression: "firstName contains[cd] $value || lastName contains[cd] $value")
    people.filter = search("h")
    #expect(people.arrangedObjects.map(\.firstName) == ["Grace", "Adèle"])  // Hopper, Hugo
    people.filter = search("a")
    #expect(people.arrangedObjects.map(\.firstName) == ["Grace", "Adèle", "Ada", "Alan"])
    // A sort key edited after the keystroke moves its row; a name edited into the filter shows it.
    directory.people[0].lastName = "Aaron"
    #expect(people.arrangedObjects.map(\.firstName) == ["Ada", "Grace", "Adèle", "Alan"])
    people.filter = search("ug")
    #expect(people.arrangedObjects.map(\.firstName) == ["Adèle"])
    directory.people[2].firstName = "Hugh"
    #expect(people.arrangedObjects.map(\.firstName) == ["Hugh", "Adèle"])
    directory.people[1].lastName = "Zug"
    #expect(people.arrangedObjects.map(\.firstName) == ["Hugh", "Adèle"])
    directory.people[1].lastName = "Abbott"
    #expect(people.arrangedObjects.map(\.firstName) == ["Hugh"])
  }

  @Test("a template is compiled once: a keystroke prepares only the value, also with a root")
  func searchFilterIsAFunctionOfTheText() throws {
    let search = try ArrayController<Person>.searchFilter(expression: "firstName beginswith[cd] $value")
    #expect(search("") == nil)
    let filter = try #require(search("ade"))
    #expect(filter(Person("Adèle")))
    #expect(!filter(Person("Grace")))
  }
}
