import Bindery
import BinderyControls
import BinderyExpressions
import BinderyTestFixtures
import BinderyTestKit
import Testing

/// Compiles `text` on a controller and evaluates it.
func evaluate(_ text: String, on controller: PersonViewController) throws -> Any? {
  let expression = try CompiledExpression(text, data: PersonViewController.self)
  return expression.evaluate(in: ExpressionScope(data: controller))
}

/// Expects `text` bound to `property` to fail with `message` at `column`, binding nothing.
func expectBindError<Target: KeyValueObservable, Value>(
  _ target: Target,
  _ property: ReferenceWritableKeyPath<Target, Value>,
  _ text: String,
  _ message: String,
  column: Int,
  kind: ExpressionError.Kind,
  root: (any KeyValueCoding)? = nil,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  let controller = PersonViewController(person: Person())
  do {
    try target.bind(property, to: .expression(controller, text, root: root))
    Issue.record("\"\(text)\" was bound", sourceLocation: sourceLocation)
  } catch {
    #expect(error.message == message, sourceLocation: sourceLocation)
    #expect(error.location.column == column, sourceLocation: sourceLocation)
    #expect(error.kind == kind, sourceLocation: sourceLocation)
  }
  #expect(target.bindings.isEmpty, sourceLocation: sourceLocation)
}

@Suite("Expression bindings")
struct ExpressionBindingTests {
  @Test func theSeedsPersonViewControllerReadsAsWritten() throws {
    let controller = PersonViewController(person: Person(firstName: "Ada", lastName: "Lovelace"))
    let firstNameField = HeadlessTextField()
    let fullNameLabel = HeadlessLabel()
    try firstNameField.bind(\.text, to: .expression(controller, "person.firstName"))
    try firstNameField.bind(\.isEnabled, to: .expression(controller, "person !== null"))
    try firstNameField.bind(\.isEnabled, to: .expression(controller, "!isSaving"))
    try fullNameLabel.bind(\.text, to: .expression(controller, "person.fullName"))
    #expect(firstNameField.text == "Ada")
    #expect(fullNameLabel.text == "Ada Lovelace")
    firstNameField.userDidEdit(text: "Augusta")
    #expect(controller.person?.firstName == "Augusta")
    #expect(fullNameLabel.text == "Augusta Lovelace")
    #expect(firstNameField.isEnabled)
    controller.isSaving = true
    #expect(!firstNameField.isEnabled)
    controller.isSaving = false
    controller.person = nil
    #expect(!firstNameField.isEnabled)
  }

  @Test func aKeyPathExpressionBoundBeforeItsObjectExistsWritesOnceItDoes() throws {
    let controller = PersonViewController()
    let field = HeadlessTextField()
    let binding = try field.bind(\.text, to: .expression(controller, "person.firstName"))
    #expect(binding.direction == .both)
    #expect(binding.description.contains("PersonViewController.person.firstName"))
    let person = Person(firstName: "Ada")
    controller.person = person
    #expect(field.text == "Ada")
    field.userDidEdit(text: "Augusta")
    #expect(person.firstName == "Augusta")
    person.firstName = "Grace"
    #expect(field.text == "Grace")
  }

  @Test func negationOfABooleanKeyPathIsTwoWay() throws {
    let controller = PersonViewController()
    let notSaving = HeadlessSwitch()
    let binding = try notSaving.bind(\.isOn, to: .expression(controller, "!isSaving"))
    #expect(binding.direction == .both)
    #expect(notSaving.isOn)
    notSaving.userDidToggle()
    #expect(controller.isSaving)
  }

  @Test func theShorthandsMeanTheStandardTransformers() throws {
    let controller = PersonViewController()
    #expect(try evaluate("person === null", on: controller) as? Bool == true)
    #expect(try evaluate("person !== null", on: controller) as? Bool == false)
    #expect(try evaluate("person.nickname.length === 0", on: controller) as? Bool == true)  // nil is empty
    controller.person = Person(firstName: "Ada")
    #expect(try evaluate("person.firstName.length > 0", on: controller) as? Bool == true)
    #expect(try evaluate("person.firstName.length === 0", on: controller) as? Bool == false)
    #expect(try evaluate("person.tags.count", on: controller) as? Int == 0)
    #expect(try evaluate("people.count == 0", on: controller) as? Bool == true)
  }

