import Bindery
import BinderyControls
import BinderySpec
import BinderyTestFixtures
import Foundation
import Testing

/// JSKit's bindings guide's person editor, with its own transformer names and its own option name.
private let jsKitSpec = """
  ViewController:
    class: PersonViewController
    outlets:
      firstNameField: /FirstNameField
      lastNameField: /LastNameField
      fullNameLabel: /FullNameLabel
  FirstNameField:
    class: UITextField
    bindings:
      text: {to: /ViewController, value: person.firstName}
      enabled:
        - {to: /ViewController, value: person, valueTransformer: JSIsNotNullValueTransformer}
        - {to: /ViewController, value: isSaving, valueTransformer: JSNegateBooleanValueTransformer}
  LastNameField:
    class: UITextField
    bindings:
      text: {to: /ViewController, value: person.lastName}
      enabled:
        - {to: /ViewController, value: person, valueTransformer: JSIsNotNullValueTransformer}
        - {to: /ViewController, value: isSaving, valueTransformer: JSNegateBooleanValueTransformer}
  FullNameLabel:
    class: UITextField
    bindings:
      text: {to: /ViewController, value: person.fullName}
  """

/// A one-object spec binding the `enabled` of a field to `binding` (a flow mapping's fields).
private func jsKitFieldSpec(_ binding: String) -> String {
  """
  ViewController:
    class: PersonViewController
  Field:
    class: UITextField
    bindings:
      enabled: {to: /ViewController, \(binding)}
  """
}

/// The problems of loading `yaml`, none when it loads.
private func problems(_ yaml: String, transformers: BindingTransformerRegistry = .shared) -> [SpecError] {
  do {
    _ = try SpecFile.load(yaml: yaml, file: "f.spec.yaml", classes: testClasses, transformers: transformers)
    return []
  } catch {
    return error.errors
  }
}

@Suite("JSKit's names in spec files")
struct JSKitNamesTests {
  @Test("JSKit's six standard transformer names find the transformers registered under our names")
  func jsKitNamesFindTheStandardTransformers() throws {
    let registry = BindingTransformerRegistry()
    let expected = [
      "JSIsNullValueTransformer": "IsNil", "JSIsNilValueTransformer": "IsNil",
      "JSIsNotNullValueTransformer": "IsNotNil", "JSIsNotNilValueTransformer": "IsNotNil",
      "JSIsEmptyValueTransformer": "IsEmpty", "JSIsNotEmptyValueTransformer": "IsNotEmpty",
      "JSNegateBooleanValueTransformer": "NegateBoolean",
      "JSCommaSeparatedListValueTransformer": "CommaSeparatedList",
    ]
    #expect(BindingTransformerRegistry.jsKitNames == expected)
    for (jsKitName, name) in expected {
      let transformer = try #require(registry.transformer(named: jsKitName), "\(jsKitName)")
      #expect(transformer.name == name)
    }
    let negate = try #require(registry.transformer(named: "JSNegateBooleanValueTransformer"))
    #expect(try negate.transform(true) as? Bool == false)
    let isNotNull = try #require(registry.transformer(named: "JSIsNotNullValueTransformer"))
    #expect(try isNotNull.transform(nil) as? Bool == false)
    #expect(try isNotNull.transform("Ada") as? Bool == true)
  }

  @Test("JSKit's names are spellings only: not listed, not found for an unknown JS name, and a registered name wins")
  func jsKitNamesAreSpellingsOnly() {
    let registry = BindingTransformerRegistry()
    #expect(!registry.names.contains { $0.hasPrefix("JS") })
    #expect(registry.transformer(named: "JSIsNotNulValueTransformer") == nil)
    #expect(registry.transformer(named: "JSUppercaseValueTransformer") == nil)
    // Without the standard transformers, the JSKit names find nothing either.
    #expect(BindingTransformerRegistry(includingStandard: false).transformer(named: "JSIsNilValueTransformer") == nil)
    // A project's own transformer registered under a JSKit name is the one found.
    registry.register(AnyBindingTransformer(name: "JSIsNullValueTransformer") { _ in "mine" })
    #expect(registry.transformer(named: "JSIsNullValueTransformer")?.name == "JSIsNullValueTransformer")
    #expect(registry.transformer(named: "IsNil")?.name == "IsNil")
  }

