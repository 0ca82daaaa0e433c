import Bindery
import BinderyControls
import BinderySpec
import BinderyTestFixtures
import Testing

/// A title and its author's name, on two objects, for pattern bindings.
@KeyValueObservable
final class Book {
  var title = "Notes"
  var pages = 52
  var author: Person? = Person(firstName: "Ada", lastName: "Lovelace")
}

private let bookClasses: SpecClassRegistry = {
  let registry = SpecClassRegistry()
  registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)
  registry.register(Book.self) { Book() }
  registry.register(PeopleEditor.self) { PeopleEditor() }
  registry.register(Person.self) { Person() }
  return registry
}()

private let titleSpec = """
  Book:
    class: Book
  Editor:
    class: PeopleEditor
  Title:
    class: Label
    bindings:
      text:
        pattern: '%{value1}@ by %{value2}@ (%{value3}@ pages, %%)'
        values:
          - {to: /Book, value: title}
          - {to: /Book, value: "author.fullName { nullPlaceholder: 'nobody', notApplicablePlaceholder: 'anonymous' }"}
          - {to: /Book, value: pages}
  """

@Suite("Pattern bindings in spec files")
struct PatternBindingTests {
  @Test func aLabelShowsItsPatternFilledWithEveryValueAndFollowsEachOfThem() throws {
    let spec = try SpecFile.load(yaml: titleSpec, file: "title.yaml", classes: bookClasses)
    let book = try #require(spec.object(named: "Book", as: Book.self))
    let title = try #require(spec.object(named: "Title", as: HeadlessLabel.self))
    #expect(title.text == "Notes by Ada Lovelace (52 pages, %)")
    book.title = "Sketch"
    #expect(title.text == "Sketch by Ada Lovelace (52 pages, %)")
    book.author?.lastName = "Byron"
    #expect(title.text == "Sketch by Ada Byron (52 pages, %)")
    book.author = Person()
    #expect(title.text == "Sketch by nobody (52 pages, %)")
    book.author = nil
    #expect(title.text == "Sketch by anonymous (52 pages, %)")
    #expect(title.bindings.count == 1)
    spec.unbind()
    #expect(book.keyValueRegistrar.observerCount == 0)
  }

  @Test func aBindingDeclaredInAFileSaysWhereInTheFileAsItsLocation() throws {
    let spec = try SpecFile.load(yaml: titleSpec, file: "Specs/title.spec.yaml", classes: bookClasses)
    let title = try #require(spec.object(named: "Title", as: HeadlessLabel.self))
    #expect(title.bindings.map(\.location) == ["title.spec.yaml:9:16"])
    #expect(title.bindings.first?.info.location == "title.spec.yaml:9:16")
    #expect(title.bindings.first?.description.hasSuffix("(bound, title.spec.yaml:9:16)") == true)
  }

  @Test func aRecordedBindingOfAFileSaysWhereInTheFileFromItsFirstValue() throws {
    let spec = try BindingDiagnostics.recording {
      try SpecFile.load(yaml: titleSpec, file: "Specs/title.spec.yaml", classes: bookClasses)
    }
    let title = try #require(spec.object(named: "Title", as: HeadlessLabel.self))
    let cause = try #require(BindingDiagnostics.cause(of: title, \.text))
    #expect(cause.location == "title.spec.yaml:9:16")
    #expect(cause.description.hasPrefix("HeadlessLabel.text = \"Notes by Ada Lovelace (52 pages, %)\""))
    spec.unbind()
  }