  @Test func operatorsEvaluateWithTheirPrecedence() throws {
    let controller = PersonViewController(person: Person(firstName: "Ada", age: 36))
    #expect(try evaluate("true || false && false", on: controller) as? Bool == true)
    #expect(try evaluate("(true || false) && false", on: controller) as? Bool == false)
    #expect(try evaluate("person.age >= 18 && person.age < 65", on: controller) as? Bool == true)
    #expect(try evaluate("person.age == 36.0", on: controller) as? Bool == true)
    #expect(try evaluate("-person.age", on: controller) as? Int == -36)
    #expect(try evaluate("person.firstName == \"Ada\"", on: controller) as? Bool == true)
    #expect(try evaluate("\"Ada\" < \"Grace\"", on: controller) as? Bool == true)
    #expect(try evaluate("person === person", on: controller) as? Bool == true)
    #expect(try evaluate("mode == .edit", on: controller) as? Bool == false)
    #expect(try evaluate("\"héllo\".length", on: controller) as? Int == 5)
    #expect(try evaluate("[1, 2]", on: controller).map { ($0 as? [Any?])?.count } == 2)
    controller.person = nil
    #expect(try evaluate("person.age > 3", on: controller) as? Bool == false)  // nil does not compare
  }

  @Test func anExpressionFollowsEverythingItReads() throws {
    let controller = PersonViewController()
    let label = HeadlessLabel()
    try label.bind(\.isHidden, to: .expression(controller, "person === null || person.age < 18"))
    #expect(label.isHidden)
    controller.person = Person(age: 12)
    #expect(label.isHidden)
    controller.person?.age = 40
    #expect(!label.isHidden)
    controller.person = nil
    #expect(label.isHidden)
  }

  @Test func rootKeyPathsReadTheTopLevelViewModel() throws {
    let root = PersonViewController()
    let row = Person(firstName: "Ada")
    let field = HeadlessTextField()
    try field.bind(\.text, to: .expression(row, "firstName"))
    try field.bind(\.isEnabled, to: .expression(row, "!$root.isSaving", root: root))
    #expect(field.isEnabled)
    root.isSaving = true
    #expect(!field.isEnabled)
    #expect(field.text == "Ada")
  }

