import Bindery
import BinderyControls
import BinderySpec
import BinderyTestFixtures
import BinderyTestKit
import Testing

/// The start of every bad controller spec: an editor (line 1–2) and an array controller (line 3–6).
private let editorAndPeople = """
  Editor:
    class: PeopleEditor
  People:
    class: ArrayController
    objectClass: Person

  """

let badControllerSpecs: [BadSpec] = [
  BadSpec(
    yaml: "People:\n  class: ArrayController\n",
    message: "\"People\" needs objectClass: the registered class of its objects",
    line: 2, column: 10, kind: .structure),
  BadSpec(
    yaml: "People:\n  class: NSArrayController\n  objectClass: Persn\n",
    message: "no class is registered as \"Persn\"; did you mean \"Person\"?", line: 3, column: 16, kind: .unknownClass),
  BadSpec(
    yaml: editorAndPeople + "  sortOrder: [lastName, agee]\n",
    message: "Person has no key \"agee\"; did you mean \"age\"?", line: 6, column: 25, kind: .unknownKey),
  BadSpec(
    yaml: editorAndPeople + "  sortOrder: [{key: age, ascending: maybe}]\n", message: "ascending is true or false",
    line: 6, column: 37, kind: .typeMismatch),
  BadSpec(
    yaml: editorAndPeople + "  sortOrder: [{name: age}]\n",
    message: "a sort level is a key, or {key: name, ascending: false}", line: 6, column: 15, kind: .structure),
  BadSpec(
    yaml: editorAndPeople + "  filter: 'age >= '\n", message: "expected an expression after \">=\"", line: 6,
    column: 19,
    kind: .expression),
  BadSpec(
    yaml: editorAndPeople + "  filter: 'firstName'\n",
    message: "a filter must be a Boolean expression; this one is a String", line: 6, column: 12, kind: .expression),
  BadSpec(
    yaml: editorAndPeople + "  bindings:\n    content: {to: /Editor, value: peple}\n",
    message: "PeopleEditor has no key \"peple\"; did you mean \"people\"?", line: 7, column: 35, kind: .unknownKey),
  BadSpec(
    yaml: editorAndPeople + "  bindings:\n    content: {to: /Editor, value: title}\n",
    message:
      "\"title\" is a String, but the property bound to it is a [Person], KeyValueArray<Person> or ArrayController<Person> reached without optionals on the way",
    line: 7, column: 35,
    kind: .typeMismatch),
  BadSpec(
    yaml: editorAndPeople + "  bindings:\n    content: {to: /Editr, value: people}\n",
    message: "no object is named \"Editr\"; did you mean \"Editor\"?", line: 7, column: 19, kind: .unknownReference),
  BadSpec(
    yaml: editorAndPeople + "  bindings:\n    content: people\n",
    message: "content is {to: /Object, value: 'key.path'}",
    line: 7, column: 14, kind: .structure),
  BadSpec(
    yaml: editorAndPeople + "List:\n  class: ListView\n",
    message: "the list \"List\" needs content: /ArrayController (or sections: for a list of sections)",
    line: 7, column: 10, kind: .structure),
  BadSpec(
    yaml: editorAndPeople + "List:\n  class: ListView\n  content: /Editor\n",
    message: "the content of a list is an ArrayController; /Editor is a PeopleEditor", line: 8, column: 12,
    kind: .typeMismatch),
  BadSpec(
    yaml: editorAndPeople + "List:\n  class: ListView\n  content: /People\n  row: [Name]\n",
    message: "row must map the names of a row's objects to objects", line: 9, column: 8, kind: .structure),
  BadSpec(
    yaml: editorAndPeople
      + "List:\n  class: ListView\n  content: /People\n  row:\n    Name:\n      class: Label\n      bindings:\n        text: {value: fullNme}\n",
    message: "Person has no key \"fullNme\"; did you mean \"fullName\"?", line: 13, column: 23, kind: .expression),
  BadSpec(
    yaml: editorAndPeople
      + "List:\n  class: ListView\n  content: /People\n  row:\n    Name:\n      class: Labl\n",
    message: "no class is registered as \"Labl\"; did you mean \"Label\"?", line: 11, column: 14, kind: .unknownClass),
  BadSpec(
    yaml: editorAndPeople
      + "List:\n  class: ListView\n  content: /People\n  row:\n    Name:\n      class: Label\n      bindings:\n        text: {to: /Nobody, value: firstName}\n",
    message: "no object is named \"Nobody\"", line: 13, column: 20, kind: .unknownReference),
  BadSpec(
    yaml: editorAndPeople + "Button:\n  class: Button\n  bindings:\n    enabled: {to: /People, value: canRemove}\n"
      + "Field:\n  class: TextField\n  bindings:\n    text: {to: /People, value: canRemove}\n",
    message: "\"canRemove\" is a Bool, but the property bound to it is a String?", line: 13, column: 32,
    kind: .expression),
  BadSpec(
    yaml: editorAndPeople + "  canRemove: true\n",
    message: "the property canRemove of ArrayController<Person> cannot be written",
    line: 6, column: 3, kind: .typeMismatch),
  BadSpec(
    yaml: editorAndPeople + "Add:\n  class: Button\n  action: {to: /People, value: ad}\n",
    message: "ArrayController<Person> has no action \"ad\"; did you mean \"add\"?", line: 8, column: 32,
    kind: .unknownKey),
  BadSpec(
    yaml: editorAndPeople + "Save:\n  class: Button\n  action: {to: /Editor, value: sav}\n",
    message: "PeopleEditor has no action \"sav\"; did you mean \"save\"?", line: 8, column: 32, kind: .unknownKey),
  BadSpec(
    yaml: editorAndPeople + "Name:\n  class: Label\n  action: {to: /Editor, value: save}\n",
    message: "HeadlessLabel has no property \"action\"", line: 8, column: 3, kind: .unknownKey),
  BadSpec(
    yaml: editorAndPeople + "Save:\n  class: Button\n  action: {value: save}\n",
    message: "this action has no to: /Object",
    line: 8, column: 11, kind: .structure),
  BadSpec(
    yaml: editorAndPeople + "Save:\n  class: Button\n  action: save\n",
    message: "an action is {to: /Object, value: actionName}", line: 8, column: 11, kind: .structure),
  // Master-detail: a key of the selected objects' class, found past `selection.`.
  BadSpec(
    yaml: teamsAndMembers + "  bindings:\n    content: {to: /Teams, value: selection.membrs}\n",
    message: "Team has no key \"membrs\"; did you mean \"members\"?", line: 8, column: 44, kind: .unknownKey),
  BadSpec(
    yaml: teamsAndMembers + "  bindings:\n    content: {to: /Teams, value: selection.name}\n",
    message:
      "\"selection.name\" is a String, but the property bound to it is a [Person] or KeyValueArray<Person> of the selected Team",
    line: 8, column: 34, kind: .typeMismatch),
  BadSpec(
    yaml: teamsAndMembers + "  bindings:\n    content: {to: /Teams, value: selection}\n",
    message:
      "\"selection\" is a Team, but the property bound to it is a [Person] or KeyValueArray<Person> of the selected object (selection.key)",
    line: 8, column: 34, kind: .typeMismatch),
]

