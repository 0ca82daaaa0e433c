import Bindery
import BinderyControls
import BinderyExpressions
import BinderyTestFixtures
import Testing

@Suite("The pacing attribute")
struct PacingAttributeTests {
  @Test func aPacingAttributePacesTheUserEditsOfAKeyPath() throws {
    let controller = PersonViewController(person: Person(firstName: "Ada"))
    let field = HeadlessTextField()
    let debounced = try field.bind(
      \.text, to: .expression(controller, #"person.firstName { pacing: "debounce 300ms" }"#))
    #expect(debounced.editPacing?.delay == .milliseconds(300))
    #expect(debounced.editPacing?.restartsOnEachEdit == true)
    #expect(!debounced.options.updatesContinuously, "edits wait in the field")
    field.userDidEdit(text: "Grace")
    #expect(controller.person?.firstName == "Ada")
    let other = HeadlessTextField()
    let throttled = try other.bind(\.text, to: .expression(controller, #"person.lastName { pacing: "throttle 1.5s" }"#))
    #expect(throttled.editPacing?.delay == .milliseconds(1500))
    #expect(throttled.editPacing?.restartsOnEachEdit == false)
    debounced.unbind()
    throttled.unbind()
  }

  @Test func aBadPacingIsRefusedAtItsValueNamingWhatIsAccepted() {
    let field = HeadlessTextField()
    expectBindError(
      field, \.text, #"person.firstName { pacing: "soon 1s" }"#,
      #"pacing: unknown pacing "soon" (use debounce, throttle, as in "debounce 300ms")"#, column: 28,
      kind: .attribute)
    expectBindError(
      field, \.text, #"person.firstName { pacing: "debounce 2 hours" }"#,
      #"pacing: the delay of debounce is a number of ms or s ("300ms", "0.5s", "1s"), then nothing"#, column: 28,
      kind: .attribute)
    expectBindError(
      field, \.text, #"person.firstName { pacing: "throttle 90000s" }"#,
      "pacing: the delay of throttle must be at most 1 hour (3600s)", column: 28, kind: .attribute)
    expectBindError(
      field, \.text, #"person.firstName { pacing: "debounce -1s" }"#,
      "pacing: the delay of debounce must not be negative", column: 28, kind: .attribute)
    expectBindError(
      field, \.text, "person.firstName { pacing: .debounce }",
      #"pacing takes text: "debounce 300ms" or "throttle 1s""#, column: 28, kind: .attribute)
  }

  @Test func aPacingOfAValueThatIsNotWrittenBackIsRefused() {
    expectBindError(
      HeadlessTextField(), \.isEnabled, #"person != nil { pacing: "debounce 1s" }"#,
      "pacing paces what a user enters: it needs a key path bound both ways", column: 17, kind: .attribute)
  }

  @Test func aZeroDelayIsAcceptedAndWritesOnTheNextTurn() throws {
    let controller = PersonViewController(person: Person(firstName: "Ada"))
    let field = HeadlessTextField()
    let binding = try field.bind(\.text, to: .expression(controller, #"person.firstName { pacing: "debounce 0ms" }"#))
    #expect(binding.editPacing?.delay == .zero)
    binding.unbind()
  }
}