  @Test func placeholdersAndOptionsComeFromAttributes() throws {
    let controller = PersonViewController()
    let label = HeadlessLabel()
    try label.bind(
      \.text,
      to: .expression(controller, #"person.nickname { nullPlaceholder: "—", notApplicablePlaceholder: "No person" }"#)
    )
    #expect(label.text == "No person")
    controller.person = Person()
    #expect(label.text == "—")
    let field = HeadlessTextField()
    let binding = try field.bind(
      \.text,
      to: .expression(controller, "person.firstName { updatesContinuously: false, conditionallySetsEnabled: true }")
    )
    #expect(!binding.options.updatesContinuously)
    controller.person = nil
    #expect(!field.isEnabled)
  }

  @Test("combining: .or joins a Boolean property's inputs with OR, where isEnabled would use AND")
  func aCombiningAttributeChoosesTheCombination() throws {
    let controller = PersonViewController(person: nil)
    let field = HeadlessTextField()
    try field.bind(\.isEnabled, to: .expression(controller, "person !== null { combining: .or }"))
    try field.bind(\.isEnabled, to: .expression(controller, "isSaving { combining: $BooleanCombination.or }"))
    #expect(!field.isEnabled)
    controller.isSaving = true
    #expect(field.isEnabled)  // OR: one input is enough
    controller.isSaving = false
    controller.person = Person(firstName: "Ada")
    #expect(field.isEnabled)
    #expect {
      try HeadlessTextField().bind(\.text, to: .expression(controller, "person.firstName { combining: .and }"))
    } throws: { error in
      (error as? ExpressionError)?.message.hasPrefix("combining is for a Boolean property") == true
    }
    #expect {
      try HeadlessTextField().bind(\.isEnabled, to: .expression(controller, "isSaving { combining: .xor }"))
    } throws: { error in
      (error as? ExpressionError)?.message == "combining takes .and or .or"
    }
  }

  @Test("delivery: .mainActor writes the target on the main actor, after the change")
  @MainActor
  func aDeliveryAttributeWritesOnTheMainActor() async throws {
    let controller = PersonViewController(person: Person(firstName: "Ada"))
    let label = HeadlessLabel()
    let binding = try label.bind(\.text, to: .expression(controller, "person.firstName { delivery: .mainActor }"))
    guard case .mainActor = binding.options.delivery else {
      Issue.record("the binding's delivery is \(binding.options.delivery)")
      return
    }
    for _ in 0..<100 where label.text != "Ada" { await Task.yield() }
    #expect(label.text == "Ada")
    controller.person?.firstName = "Grace"
    #expect(label.text == "Ada")  // written after the change returns, not during it
    for _ in 0..<100 where label.text != "Grace" { await Task.yield() }
    #expect(label.text == "Grace")
    #expect {
      try HeadlessLabel().bind(\.text, to: .expression(controller, "person.firstName { delivery: .later }"))
    } throws: { error in
      (error as? ExpressionError)?.message == "delivery takes .synchronous or .mainActor"
    }
  }

  @Test func aDirectionAttributeMakesAWritableBindingReadOnlyOrTargetToSource() throws {
    let controller = PersonViewController(person: Person(firstName: "Ada"))
    let field = HeadlessTextField()
    let readOnly = try field.bind(
      \.text, to: .expression(controller, "person.firstName { direction: .sourceToTarget }"))
    #expect(readOnly.direction == .sourceToTarget)
    #expect(field.text == "Ada")
    field.userDidEdit(text: "Grace")
    #expect(controller.person?.firstName == "Ada", "a read-only binding wrote the user's edit back")
    controller.person?.firstName = "Ida"
    #expect(field.text == "Ida")

    let other = HeadlessTextField(text: "From the field")
    let toSource = try other.bind(
      \.text, to: .expression(controller, "person.firstName { direction: $BindingDirection.targetToSource }"))
    #expect(toSource.direction == .targetToSource)
    #expect(controller.person?.firstName == "From the field")
    let both = try HeadlessTextField().bind(
      \.text, to: .expression(controller, "person.firstName { direction: .both }"))
    #expect(both.direction == .both)
  }

  @Test func aDirectionThatWritesTheSourceIsRefusedWhereNothingCanBeWritten() {
    let controller = PersonViewController(person: Person(firstName: "Ada"))
    let field = HeadlessTextField()
    let error = #expect(throws: ExpressionError.self) {
      try field.bind(\.text, to: .expression(controller, "person.fullName { direction: .both }"))
    }
    #expect(error?.message == "direction .both writes the source, but person.fullName cannot be written")
    #expect(error?.kind == .attribute)
    #expect(error?.location.column == 19)
    let computed = #expect(throws: ExpressionError.self) {
      try field.bind(\.isEnabled, to: .expression(controller, "person != nil { direction: .targetToSource }"))
    }
    #expect(computed?.message == "direction .targetToSource writes the source, but a computed value cannot be written")
    #expect(field.bindings.isEmpty)
    // Read-only is always allowed.
    #expect(throws: Never.self) {
      try HeadlessLabel().bind(\.text, to: .expression(controller, "person.fullName { direction: .sourceToTarget }"))
    }
  }

  @Test func aValidatorAttributeChecksWhatTheUserEntersWithARegisteredCheck() throws {
    let registry = BindingTransformerRegistry()
    registry.register(validator: { (text: String) in if text.count < 2 { throw AgeTextError() } }, named: "TwoLetters")
    let controller = PersonViewController(person: Person(firstName: "Ada"))
    let field = HeadlessTextField()
    try field.bind(
      \.text, to: .expression(controller, "person.firstName { validator: TwoLetters }", transformers: registry))
    field.userDidEdit(text: "G")
    #expect(controller.person?.firstName == "Ada", "a rejected value reached the model")
    #expect(field.validationError != nil)
    field.userDidEdit(text: "Grace")
    #expect(controller.person?.firstName == "Grace")
    #expect(field.validationError == nil)

    registry.register(validator: { (_: Int) in }, named: "AnyAge")
    registry.register(validator: { (_: Bool) in }, named: "AnyFlag")
    let errors: [(String, String)] = [
      (
        "person.firstName { validator: Nope }",
        "no validator is registered as \"Nope\" (registered: AnyAge, AnyFlag, TwoLetters)"
      ),
      ("person.firstName { validator: AnyAge }", "the validator AnyAge checks a Int, not a String?"),
    ]
    for (text, message) in errors {
      #expect {
        try HeadlessTextField().bind(\.text, to: .expression(controller, text, transformers: registry))
      } throws: { error in
        (error as? ExpressionError)?.message == message && (error as? ExpressionError)?.kind == .attribute
      }
    }
    #expect {
      try HeadlessTextField().bind(
        \.isEnabled,
        to: .expression(controller, #"person.firstName == "Ada" { validator: AnyFlag }"#, transformers: registry))
    } throws: { error in
      (error as? ExpressionError)?.message
        == "a validator checks what a user enters: it needs a key path bound both ways"
    }
  }

  @Test func aTransformerAttributeNamesARegisteredTransformer() throws {
    let registry = BindingTransformerRegistry()
    registry.register(Uppercase(), named: "Uppercase")
    let controller = PersonViewController(person: Person(firstName: "Ada"))
    let label = HeadlessLabel()
    try label.bind(
      \.text, to: .expression(controller, "person.firstName { transformer: Uppercase }", transformers: registry)
    )
    #expect(label.text == "ADA")
    controller.person?.firstName = "Grace"
    #expect(label.text == "GRACE")
  }

  @Test func aKeyPathThroughATransformerThatConvertsBackIsTwoWayWithItsEditingForm() throws {
    let registry = BindingTransformerRegistry()
    registry.register(AgeText(), named: "AgeText")
    registry.register(AgeDigits(), named: "AgeDigits")
    let controller = PersonViewController(person: Person(firstName: "Ada", age: 36))
    let field = HeadlessTextField()
    let binding = try field.bind(
      \.text,
      to: .expression(
        controller, "person.age { formatter: AgeText, editingFormatter: AgeDigits }", transformers: registry)
    )
    #expect(binding.direction == .both)
    #expect(field.text == "36 years")
    field.userDidBeginEditing()
    #expect(field.text == "36")
    field.userDidEdit(text: "37")
    field.userDidEndEditing()
    #expect(controller.person?.age == 37)
    #expect(field.text == "37 years")
    field.userDidEdit(text: "40 years")
    #expect(controller.person?.age == 40)
  }

  @Test func aTransformerWhoseOutputIsAnotherNumberTypeStaysOneWayAndConverts() throws {
    let registry = BindingTransformerRegistry()
    registry.register(AgeDigits(), named: "AgeDigits")
    registry.register(Twice(), named: "Twice")
    let controller = PersonViewController(person: Person(firstName: "Ada", age: 36))
    let slider = HeadlessSlider(maximumValue: 200)
    let binding = try slider.bind(
      \.value, to: .expression(controller, "person.age { transformer: Twice }", transformers: registry))
    #expect(slider.value == 72)
    #expect(binding.direction == .sourceToTarget)
    controller.person?.age = 40
    #expect(slider.value == 80)
  }

  @Test func anEditingFormNeedsATransformerThatConvertsBackOnAKeyPath() {
    let registry = BindingTransformerRegistry()
    registry.register(AgeText(), named: "AgeText")
    registry.register(AgeDigits(), named: "AgeDigits")
    registry.register(Uppercase(), named: "Uppercase")
    let controller = PersonViewController(person: Person(firstName: "Ada", age: 36))
    let field = HeadlessTextField()
    #expect(throws: ExpressionError.self) {
      try field.bind(
        \.text, to: .expression(controller, "person.age { editingFormatter: AgeDigits }", transformers: registry))
    }
    #expect(throws: ExpressionError.self) {
      try field.bind(
        \.text,
        to: .expression(
          controller, "person.age + 1 { formatter: AgeText, editingFormatter: AgeDigits }",
          transformers: registry))
    }
    #expect(throws: ExpressionError.self) {
      try field.bind(
        \.text,
        to: .expression(
          controller, "person.age { formatter: AgeText, editingFormatter: Uppercase }",
          transformers: registry))
    }
    #expect(field.bindings.isEmpty)
    #expect(field.text == nil)
  }

  @Test func anEnumerationCaseBindsToAnEnumProperty() throws {
    let controller = PersonViewController()
    let target = ModeHolder()
    try target.bind(\.mode, to: .expression(controller, ".edit"))
    #expect(target.mode == .edit)
  }

  @Test func errorsAtBindTimeCarryTheirColumnAndBindNothing() {
    let field = HeadlessTextField()
    expectBindError(
      field, \.text, "person.firstname", "Person has no key \"firstname\"; did you mean \"firstName\", \"lastName\"?",
      column: 8, kind: .key)
    expectBindError(
      field, \.text, "isSaving", "\"isSaving\" is a Bool, but the property bound to it is a String?", column: 1,
      kind: .type)
    expectBindError(
      field, \.isEnabled, "person.firstName && true", "\"&&\" needs a Boolean; person.firstName is a String?",
      column: 1, kind: .type)
    expectBindError(
      field, \.isEnabled, "person.age < \"x\"", "\"<\" compares two numbers or two strings, not a Int? and a String",
      column: 12, kind: .type)
    expectBindError(
      field, \.isEnabled, "person.firstName == 3", "cannot compare person.firstName (a String?) with 3 (a Int)",
      column: 18, kind: .type)
    expectBindError(field, \.isEnabled, "!person", "\"!\" needs a Boolean; person is a Person?", column: 2, kind: .type)
    expectBindError(
      field, \.isEnabled, "-person.firstName", "\"-\" needs a number; person.firstName is a String?", column: 1,
      kind: .type)
    expectBindError(
      field, \.isEnabled, "person.age.length", ".length needs a string or a collection; person.age is a Int?",
      column: 12, kind: .type)
    expectBindError(
      field, \.text, "person.firstName { color: 1 }",
      "unknown attribute \"color\" (known: nullPlaceholder, notApplicablePlaceholder, multipleValuesPlaceholder, noSelectionPlaceholder, transformer, formatter, numberFormatter, dateFormatter, measurementFormatter, editingTransformer, editingFormatter, updatesContinuously, conditionallySetsEnabled, traced, direction, validator, combining, delivery, pacing)",
      column: 20, kind: .attribute)
    expectBindError(
      field, \.text, "person.firstName { nullPlaceholder: 3 }",
      "nullPlaceholder must be a value of the property's type, String?", column: 37, kind: .attribute)
    expectBindError(
      field, \.text, "person.firstName { transformer: Nope }",
      "no transformer is registered as \"Nope\" (registered: CommaSeparatedList, IsEmpty, IsNil, IsNotEmpty, IsNotNil, NegateBoolean)",
      column: 33, kind: .attribute)
    expectBindError(
      field, \.text, "person.firstName { updatesContinuously: 1 }", "updatesContinuously takes true or false",
      column: 41, kind: .attribute)
    expectBindError(
      field, \.text, "person.firstName { direction: .sideways }",
      "direction takes .both, .sourceToTarget or .targetToSource", column: 31, kind: .attribute)
    expectBindError(
      field, \.text, "person.firstName { direction: person }",
      "direction takes .both, .sourceToTarget or .targetToSource", column: 31, kind: .attribute)
    expectBindError(
      field, \.isEnabled, "$root.isSaving", "$root is not available here: no top-level view model was given", column: 1,
      kind: .key)
    expectBindError(
      field, \.text, "{ nullPlaceholder: \"x\" }", "the expression has no value to bind", column: 1, kind: .syntax)
    expectBindError(
      field, \.text, "person.firstName &&", "expected an expression after \"&&\"", column: 20, kind: .syntax)
    expectBindError(
      field, \.isEnabled, "person.age", "\"person.age\" is a Int?, but the property bound to it is a Bool", column: 1,
      kind: .type)
    expectBindError(field, \.isEnabled, "person.age + 1", "unexpected character \"+\"", column: 12, kind: .syntax)
    expectBindError(
      field, \.isEnabled, "null", "null cannot be shown by a property of type Bool", column: 1, kind: .type)
    expectBindError(
      field, \.isEnabled, "person.age == 3 { nullPlaceholder: 1 }",
      "nullPlaceholder must be a value of the property's type, Bool", column: 36, kind: .attribute)
    expectBindError(
      field, \.text, "person.age > 1", "the expression is a Bool, but the property is a String?", column: 1, kind: .type
    )
  }

  @Test("- keeps the type of what it negates; the smallest integer negates to the largest")
  func negationKeepsTheType() throws {
    let sample = Sample()
    let light = Light()
    try light.bind(\.level, to: .expression(sample, "-int8"))
    #expect(light.level == -3)
    sample.int8 = .min
    #expect(light.level == .max)
    let compiled = try CompiledExpression("-int", data: Sample.self)
    #expect(compiled.valueType == Int.self)
    sample.int = .min
    #expect(compiled.evaluate(in: ExpressionScope(data: sample)) as? Int == .max)
    sample.float = 2.5
    #expect(
      try CompiledExpression("-float", data: Sample.self).evaluate(in: ExpressionScope(data: sample)) as? Float == -2.5)
    #expect(
      throws: ExpressionError("\"-\" needs a signed number; uint8 is a UInt8", at: .start, in: "-uint8", kind: .type)
    ) {
      try light.bind(\.isOn, to: .expression(sample, "-uint8"))
    }
  }

  @Test func expressionBindingsLetTheirObjectsGo() throws {
    let tracker = LifetimeTracker()
    do {
      let root = tracker.track(PersonViewController())
      let controller = tracker.track(PersonViewController(person: tracker.track(Person())))
      let field = tracker.track(HeadlessTextField())
      try field.bind(\.text, to: .expression(controller, "person.firstName"))
      try field.bind(\.isEnabled, to: .expression(controller, "person !== null && !$root.isSaving", root: root))
      root.isSaving = true
    }
    #expect(tracker.liveCount == 0, "alive: \(tracker.liveTypeNames)")
  }
}

/// An age as "36 years", read back with or without the unit.
struct AgeText: BindingTransformer, Sendable {
  func transform(_ value: Int) -> String { "\(value) years" }
  func reverseTransform(_ value: String) throws -> Int {
    let digits = value.hasSuffix(" years") ? String(value.dropLast(6)) : value
    guard let age = Int(digits) else { throw AgeTextError() }
    return age
  }
  var isReversible: Bool { true }
}

/// An age as digits only.
struct AgeDigits: BindingTransformer, Sendable {
  func transform(_ value: Int) -> String { "\(value)" }
  func reverseTransform(_ value: String) throws -> Int {
    guard let age = Int(value) else { throw AgeTextError() }
    return age
  }
  var isReversible: Bool { true }
}

struct AgeTextError: Error {}

/// Twice the number, and half of it back.
struct Twice: BindingTransformer, Sendable {
  func transform(_ value: Int) -> Int { value * 2 }
  func reverseTransform(_ value: Int) throws -> Int { value / 2 }
  var isReversible: Bool { true }
}

struct Uppercase: BindingTransformer, Sendable {
  func transform(_ value: String) -> String { value.uppercased() }
}