/// Teams and the members of the selected team (lines 1–6), for master-detail specs.
private let teamsAndMembers = """
  Teams:
    class: ArrayController
    objectClass: Team
  Members:
    class: ArrayController
    objectClass: Person

  """

@Suite("Bad controller and list specs")
struct BadControllerSpecTests {
  @Test(arguments: badControllerSpecs)
  func aBadControllerOrListIsATypedErrorWithItsLocationAndBindsNothing(_ bad: BadSpec) {
    let made = ChangeLog<ObjectReference>()
    let registry = SpecClassRegistry()
    registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)
    registry.register(PeopleEditor.self) {
      let editor = PeopleEditor()
      made.append(ObjectReference(editor))
      return editor
    }
    registry.register(Person.self) { Person() }
    registry.register(Team.self) { Team() }
    registry.registerAction("save", of: PeopleEditor.self) { $0.save() }
    do {
      let spec = try SpecFile.load(yaml: bad.yaml, file: "bad.yaml", classes: registry)
      Issue.record("loaded \(spec.names)")
    } catch {
      let first = error.errors.first
      #expect(first?.message == bad.message)
      #expect(first?.line == bad.line)
      #expect(first?.column == bad.column)
      #expect(first?.kind == bad.kind)
      #expect(error.errors.count == 1, "\(error)")
    }
    #expect(made.values.allSatisfy { ($0.object as? PeopleEditor)?.keyValueRegistrar.observerCount == 0 })
  }
}
