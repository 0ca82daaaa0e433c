import Bindery
import BinderySpec
import Testing

/// A spec's text with a controller and a field on lines 1 to 4, then `rest`.
func fieldSpec(_ rest: String) -> String {
  "Controller:\n  class: PersonViewController\nField:\n  class: TextField\n" + rest
}

@Suite("Where problems are reported")
struct LocationTests {
  /// One problem the test expects at a place in the file.
  struct Case: CustomTestStringConvertible, Sendable {
    let what: String
    let yaml: String
    let line: Int
    let column: Int
    var testDescription: String { what }
  }

  static let expressionCases: [Case] = [
    Case(
      what: "after escapes in a double-quoted value",
      yaml: fieldSpec("  bindings:\n    enabled: {to: /Controller, value: \"title == \\\"a\\\" && isSavin\"}\n"),
      line: 6, column: 58),
    Case(
      what: "after doubled quotes in a single-quoted value",
      yaml: fieldSpec("  bindings:\n    enabled: {to: /Controller, value: 'title == ''a'' && isSavin'}\n"),
      line: 6, column: 58),
    Case(
      what: "on the second line of a literal block",
      yaml: fieldSpec(
        "  bindings:\n    enabled:\n      to: /Controller\n      value: |-\n        title == \"\"\n          && isSavin\n"
      ),
      line: 10, column: 14),
    Case(
      what: "on the first line of a folded block",
      yaml: fieldSpec("  bindings:\n    enabled:\n      to: /Controller\n      value: >\n        isSavin\n"),
      line: 9, column: 9),
    Case(
      what: "on the continuation line of a plain value",
      yaml: fieldSpec("  bindings:\n    enabled: {to: /Controller, value: title == \"\"\n      && isSavin}\n"),
      line: 7, column: 10),
    Case(
      what: "after a tag",
      yaml: fieldSpec("  bindings:\n    text: {to: /Controller, value: !!str titl}\n"),
      line: 6, column: 42),
    Case(
      what: "after a multi-byte character",
      yaml: fieldSpec("  bindings:\n    enabled: {to: /Controller, value: '\"é\" == titl'}\n"),
      line: 6, column: 47),
  ]

  @Test(arguments: expressionCases)
  func aProblemInsideAnExpressionIsReportedAtItsPlaceInTheFile(_ bad: Case) {
    let first = specProblems(bad.yaml).first
    #expect(first.map { "\($0.line):\($0.column)" } == "\(bad.line):\(bad.column)", "\(String(describing: first))")
    #expect(first?.kind == .expression)
  }

  @Test func aProblemInAnExpressionOfAnUnregisteredClassIsReportedAtItsPlaceInTheFile() {
    let yaml =
      "Field:\n  class: Mystery\n  bindings:\n    enabled:\n      to: /Field\n      value: |\n        a &&\n          (b ||)\n"
    #expect(SpecFile.lint(yaml: yaml).map { "\($0.line):\($0.column)" } == ["8:16"])
  }

  @Test func aProblemInABindingsFileValueIsReportedAtItsPlaceInTheFile() {
    let yaml = """
      bindings:
      - source: self
        sourceKeyPath: "\\x6Dodel.nme"
        target: nameField
        targetKeyPath: text
      - source: self
        sourceKeyPath: importancyValue
        target: 'panel.titleLabl'
        targetKeyPath: text
      """
    do {
      let definition = try BindingSetDefinition(yaml: yaml, file: "settings.bindings.yaml")
      _ = try definition.bind(owner: SettingsController())
      Issue.record("bound")
    } catch {
      #expect(error.errors.map { "\($0.line):\($0.column)" } == ["3:28", "8:18"])
      #expect(error.errors.first?.message == "SettingsModel has no key \"nme\"; did you mean \"name\"?")
    }
  }
}
