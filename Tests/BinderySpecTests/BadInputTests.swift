import Bindery
import BinderyControls
import BinderySpec
import BinderyTestKit
import Testing

/// A class registry that remembers every object it made, to prove a failed load bound nothing.
final class RecordingRegistry: @unchecked Sendable {
  let registry = SpecClassRegistry()
  let made = ChangeLog<ObjectReference>()

  init() {
    registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)
    registry.register(PersonViewController.self, names: ["PersonViewController"]) { [made] in
      let object = PersonViewController()
      made.append(ObjectReference(object))
      return object
    }
    registry.register(HeadlessTextField.self, names: ["TextField", "UITextField"]) { [made] in
      let field = HeadlessTextField()
      made.append(ObjectReference(field))
      return field
    }
    registry.register(HeadlessLabel.self, names: ["Label"]) { [made] in
      let label = HeadlessLabel()
      made.append(ObjectReference(label))
      return label
    }
  }

  /// Whether no object it made observes, is observed, or owns a binding.
  var nothingIsBound: Bool {
    made.values.allSatisfy { reference in
      guard let object = reference.object as? any KeyValueObservable else { return true }
      return object.keyValueRegistrar.observerCount == 0 && object.bindings.isEmpty
    }
  }
}

struct ObjectReference: @unchecked Sendable {
  let object: AnyObject
  init(_ object: AnyObject) { self.object = object }
}

/// A valid header for the cases below: a controller and a field.
let header = """
  Controller:
    class: PersonViewController
  Field:
    class: TextField

  """

/// One bad spec: the first error's message, line and column.
struct BadSpec: CustomTestStringConvertible, Sendable {
  let yaml: String
  let message: String
  let line: Int
  let column: Int
  let kind: SpecError.Kind
  var testDescription: String { message }
}