  @Test func aRowsPatternReadsItsItemAndTheRoot() throws {
    let root = PeopleEditor()
    root.title = "staff"
    let spec = try SpecFile.load(
      yaml: """
        Editor:
          class: PeopleEditor
        People:
          class: ArrayController
          objectClass: Person
          bindings:
            content: {to: /Editor, value: people}
        Names:
          class: ListView
          content: /People
          row:
            Name:
              class: Label
              bindings:
                text: {pattern: '%{value1}@, %{value2}@', values: [{value: firstName}, {value: '$root.title'}]}
        """, file: "rows.yaml", classes: bookClasses, root: root)
    let editor = try #require(spec.object(named: "Editor", as: PeopleEditor.self))
    let list = try #require(spec.object(named: "Names", as: HeadlessListView<Person>.self))
    editor.people = [Person(firstName: "Ada"), Person(firstName: "Grace")]
    #expect(list.rows.map { ($0.controls[0] as? HeadlessLabel)?.text } == ["Ada, staff", "Grace, staff"])
    root.title = "crew"
    #expect(list.rows.map { ($0.controls[0] as? HeadlessLabel)?.text } == ["Ada, crew", "Grace, crew"])
  }

  @Test func everyProblemOfAPatternBindingIsReportedAtItsPlaceAndNothingIsBound() {
    let yaml = """
      Book:
        class: Book
      Title:
        class: Label
        bindings:
          text:
            pattern: '%{value1}@ by %{value3}@'
            values:
              - {to: /Book, value: titel}
              - {to: /Book, value: "title { validator: NotBlank }"}
      Pages:
        class: Slider
        bindings:
          value: {pattern: '%{value1}@', values: [{to: /Book, value: pages}]}
      Broken:
        class: Label
        bindings:
          text: {pattern: '50% off %{value1}@', values: [{to: /Nowhere, value: title}], extra: 1}
      Empty:
        class: Label
        bindings:
          text: {pattern: '%{value1}@'}
      """
    let problems = specProblems(yaml, classes: bookClasses)
    #expect(
      located(problems) == [
        "7:31: %{value3}@ has no input (2 given)",
        "9:30: Book has no key \"titel\"; did you mean \"title\"?",
        "10:39: a pattern only shows its values: validator does not apply",
        "14:22: a pattern makes text, but the property of HeadlessSlider it is bound to is a Double",
        "18:24: expected %{valueN}@ (N from 1) or %%",
        "18:57: no object is named \"Nowhere\"",
        "18:83: unknown field \"extra\" in a pattern binding (use pattern, values)",
        "22:11: a pattern binding has values: a list of {to: /Object, value: 'expression'}, %{value1}@ first",
      ])
  }

  @Test func lintChecksAPatternWhoseObjectsClassesItDoesNotKnow() {
    let yaml = """
      Title:
        class: FancyLabel
        bindings:
          text: {pattern: '%{value1}@ by %{value2}@', values: [{to: /Store, value: 'title {'}]}
      Store:
        class: BookStore
      """
    let problems = SpecFile.lint(yaml: yaml, file: "lint.yaml", classes: bookClasses)
    #expect(problems.map(\.line) == [4, 4])
    #expect(problems.contains { $0.message.contains("%{value2}@ has no input (1 given)") })
    let editing = """
      Title:
        class: FancyLabel
        bindings:
          text: {pattern: '%{value1}@', values: [{to: /Store, value: 'title { updatesContinuously }'}]}
      Store:
        class: BookStore
      """
    #expect(
      located(SpecFile.lint(yaml: editing, file: "lint.yaml", classes: bookClasses)) == [
        "4:73: a pattern only shows its values: updatesContinuously does not apply"
      ])
  }

  @Test func lintReadsAFormatterGivenAsAKeyPathOfTheDataAsBindingDoes() {
    let yaml = """
      Item:
        class: PricedThing
      Price:
        class: Label
        bindings:
          text: {to: /Item, value: 'price { numberFormatter: $data.format }'}
          enabled: {to: /Item, value: 'price { numberFormatter: format }'}
      """
    let problems = SpecFile.lint(yaml: yaml, file: "lint.yaml", classes: bookClasses)
    #expect(problems.map(\.line) == [7])
    #expect(problems.first?.message.hasPrefix("no transformer is registered as \"format\"") == true)
  }
}
