import ArgumentParser
import Bindery
import BinderyControls
import BinderyLint
import BinderySpec
import Foundation
import Testing

/// A project's spec in JSKit's words, its controller's class not registered (as `bindery-lint` sees it).
private let jsKitSpec = """
  Controller:
    class: AppController
  Field:
    class: TextField
    bindings:
      enabled:
        - {to: /Controller, value: person, valueTransformer: JSIsNotNullValueTransformer}
        - {to: /Controller, value: isSaving, valueTransformer: JSNegateBooleanValueTransformer}
      hidden: {to: /Controller, value: 'tags { transformer: "JSIsEmptyValueTransformer" }'}
  """

/// The headless controls only.
private let headlessClasses: SpecClassRegistry = {
  let registry = SpecClassRegistry()
  registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)
  return registry
}()

@Suite("bindery-lint and JSKit's names")
struct JSKitNamesLintTests {
  @Test("Lint accepts JSKit's transformer names and valueTransformer, and still reports a misspelt name at its place")
  func lintAcceptsJSKitNamesAndReportsMisspeltOnes() {
    #expect(SpecFile.lint(yaml: jsKitSpec, file: "app.spec.yaml", classes: headlessClasses).isEmpty)
    let misspelt =
      jsKitSpec
      .replacingOccurrences(of: "JSNegateBooleanValueTransformer", with: "JSNegateBoolValueTransformer")
      .replacingOccurrences(of: "JSIsEmptyValueTransformer", with: "JSIsBlankValueTransformer")
    let problems = SpecFile.lint(yaml: misspelt, file: "app.spec.yaml", classes: headlessClasses)
    #expect(problems.map(\.line) == [8, 9])
    #expect(problems.first?.kind == .unknownTransformer)
    #expect(problems.first?.column == 62)
    #expect(problems.first?.message.contains("JSNegateBoolValueTransformer") == true)
    #expect(problems.last?.message.contains("JSIsBlankValueTransformer") == true)
  }

  @Test("The command passes a spec and a definition file in JSKit's names, and fails one with a misspelt name")
  func theCommandTakesJSKitNames() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try jsKitSpec.write(toFile: directory + "/app.spec.yaml", atomically: true, encoding: .utf8)
    let definition =
      "bindings:\n- source: self\n  sourceKeyPath: a\n  target: b\n  targetKeyPath: c\n"
      + "  transformer: JSCommaSeparatedListValueTransformer\n"
    try definition.write(toFile: directory + "/app.bindings.yaml", atomically: true, encoding: .utf8)
    #expect(throws: Never.self) { try BinderyLintCommand.parse([directory]).run() }

    try definition.replacingOccurrences(of: "JSComma", with: "JSComa")
      .write(toFile: directory + "/app.bindings.yaml", atomically: true, encoding: .utf8)
    #expect(throws: ExitCode.self) { try BinderyLintCommand.parse([directory]).run() }
  }
}
