import Bindery
import BinderyControls
import BinderySpec
import Testing

/// An editor with a mode, for comparisons with enumeration cases in spec files.
enum EditorMode: String, CaseIterable {
  case viewing
  case editing
}

@KeyValueObservable
final class ModeEditor {
  var mode = EditorMode.viewing
  var isEnabled = true
}

private let modeClasses: SpecClassRegistry = {
  let registry = SpecClassRegistry()
  registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)
  registry.register(ModeEditor.self) { ModeEditor() }
  return registry
}()

@Suite("Expressions in spec files")
struct SpecExpressionInputTests {
  @Test("A binding of an 800-term operator chain loads and works")
  func longChainsLoadAndWork() throws {
    let chain = Array(repeating: "isEnabled", count: 800).joined(separator: " || ")
    let yaml = """
      Editor:
        class: ModeEditor
      Field:
        class: TextField
        bindings:
          enabled: {to: /Editor, value: '\(chain)'}
      """
    let spec = try SpecFile.load(yaml: yaml, file: "chain.yaml", classes: modeClasses)
    let editor = try #require(spec.object(named: "Editor", as: ModeEditor.self))
    let field = try #require(spec.object(named: "Field", as: HeadlessTextField.self))
    #expect(field.isEnabled)
    editor.isEnabled = false
    #expect(!field.isEnabled)
  }

  @Test("A chain past the token limit is refused at its place in the file")
  func overlongChainsAreRefusedWhereTheyAre() {
    let chain = Array(repeating: "isEnabled", count: 100_000).joined(separator: " || ")
    let yaml = """
      Editor:
        class: ModeEditor
      Field:
        class: TextField
        bindings:
          enabled: {to: /Editor, value: '\(chain)'}
      """
    let problems = specProblems(yaml, classes: modeClasses)
    #expect(problems.count == 1)
    #expect(problems.first?.line == 6)
    #expect((problems.first?.column ?? 0) > 40)
    #expect((problems.first?.message.count ?? .max) < 300)
  }

  @Test("A comparison with an enumeration case follows the model; on a property that is not one it is refused")
  func enumerationComparisonsWork() throws {
    let yaml = """
      Editor:
        class: ModeEditor
      Field:
        class: TextField
        bindings:
          enabled: {to: /Editor, value: 'mode == .editing'}
      """
    let spec = try SpecFile.load(yaml: yaml, file: "mode.yaml", classes: modeClasses)
    let editor = try #require(spec.object(named: "Editor", as: ModeEditor.self))
    let field = try #require(spec.object(named: "Field", as: HeadlessTextField.self))
    #expect(!field.isEnabled)
    editor.mode = .editing
    #expect(field.isEnabled)
    let refused = specProblems(
      """
      Editor:
        class: ModeEditor
      Field:
        class: TextField
        bindings:
          enabled: {to: /Editor, value: 'isEnabled == .editing'}
      """, classes: modeClasses)
    #expect(refused.count == 1)
    #expect(refused.first?.line == 6)
  }
}