  @Test("The guide's spec with valueTransformer and JSKit's transformers binds: enabled is person != nil and !isSaving")
  func theGuidesSpecBindsAndBehaves() throws {
    let spec = try SpecFile.load(yaml: jsKitSpec, file: "PersonViewController.spec.yaml", classes: testClasses)
    let controller = try #require(spec.object(named: "ViewController", as: PersonViewController.self))
    let firstNameField = try #require(spec.object(named: "FirstNameField", as: HeadlessTextField.self))
    let lastNameField = try #require(spec.object(named: "LastNameField", as: HeadlessTextField.self))
    let fullNameLabel = try #require(spec.object(named: "FullNameLabel", as: HeadlessTextField.self))
    #expect(spec.bindings.bindings.count == 7)
    #expect(controller.firstNameField === firstNameField)

    // No person: disabled.
    #expect(!firstNameField.isEnabled)
    #expect(!lastNameField.isEnabled)
    controller.person = Person(firstName: "Ada", lastName: "Lovelace")
    #expect(firstNameField.isEnabled)
    #expect(lastNameField.isEnabled)
    #expect(firstNameField.text == "Ada")
    #expect(fullNameLabel.text == "Ada Lovelace")

    // Saving disables, whatever the person.
    controller.isSaving = true
    #expect(!firstNameField.isEnabled)
    #expect(!lastNameField.isEnabled)
    controller.isSaving = false
    #expect(firstNameField.isEnabled)
    controller.person = nil
    #expect(!firstNameField.isEnabled)
  }

  @Test("transformer: beside the expression, and JSKit's names in the expression's transformer attribute, bind too")
  func ourOptionAndTheAttributeTakeJSKitNames() throws {
    for binding in [
      "value: isSaving, transformer: JSNegateBooleanValueTransformer",
      "value: isSaving, transformer: NegateBoolean",
      "value: 'isSaving { transformer: \"JSNegateBooleanValueTransformer\" }'",
      // After the expression's own attributes.
      "value: 'isSaving { direction: .sourceToTarget }', valueTransformer: JSNegateBooleanValueTransformer",
      "value: 'isSaving { direction: .sourceToTarget, }', valueTransformer: JSNegateBooleanValueTransformer",
    ] {
      let spec = try SpecFile.load(yaml: jsKitFieldSpec(binding), classes: testClasses)
      let controller = try #require(spec.object(named: "ViewController", as: PersonViewController.self))
      let field = try #require(spec.object(named: "Field", as: HeadlessTextField.self))
      #expect(field.isEnabled, "\(binding)")
      controller.isSaving = true
      #expect(!field.isEnabled, "\(binding)")
    }
  }

  @Test("An unknown name in valueTransformer is refused at its place in the file, and nothing is bound")
  func anUnknownNameIsRefusedWithItsPlace() {
    let found = problems(jsKitFieldSpec("value: person, valueTransformer: JSIsNotNulValueTransformer"))
    #expect(found.count == 1)
    #expect(found.first?.kind == .unknownTransformer)
    #expect(found.first?.line == 6)
    #expect(found.first?.column == 69)
    #expect(found.first?.message.hasPrefix("no transformer is registered as \"JSIsNotNulValueTransformer\"") == true)
    // In the expression's attribute too.
    let inAttribute = problems(jsKitFieldSpec("value: 'person { transformer: \"JSIsNotNulValueTransformer\" }'"))
    #expect(inAttribute.map(\.line) == [6])
    #expect(inAttribute.first?.message.contains("JSIsNotNulValueTransformer") == true)
    // A registry without the standard transformers has no JSKit names either.
    let bare = problems(
      jsKitFieldSpec("value: person, valueTransformer: JSIsNotNullValueTransformer"),
      transformers: BindingTransformerRegistry(includingStandard: false))
    #expect(bare.map(\.kind) == [.unknownTransformer])
  }

  @Test("A transformer given twice, or one that does not fit the property, is refused with its place in the file")
  func aTransformerGivenTwiceOrNotFittingIsRefused() {
    let twice = problems(
      jsKitFieldSpec(
        "value: 'isSaving { transformer: NegateBoolean }', valueTransformer: JSNegateBooleanValueTransformer"))
    #expect(twice.count == 1)
    #expect(twice.first?.line == 6)
    #expect(twice.first?.column == 55)
    #expect(twice.first?.message.contains("given twice") == true)

    let both = problems(jsKitFieldSpec("value: isSaving, transformer: NegateBoolean, valueTransformer: NegateBoolean"))
    #expect(both.map(\.kind) == [.structure])
    #expect(both.first?.column == 81)

    // A list of names made into text does not fit `enabled`, a Bool: reported at the expression, as
    // for the same transformer in the expression's attribute.
    let misfit = problems(
      jsKitFieldSpec("value: person.firstName, valueTransformer: JSCommaSeparatedListValueTransformer"))
    #expect(misfit.count == 1, "\(misfit)")
    #expect(misfit.first?.line == 6)
    #expect(misfit.first?.column == 43)
    #expect(misfit.first?.message == "the expression is a String, but the property is a Bool")
  }

  @Test("A binding-definition file takes JSKit's transformer names")
  func aDefinitionFileTakesJSKitNames() throws {
    let yaml = """
      bindings:
      - source: self
        sourceKeyPath: model.isMuted
        target: nameField
        targetKeyPath: isEnabled
        transformer: JSNegateBooleanValueTransformer
      """
    let owner = SettingsController()
    let bindings = try BindingSetDefinition(yaml: yaml).bind(owner: owner)
    #expect(owner.nameField.isEnabled)
    owner.model?.isMuted = true
    #expect(!owner.nameField.isEnabled)
    bindings.unbind()

    let unknown = yaml.replacingOccurrences(of: "JSNegate", with: "JSNegat")
    #expect(throws: SpecLoadError.self) { try BindingSetDefinition(yaml: unknown).bind(owner: SettingsController()) }
  }

