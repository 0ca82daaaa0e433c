import Bindery
import BinderyControls
import BinderyExpressions
import BinderyTestFixtures
import Testing

@Suite("Pattern values given by expressions")
struct PatternExpressionTests {
  @Test func aPatternsValuesAreExpressionsWithTransformersAndPlaceholders() throws {
    let registry = BindingTransformerRegistry()
    registry.register(Uppercase(), named: "Uppercase")
    let controller = PersonViewController(person: Person(firstName: "Ada", age: 36))
    let label = HeadlessLabel()
    let binding = label.bind(
      \.text,
      to: try .pattern(
        "%{value1}@ %{value2}@, %{value3}@ (%{value4}@)",
        .expression(controller, "person.firstName { transformer: Uppercase }", transformers: registry),
        .expression(
          controller, #"person.nickname { nullPlaceholder: "no nickname", notApplicablePlaceholder: "nobody" }"#),
        .expression(controller, "person.age >= 18 && !isSaving"),
        .expression(controller, "$root.title", root: controller)))
    #expect(label.text == "ADA no nickname, true (People)")
    controller.person?.nickname = "Countess"
    #expect(label.text == "ADA Countess, true (People)")
    controller.isSaving = true
    #expect(label.text == "ADA Countess, false (People)")
    controller.person = nil
    #expect(label.text == " nobody, false (People)")
    #expect(binding.description.contains("person.firstName { transformer: Uppercase }"))
    binding.unbind()
    controller.title = "Staff"
    #expect(label.text == " nobody, false (People)")
    #expect(controller.keyValueRegistrar.observerCount == 0)
  }

  @Test func aPatternValueRefusesTheOptionsOfEditsAtTheirPlace() {
    let controller = PersonViewController(person: Person(firstName: "Ada"))
    for attribute in ["updatesContinuously", "validator: NotBlank", "direction: .both", "editingTransformer: X"] {
      let text = "person.firstName { \(attribute) }"
      let error = #expect(throws: ExpressionError.self) { try PatternInput.expression(controller, text) }
      #expect(error?.message.hasSuffix("does not apply") == true)
      #expect(error?.location.column == 20)
    }
    #expect(throws: ExpressionError.self) { try PatternInput.expression(controller, "person.frstName") }
    #expect(throws: ExpressionError.self) {
      try PatternInput.expression(controller, "person.firstName { transformer: Nope }")
    }
  }
}
