import Bindery
import BinderySpec
import BinderyTestFixtures
import Testing

@Suite("bindery-lint finds loops of bindings in a spec file")
struct LoopLintTests {
  @Test func aLoopOfOneWayBindingsIsReportedOnceAtTheBindingThatClosesIt() {
    let yaml = """
      A:
        class: Node
        bindings:
          value: {to: /C, value: 'value { direction: .sourceToTarget }'}
      B:
        class: Node
        bindings:
          value: {to: /A, value: 'value != 0'}
      C:
        class: Node
        bindings:
          value: {to: /B, value: 'value > 2'}
      """
    let problems = SpecFile.lint(yaml: yaml, file: "loop.spec.yaml", classes: SpecClassRegistry())
    #expect(problems.map(\.kind) == [.bindingLoop])
    #expect(problems.first.map { "\($0.line):\($0.column)" } == "12:28")
    #expect(
      problems.first?.message
        == "a loop of one-way bindings: C.value → A.value → B.value → C.value (bindings at 4:28, 8:28, 12:28)")
  }

  @Test func aPropertyBoundToItselfIsReported() {
    let yaml = """
      Field:
        class: TextField
        bindings:
          text: {to: /Field, value: text}
      """
    let problems = SpecFile.lint(yaml: yaml, file: "self.spec.yaml", classes: SpecClassRegistry())
    #expect(problems.map { "\($0.line):\($0.column) \($0.message)" } == ["4:31 Field.text is bound to itself"])
  }

  @Test func twoWayBindingsAndChainsAreNoLoops() {
    let yaml = """
      Model:
        class: Person
      Field:
        class: TextField
        bindings:
          text: {to: /Model, value: firstName}
      Echo:
        class: TextField
        bindings:
          text: {to: /Field, value: text}
      Back:
        class: Person
        bindings:
          firstName: {to: /Echo, value: text}
      Label:
        class: Label
        bindings:
          text: {to: /Field, value: 'text.length > 0'}
      """
    #expect(SpecFile.lint(yaml: yaml, file: "chain.spec.yaml", classes: SpecClassRegistry()).isEmpty)
  }
}