let badSpecs: [BadSpec] = [
  // YAML
  BadSpec(
    yaml: "A: [1, 2", message: "YAML: did not find expected ',' or ']' while parsing a flow sequence", line: 2,
    column: 1, kind: .yaml),
  BadSpec(
    yaml: "A:\n  class: X\n bad", message: "YAML: did not find expected key while parsing a block mapping", line: 3,
    column: 2, kind: .yaml),
  BadSpec(
    yaml: "A: {class: 'x}", message: "YAML: found unexpected end of stream while scanning a quoted scalar", line: 1,
    column: 15, kind: .yaml),
  BadSpec(
    yaml: "- a\n- b", message: "a spec file is a mapping of object names to objects", line: 1, column: 1,
    kind: .structure),
  BadSpec(yaml: "A: 3", message: "\"A\" must be a mapping with a class", line: 1, column: 4, kind: .structure),
  BadSpec(yaml: "A:\n  outlets: {}", message: "\"A\" has no class", line: 1, column: 1, kind: .structure),
  BadSpec(
    yaml: "A:\n  class: TextField\nA:\n  class: Label", message: "YAML: ", line: 3, column: 1, kind: .duplicateName),
  // classes
  BadSpec(
    yaml: "A:\n  class: UITextFeld",
    message: "no class is registered as \"UITextFeld\"; did you mean \"UITextField\", \"TextField\"?", line: 2,
    column: 10, kind: .unknownClass),
  BadSpec(
    yaml: "A:\n  class: Nothing", message: "no class is registered as \"Nothing\"", line: 2, column: 10,
    kind: .unknownClass),
  BadSpec(
    yaml: "A:\n  class: [TextField]", message: "no class is registered as \"\"", line: 2, column: 10,
    kind: .unknownClass),
  // references
  BadSpec(
    yaml: header + "  bindings:\n    text: {to: /Controler, value: 'title'}",
    message: "no object is named \"Controler\"; did you mean \"Controller\"?", line: 6, column: 16,
    kind: .unknownReference),
  BadSpec(
    yaml: header + "  bindings:\n    text: {to: Controller, value: 'title'}",
    message: "expected a reference to an object, like /Name", line: 6, column: 16, kind: .structure),
  BadSpec(
    yaml: header + "  bindings:\n    text: {to: /, value: 'title'}",
    message: "expected a reference to an object, like /Name", line: 6, column: 16, kind: .structure),
  BadSpec(
    yaml: "Controller:\n  class: PersonViewController\n  outlets:\n    firstNameField: /Nobody",
    message: "no object is named \"Nobody\"", line: 4, column: 21, kind: .unknownReference),
  BadSpec(
    yaml: "Controller:\n  class: PersonViewController\n  view:\n    subviews: [/Nobody]",
    message: "no object is named \"Nobody\"", line: 4, column: 16, kind: .unknownReference),
  // keys
  BadSpec(
    yaml: header + "  bindings:\n    txt: {to: /Controller, value: 'title'}",
    message: "HeadlessTextField has no property \"txt\"; did you mean \"text\"?", line: 6, column: 5, kind: .unknownKey),
  BadSpec(
    yaml: header + "  colour: red", message: "HeadlessTextField has no property \"colour\"", line: 5, column: 3,
    kind: .unknownKey),
  BadSpec(
    yaml: "Controller:\n  class: PersonViewController\n  outlets:\n    nameField: /Controller",
    message: "PersonViewController has no property \"nameField\"", line: 4, column: 5, kind: .unknownKey),
  BadSpec(
    yaml: header + "  bindings:\n    text: {to: /Controller, value: 'person.frstName'}",
    message: "Person has no key \"frstName\"; did you mean \"firstName\", \"lastName\"?", line: 6, column: 44,
    kind: .expression),
  BadSpec(
    yaml: header + "  bindings:\n    text: {to: /Controller, value: 'titl'}",
    message: "PersonViewController has no key \"titl\"; did you mean \"title\"?", line: 6, column: 37, kind: .expression
  ),
  BadSpec(
    yaml: header + "  bindings:\n    text: {to: /Controller, value: 'isSaving.value'}",
    message: "cannot read \"value\" of a Bool: it has no keys", line: 6, column: 46, kind: .expression),
  // types
  BadSpec(
    yaml: header + "  bindings:\n    text: {to: /Controller, value: 'isSaving'}",
    message: "\"isSaving\" is a Bool, but the property bound to it is a String?", line: 6, column: 37, kind: .expression
  ),
  BadSpec(
    yaml: header + "  bindings:\n    enabled: {to: /Controller, value: 'title'}",
    message: "\"title\" is a String, but the property bound to it is a Bool", line: 6, column: 40, kind: .expression),
  BadSpec(
    yaml: header + "  bindings:\n    enabled: {to: /Controller, value: 'count > \"3\"'}",
    message: "\">\" compares two numbers or two strings, not a Int and a String", line: 6, column: 46, kind: .expression
  ),
  BadSpec(
    yaml: header
      + "  bindings:\n    text:\n      - {to: /Controller, value: 'title'}\n      - {to: /Controller, value: 'title'}",
    message: "only Boolean properties that combine bindings (isEnabled, isHidden) take a list; text does not", line: 7,
    column: 7, kind: .typeMismatch),
  BadSpec(
    yaml: "Controller:\n  class: PersonViewController\n  count: many", message: "count is a Int; \"many\" is not one",
    line: 3, column: 10, kind: .typeMismatch),
  BadSpec(
    yaml: "Controller:\n  class: PersonViewController\n  isSaving: 3", message: "isSaving is a Bool; \"3\" is not one",
    line: 3, column: 13, kind: .typeMismatch),
  BadSpec(
    yaml: header + "  fullName: x", message: "HeadlessTextField has no property \"fullName\"", line: 5, column: 3,
    kind: .unknownKey),
  BadSpec(
    yaml: "Controller:\n  class: PersonViewController\n  outlets:\n    firstNameField: /Controller",
    message:
      "the outlet firstNameField of \"Controller\" is a Optional<HeadlessTextField>, which cannot hold a PersonViewController",
    line: 4, column: 21, kind: .typeMismatch),
  BadSpec(
    yaml: header + "  view:\n    subviews: []", message: "HeadlessTextField has no property \"view\"", line: 5,
    column: 3,
    kind: .unknownKey),
  // expressions
  BadSpec(
    yaml: header + "  bindings:\n    text: {to: /Controller, value: 'person.firstName &&'}",
    message: "expected an expression after \"&&\"", line: 6, column: 56, kind: .expression),
  BadSpec(
    yaml: header + "  bindings:\n    enabled: {to: /Controller, value: 'person = null'}",
    message: "unexpected \"=\"; did you mean \"==\"?", line: 6, column: 47, kind: .expression),
  BadSpec(
    yaml: header + "  bindings:\n    text: {to: /Controller, value: '\"unterminated'}",
    message: "this string has no closing \"", line: 6, column: 37, kind: .expression),
  BadSpec(
    yaml: header + "  bindings:\n    text: {to: /Controller, value: 'title { nullPlaceholder: 3 }'}",
    message: "nullPlaceholder must be a value of the property's type, String?", line: 6, column: 62, kind: .expression),
  BadSpec(
    yaml: header + "  bindings:\n    text: {to: /Controller, value: 'title { transformer: Nope }'}",
    message:
      "no transformer is registered as \"Nope\" (registered: CommaSeparatedList, IsEmpty, IsNil, IsNotEmpty, IsNotNil, NegateBoolean)",
    line: 6, column: 58, kind: .expression),
  BadSpec(
    yaml: header + "  bindings:\n    text: {to: /Controller, value: 'title { colour: 1 }'}",
    message:
      "unknown attribute \"colour\" (known: nullPlaceholder, notApplicablePlaceholder, multipleValuesPlaceholder, noSelectionPlaceholder, transformer, formatter, numberFormatter, dateFormatter, measurementFormatter, editingTransformer, editingFormatter, updatesContinuously, conditionallySetsEnabled, traced, direction, validator, combining, delivery, pacing)",
    line: 6, column: 45, kind: .expression),
  BadSpec(
    yaml: header + "  bindings:\n    enabled: {to: /Controller, value: '$root.isSaving'}",
    message: "$root is not available here: no top-level view model was given", line: 6, column: 40, kind: .expression),
  BadSpec(
    yaml: header + "  bindings:\n    text: {to: /Controller, value: '{updatesContinuously}'}",
    message: "the expression has no value to bind", line: 6, column: 37, kind: .expression),
  // binding shape
  BadSpec(
    yaml: header + "  bindings:\n    text: {to: /Controller}", message: "this binding has no value: 'expression'",
    line: 6, column: 11, kind: .structure),
  BadSpec(
    yaml: header + "  bindings:\n    text: {value: 'title'}",
    message: "this binding has no to: /Object (only bindings in a list's row read the row's item without one)", line: 6,
    column: 11, kind: .structure),
  BadSpec(
    yaml: header + "  bindings:\n    text: {to: /Controller, value: 'title', via: x}",
    message: "unknown field \"via\" in a binding (use to, value, transformer)", line: 6, column: 45, kind: .structure),
  BadSpec(
    yaml: header + "  bindings:\n    text: 'title'", message: "a binding is {to: /Object, value: 'expression'}",
    line: 6, column: 11, kind: .structure),
  BadSpec(
    yaml: header + "  bindings: [text]", message: "bindings must map property names to bindings", line: 5, column: 13,
    kind: .structure),
  BadSpec(
    yaml: "Controller:\n  class: PersonViewController\n  outlets: [a]",
    message: "outlets must map property names to references", line: 3, column: 12, kind: .structure),
  BadSpec(
    yaml: "Controller:\n  class: PersonViewController\n  view:\n    subviews: /Controller",
    message: "subviews must be a list of references", line: 4, column: 15, kind: .structure),
  BadSpec(
    yaml: "Controller:\n  class: PersonViewController\n  view:\n    frame: 1", message: "a view has only subviews here",
    line: 4, column: 5, kind: .structure),
]