  @Test("A binding-definition file takes valueTransformer as its transformer field, and saves it as transformer")
  func aDefinitionFileTakesValueTransformer() throws {
    let yaml = """
      bindings:
      - source: self
        sourceKeyPath: model.isMuted
        target: nameField
        targetKeyPath: isEnabled
        valueTransformer: JSNegateBooleanValueTransformer
      """
    let definition = try BindingSetDefinition(yaml: yaml)
    #expect(definition.bindings.first?.transformer == "JSNegateBooleanValueTransformer")
    let owner = SettingsController()
    let bindings = try definition.bind(owner: owner)
    #expect(owner.nameField.isEnabled)
    owner.model?.isMuted = true
    #expect(!owner.nameField.isEnabled)
    bindings.unbind()
    #expect(definition.yaml.contains("  transformer: JSNegateBooleanValueTransformer\n"))
    #expect(try BindingSetDefinition(yaml: definition.yaml) == definition)
  }

  @Test("A definition's misspelt valueTransformer is refused at its value, by bind and by lint alike")
  func aDefinitionsMisspeltValueTransformerIsRefusedAtItsPlace() throws {
    let yaml = """
      bindings:
      - source: self
        sourceKeyPath: model.isMuted
        target: nameField
        targetKeyPath: isEnabled
        valueTransformer: JSNegateBoolValueTransformer
      """
    let error = try #require(throws: SpecLoadError.self) {
      try BindingSetDefinition(yaml: yaml).bind(owner: SettingsController())
    }
    #expect(error.errors.map(\.kind) == [.unknownTransformer])
    #expect(error.errors.first?.line == 6)
    #expect(error.errors.first?.column == 21)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bindery-\(UUID()).bindings.yaml").path
    try yaml.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let linted = BindingSetDefinition.lint(contentsOf: path)
    #expect(linted.map(\.kind) == [.unknownTransformer])
    #expect(linted.first.map { [$0.line, $0.column] } == [6, 21])

    // A value that is no name is reported by the name the file gives the field.
    for (value, message) in [("''", "valueTransformer must be text"), ("[a, b]", "valueTransformer must be text")] {
      let bad = yaml.replacingOccurrences(of: "JSNegateBoolValueTransformer", with: value)
      let error = try #require(throws: SpecLoadError.self) { try BindingSetDefinition(yaml: bad) }
      #expect(error.errors.map(\.message) == [message])
    }
  }

  @Test("A definition giving both transformer and valueTransformer is refused at the second, by load and by lint")
  func aDefinitionGivingBothTransformerSpellingsIsRefused() throws {
    let yaml = """
      bindings:
      - source: self
        sourceKeyPath: model.isMuted
        target: nameField
        targetKeyPath: isEnabled
        transformer: NegateBoolean
        valueTransformer: JSNegateBooleanValueTransformer
      """
    let error = try #require(throws: SpecLoadError.self) { try BindingSetDefinition(yaml: yaml) }
    #expect(error.errors.map(\.kind) == [.structure])
    #expect(error.errors.first.map { [$0.line, $0.column] } == [7, 3])
    #expect(
      error.errors.first?.message
        == "a binding takes one transformer (transformer and valueTransformer are the same option)")
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bindery-\(UUID()).bindings.yaml").path
    try yaml.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let linted = BindingSetDefinition.lint(contentsOf: path)
    #expect(linted.map { [$0.line, $0.column] } == [[7, 3]])
    #expect(linted.map(\.message) == error.errors.map(\.message))

    // With a formatter too, each extra one is reported once.
    let three = yaml + "\n  numberFormatter: {numberStyle: decimal}"
    let threeError = try #require(throws: SpecLoadError.self) { try BindingSetDefinition(yaml: three) }
    #expect(threeError.errors.map(\.line) == [7, 8])
    #expect(threeError.errors.last?.message.hasPrefix("a binding takes one of transformer") == true)
  }

  @Test("A pattern binding's value takes valueTransformer too")
  func aPatternValueTakesValueTransformer() throws {
    let yaml = """
      ViewController:
        class: PersonViewController
      Field:
        class: UITextField
        bindings:
          text:
            pattern: 'editable: %{value1}@'
            values:
              - {to: /ViewController, value: isSaving, valueTransformer: JSNegateBooleanValueTransformer}
      """
    let spec = try SpecFile.load(yaml: yaml, classes: testClasses)
    let controller = try #require(spec.object(named: "ViewController", as: PersonViewController.self))
    let field = try #require(spec.object(named: "Field", as: HeadlessTextField.self))
    #expect(field.text == "editable: true")
    controller.isSaving = true
    #expect(field.text == "editable: false")
    let misspelt = problems(yaml.replacingOccurrences(of: "JSNegateBoolean", with: "JSNegate"))
    #expect(misspelt.map(\.kind) == [.unknownTransformer])
    #expect(misspelt.first?.line == 9)
  }
}
