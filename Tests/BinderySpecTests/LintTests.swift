import ArgumentParser
import Bindery
import BinderyControls
import BinderyFormatters
import BinderyLint
import BinderySpec
import Foundation
import Testing

/// The classes a project without its own classes registers: the headless controls. (The command
/// registers them in the shared registry, so the tests do not rely on it.)
private let controlClasses: SpecClassRegistry = {
  let registry = SpecClassRegistry()
  registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)
  return registry
}()

@Suite("bindery-lint")
struct LintTests {
  let spec = """
    Controller:
      class: AppController
      outlets:
        field: /Feld
    Field:
      class: TextField
      bindings:
        text: {to: /Controller, value: 'person.name &&'}
        enabled: {to: /Controller, value: 'ok { transformer: Nope }'}
        hidden: {to: /Field, value: 'isEnabled === null'}
        placeholder: {to: /Field, value: 'isEnabled'}
    """

  @Test func controllersAndListRowsOfUnregisteredClassesAreCheckedAsFarAsPossible() {
    let yaml = """
      People:
        class: ArrayController
        objectClass: Member
        filter: 'age >'
      List:
        class: ListView
        content: /People
        row:
          Name:
            class: Label
            bindings:
              text: {value: 'name &&'}
              hidden: {to: /Nobody, value: isHidden}
      """
    #expect(
      SpecFile.lint(yaml: yaml, file: "list.spec.yaml", classes: controlClasses).map(\.description) == [
        "list.spec.yaml:4:17: error: expected an expression after \">\"",
        "list.spec.yaml:12:31: error: expected an expression after \"&&\"",
        "list.spec.yaml:13:22: error: no object is named \"Nobody\"",
      ])
    #expect(
      SpecFile.lint(yaml: yaml, file: "list.spec.yaml", classes: controlClasses, strictClasses: true).first?.kind
        == .unknownClass)
  }

  @Test func withoutTheProjectsClassesEverythingButKeysIsChecked() {
    let errors = SpecFile.lint(yaml: spec, file: "app.spec.yaml", classes: controlClasses)
    #expect(
      errors.map(\.description) == [
        "app.spec.yaml:4:12: error: no object is named \"Feld\"; did you mean \"Field\"?",
        "app.spec.yaml:8:51: error: expected an expression after \"&&\"",
        "app.spec.yaml:9:58: error: no transformer is registered as \"Nope\" (registered: CommaSeparatedList, IsEmpty, IsNil, IsNotEmpty, IsNotNil, NegateBoolean)",
        "app.spec.yaml:11:39: error: \"isEnabled\" is a Bool, but the property bound to it is a String?",
      ])
  }

  @Test func aPropertyOfAnUnregisteredClassThatNamesAnObjectMustNameOneOfTheFile() {
    let yaml = """
      NameLabel:
        class: FieldLabel
        text: Name
        target: /NameFeld
      NameField:
        class: TextField
      """
    #expect(
      SpecFile.lint(yaml: yaml, file: "labels.spec.yaml", classes: controlClasses).map(\.description) == [
        "labels.spec.yaml:4:11: error: no object is named \"NameFeld\"; did you mean \"NameField\"?"
      ])
    let fixed = yaml.replacingOccurrences(of: "/NameFeld", with: "/NameField")
    #expect(SpecFile.lint(yaml: fixed, file: "labels.spec.yaml", classes: controlClasses).isEmpty)
  }

  @Test func strictClassesReportsClassesThatAreNotRegistered() {
    let errors = SpecFile.lint(yaml: spec, file: "app.spec.yaml", classes: controlClasses, strictClasses: true)
    #expect(
      errors.first?.description
        == "app.spec.yaml:2:10: error: no class is registered as \"AppController\"; "
        + "did you mean \"ArrayController\", \"TreeController\"?")
  }

  @Test func theCommandPrintsProblemsAndExitsWithOne() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try spec.write(toFile: directory + "/app.spec.yaml", atomically: true, encoding: .utf8)
    try "bindings:\n- source: self\n  sourceKeyPath: a\n  target: b\n  targetKeyPath: c\n  transformer: Nope\n"
      .write(toFile: directory + "/app.bindings.yaml", atomically: true, encoding: .utf8)
    let command = try BinderyLintCommand.parse([directory])
    #expect(throws: ExitCode.self) { try command.run() }
    let good = try BinderyLintCommand.parse([
      "--transformer", "YearsText", "--transformer", "YearsDigits", "--validator", "NotBlank",
      try #require(Bundle.module.url(forResource: "Specs", withExtension: nil)).path,
    ])
    #expect(throws: Never.self) { try good.run() }
  }

  @Test func transformersAProjectRegistersInCodeCanBeNamedOnTheCommandLine() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try "Label:\n  class: Label\n  bindings:\n    text: {to: /Label, value: 'isHidden { transformer: AgeFormat }'}\n"
      .write(toFile: directory + "/page.spec.yaml", atomically: true, encoding: .utf8)
    #expect(throws: ExitCode.self) { try BinderyLintCommand.parse([directory]).run() }
    #expect(throws: Never.self) { try BinderyLintCommand.parse(["--transformer", "AgeFormat", directory]).run() }
  }

  @Test func validatorsAProjectRegistersInCodeCanBeNamedOnTheCommandLine() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try "bindings:\n- source: self\n  sourceKeyPath: a\n  target: b\n  targetKeyPath: c\n  validator: Email\n"
      .write(toFile: directory + "/app.bindings.yaml", atomically: true, encoding: .utf8)
    #expect(throws: ExitCode.self) { try BinderyLintCommand.parse([directory]).run() }
    #expect(throws: Never.self) { try BinderyLintCommand.parse(["--validator", "Email", directory]).run() }
  }

  @Test func formatAttributesAreCheckedForANameOrAFactoryOfUnregisteredClasses() {
    let yaml = """
      Controller:
        class: AppController
      Field:
        class: TextField
        bindings:
          text: {to: /Controller, value: 'salary { numberFormatter: Nope }'}
          placeholder: {to: /Controller, value: 'start { dateFormatter: { dateStyle: .short } }'}
          hidden: {to: /Controller, value: 'note { editingFormatter }'}
          enabled: {to: /Controller, value: 'ok { validator: Strict }'}
      """
    let bare = BindingTransformerRegistry()
    #expect(
      SpecFile.lint(yaml: yaml, file: "f.spec.yaml", classes: controlClasses, transformers: bare).map(\.description)
        == [
          "f.spec.yaml:6:63: error: no transformer is registered as \"Nope\" (registered: CommaSeparatedList, IsEmpty, IsNil, IsNotEmpty, IsNotNil, NegateBoolean)",
          "f.spec.yaml:7:52: error: no factory is registered as \"dateFormatter\" to make a transformer from settings (none is)",
          "f.spec.yaml:8:46: error: editingFormatter takes the name of a registered transformer, a key path to one, or its settings",
          "f.spec.yaml:9:56: error: no validator is registered as \"Strict\"",
        ])
    let formats = BindingTransformerRegistry()
    formats.registerTextFormats()
    formats.register(AnyBindingTransformer(name: "Nope", forward: { $0 }, reverse: { $0 }))
    formats.register(validator: { (_: Bool) in }, named: "Strict")
    #expect(
      SpecFile.lint(yaml: yaml, file: "f.spec.yaml", classes: controlClasses, transformers: formats).map(\.description)
        == [
          "f.spec.yaml:8:46: error: editingFormatter takes the name of a registered transformer, a key path to one, "
            + "or its settings"
        ])
  }

  @Test func theCommandKnowsTheTextFormats() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let spec =
      "Thing:\n  class: Thing\n  bindings:\n"
      + "    text: {to: /Thing, value: 'a { numberFormatter: { numberStyle: .currency } }'}\n"
    try spec.write(toFile: directory + "/page.spec.yaml", atomically: true, encoding: .utf8)
    #expect(throws: Never.self) { try BinderyLintCommand.parse([directory]).run() }
  }
}