@Suite("Bad spec files")
struct BadInputTests {
  @Test(arguments: badSpecs)
  func aBadSpecIsOneTypedErrorWithItsLocationAndBindsNothing(_ bad: BadSpec) {
    let recording = RecordingRegistry()
    do {
      let spec = try SpecFile.load(yaml: bad.yaml, file: "bad.yaml", classes: recording.registry)
      Issue.record("loaded \(spec.names)")
    } catch {
      let first = error.errors.first
      if bad.kind == .duplicateName {
        #expect(first?.kind == .duplicateName)
      } else {
        #expect(first?.message == bad.message)
      }
      #expect(first?.line == bad.line)
      #expect(first?.column == bad.column)
      #expect(first?.kind == bad.kind)
      #expect(first?.file == "bad.yaml")
      #expect(first.map { $0.description.hasPrefix("bad.yaml:\(bad.line):\(bad.column): error: ") } == true)
    }
    #expect(recording.nothingIsBound)
  }

  @Test func anEmptyExpressionMakesNoBindingAndNoError() throws {
    let recording = RecordingRegistry()
    let yaml =
      header + "  bindings:\n    text: {to: /Controller, value: ''}\n    placeholder: {to: /Controller, value: ' { } '}"
    let spec = try SpecFile.load(yaml: yaml, file: "empty.yaml", classes: recording.registry)
    let field = try #require(spec.object(named: "Field", as: HeadlessTextField.self))
    #expect(field.bindings.isEmpty)
    #expect(recording.nothingIsBound)
  }

  @Test func everyProblemIsReportedNotOnlyTheFirst() {
    let yaml = """
      Controller:
        class: PersonViewController
        colour: red
      Field:
        class: TextFeld
      Other:
        class: TextField
        bindings:
          text: {to: /Nobody, value: 'title'}
          enabled: {to: /Controller, value: 'isSavin'}
      """
    let recording = RecordingRegistry()
    do {
      _ = try SpecFile.load(yaml: yaml, file: "many.yaml", classes: recording.registry)
      Issue.record("loaded")
    } catch {
      #expect(error.errors.map(\.line) == [3, 5, 9, 10])
      #expect(error.description.split(separator: "\n").count == 4)
    }
    #expect(recording.nothingIsBound)
  }

  @Test func aLaterErrorLeavesEarlierBindingsUnmade() {
    let yaml =
      header + """
          bindings:
            text: {to: /Controller, value: 'title'}
            enabled: {to: /Controller, value: 'title'}
        """
    let recording = RecordingRegistry()
    #expect(throws: SpecLoadError.self) { try SpecFile.load(yaml: yaml, classes: recording.registry) }
    #expect(recording.nothingIsBound)
    #expect(recording.made.values.compactMap { $0.object as? HeadlessTextField }.allSatisfy { $0.text == nil })
  }
}
