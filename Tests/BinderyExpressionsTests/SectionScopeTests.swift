import Bindery
import BinderyControls
import BinderyExpressions
import BinderyTestFixtures
import Testing

@Suite("The $section scope")
struct SectionScopeTests {
  @Test func sectionKeyPathsParseAsTheirOwnScope() throws {
    #expect(try shape("$section.title") == "$section.title")
    #expect(
      try shape("$section.title == $root.title && !$data.isSaving")
        == "(($section.title == $root.title) && !(isSaving))")
    let syntax = try ExpressionParser.parse("$section.title")
    guard case .keyPath(.section, let keys, _)? = syntax.primary else {
      Issue.record("not a $section key path: \(String(describing: syntax.primary))")
      return
    }
    #expect(keys.map(\.name) == ["title"])
    expectSyntaxError("$section", "expected \".\" and a key after $section", column: 9)
  }

  @Test func aRowReadsItsItemItsSectionAndTheRoot() throws {
    let root = PersonViewController()
    let section = PersonViewController()
    section.title = "Engineers"
    let row = Person(firstName: "Ada")
    let label = HeadlessLabel()
    let field = HeadlessTextField()
    try label.bind(\.text, to: .expression(row, "$section.title", root: root, section: section))
    try field.bind(\.text, to: .expression(row, "firstName", root: root, section: section))
    try field.bind(
      \.isEnabled, to: .expression(row, "!$root.isSaving && !$section.isSaving", root: root, section: section))
    #expect(label.text == "Engineers")
    #expect(field.text == "Ada")
    #expect(field.isEnabled)
    section.title = "Mathematicians"  // followed
    #expect(label.text == "Mathematicians")
    section.isSaving = true
    #expect(!field.isEnabled)
    section.isSaving = false
    root.isSaving = true
    #expect(!field.isEnabled)
  }

  @Test func aSectionKeyPathIsTwoWay() throws {
    let section = PersonViewController()
    let field = HeadlessTextField()
    try field.bind(\.text, to: .expression(Person(), "$section.title", section: section))
    field.userDidEdit(text: "Logicians")
    #expect(section.title == "Logicians")
  }

  @Test func sectionWithoutASectionIsRefusedWithItsLocation() {
    let field = HeadlessTextField()
    expectBindError(
      field, \.isEnabled, "!isSaving && $section.isSaving",
      "$section is not available here: only the rows and headers of a list of sections have a section", column: 14,
      kind: .key)
    #expect(throws: ExpressionError.self) {
      try CompiledExpression("$section.title", data: PersonViewController.self)
    }
  }

  @Test func anUnknownKeyOfTheSectionIsRefusedAtTheKey() {
    let field = HeadlessTextField()
    do {
      try field.bind(
        \.text, to: .expression(Person(), "$section.titel", section: PersonViewController()))
      Issue.record("bound")
    } catch {
      #expect(error.location.column == 10)
      #expect(error.kind == .key)
    }
    #expect(field.bindings.isEmpty)
  }

  @Test func aCompiledExpressionEvaluatesInAScopeWithASection() throws {
    let compiled = try CompiledExpression(
      "$section.title", data: Person.self, section: PersonViewController.self)
    let section = PersonViewController()
    #expect(compiled.evaluate(in: ExpressionScope(data: Person(), section: section)) as? String == "People")
  }
}
