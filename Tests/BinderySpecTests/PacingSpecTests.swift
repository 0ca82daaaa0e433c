import Bindery
import BinderyControls
import BinderySpec
import Foundation
import Testing

@KeyValueObservable
final class SearchModel {
  var query = ""
  var writes = 0
}

/// The classes the pacing specs name.
private let searchClasses: SpecClassRegistry = {
  let registry = SpecClassRegistry()
  registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)
  registry.register(SearchModel.self) { SearchModel() }
  return registry
}()

/// A spec with a search field bound to the model's query with `attributes`.
private func searchSpec(_ attributes: String) -> String {
  """
  Model:
    class: SearchModel
  Field:
    class: TextField
    bindings:
      text: {to: /Model, value: 'query { \(attributes) }'}
  """
}

/// Waits, without a timed assertion, until `condition` holds, trying 24,000 times 5 ms apart (other
/// tests may hold the main actor for long).
@MainActor
private func eventually(_ condition: () -> Bool) async -> Bool {
  // Tries, not a deadline: a machine too busy to run this task (the whole suite under the thread
  // sanitizer) still gets every try.
  for _ in 0..<24_000 {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return condition()
}

@MainActor
@Suite("Edit pacing declared in spec and definition files")
struct PacingSpecTests {
  /// Counts the model's writes, each checked to be on the main actor, where the field is (a write
  /// made anywhere else stops the test).
  private func countWrites(of model: SearchModel) -> KeyValueObservation {
    observe(model, \.query) { _ in
      MainActor.assertIsolated("a paced edit was written off the actor the spec was loaded on")
      model.writes += 1
    }
  }

  @Test func aDebouncedFieldFromASpecWritesTheModelOnlyAfterThePauseOnTheMainActor() async throws {
    let objects = try SpecFile.load(yaml: searchSpec(#"pacing: "debounce 50ms""#), classes: searchClasses)
    let model = try #require(objects.object(named: "Model", as: SearchModel.self))
    let field = try #require(objects.object(named: "Field", as: HeadlessTextField.self))
    let writes = countWrites(of: model)
    let binding = try #require(objects.bindings.bindings.first { $0.target === field })
    #expect(binding.editPacing?.restartsOnEachEdit == true)
    #expect(binding.editPacing?.delay == .milliseconds(50))
    field.userDidBeginEditing()
    field.userDidEdit(text: "A")
    field.userDidEdit(text: "Ad")
    field.userDidEdit(text: "Ada")
    #expect(model.query == "", "nothing is written while the user types")
    #expect(binding.hasPendingEdit)
    #expect(await eventually { model.query == "Ada" }, "the pause writes the latest text")
    #expect(model.writes == 1, "one write for three keystrokes")
    #expect(!binding.hasPendingEdit)
    writes.unbind()
    objects.unbind()
  }

  @Test func aThrottledFieldFromASpecWritesTheLatestTextOnceForTheInterval() async throws {
    let objects = try SpecFile.load(yaml: searchSpec(#"pacing: "throttle 0.05s""#), classes: searchClasses)
    let model = try #require(objects.object(named: "Model", as: SearchModel.self))
    let field = try #require(objects.object(named: "Field", as: HeadlessTextField.self))
    let writes = countWrites(of: model)
    let binding = try #require(objects.bindings.bindings.first { $0.target === field })
    #expect(binding.editPacing?.restartsOnEachEdit == false)
    field.userDidBeginEditing()
    field.userDidEdit(text: "G")
    field.userDidEdit(text: "Gr")
    #expect(model.query == "")
    #expect(await eventually { model.query == "Gr" })
    #expect(model.writes == 1)
    writes.unbind()
    objects.unbind()
  }

  @Test func theEndOfEditingWritesADeclaredPacingsEditAtOnce() throws {
    let objects = try SpecFile.load(yaml: searchSpec(#"pacing: "debounce 1s""#), classes: searchClasses)
    let model = try #require(objects.object(named: "Model", as: SearchModel.self))
    let field = try #require(objects.object(named: "Field", as: HeadlessTextField.self))
    field.userDidBeginEditing()
    field.userDidEdit(text: "Grace")
    #expect(model.query == "")
    field.userDidEndEditing()
    #expect(model.query == "Grace")
    objects.unbind()
  }

  @Test(arguments: [
    (#"pacing: "bounce 300ms""#, "unknown pacing \"bounce\" (use debounce, throttle"),
    (#"pacing: "debounce -5ms""#, "must not be negative"),
    (#"pacing: "throttle 2h""#, "a number of ms or s"),
    (#"pacing: "debounce 3601s""#, "at most 1 hour"),
    (#"pacing: "debounce 300""#, "a number of ms or s"),
    ("pacing: 300", "pacing takes text"),
  ])
  func aBadPacingInASpecIsRefusedAtItsValueWhenLoadedAndByLint(attribute: String, message: String) throws {
    let text = searchSpec(attribute)
    let error = #expect(throws: SpecLoadError.self) {
      try SpecFile.load(yaml: text, classes: searchClasses)
    }
    let problem = try #require(error?.errors.first)
    #expect(problem.message.contains(message), "\(problem.message)")
    #expect(problem.line == 6)
    // The value starts after `query { pacing: ` in the quoted expression.
    let column = text.split(separator: "\n")[5].distance(of: "pacing: ") + "pacing: ".count + 1
    #expect(problem.column == column, "\(problem)")
    let linted = SpecFile.lint(yaml: text, classes: searchClasses)
    #expect(linted.map(\.message) == [problem.message])
  }

  @Test func aPacingOnAComputedValueIsRefusedAsItWritesNothingBack() throws {
    let text = """
      Model:
        class: SearchModel
      Field:
        class: TextField
        bindings:
          enabled: {to: /Model, value: 'query != "" { pacing: "debounce 1s" }'}
      """
    let error = #expect(throws: SpecLoadError.self) {
      try SpecFile.load(yaml: text, classes: searchClasses)
    }
    #expect(error?.errors.first?.message.contains("pacing paces what a user enters") == true)
  }

  @Test func aDefinitionFilesPacingDebouncesItsFieldsEdits() async throws {
    let owner = ProfileController()
    let definition = try BindingSetDefinition(
      yaml: "bindings:\n- source: self\n  sourceKeyPath: profile.name\n  target: nameField\n  targetKeyPath: text\n"
        + "  pacing: debounce 50ms\n")
    #expect(definition.bindings.first?.pacing == "debounce 50ms")
    #expect(definition.yaml.contains("pacing: debounce 50ms"))
    let set = try definition.bind(owner: owner)
    owner.nameField.userDidBeginEditing()
    owner.nameField.userDidEdit(text: "Grace")
    #expect(owner.profile?.name == "Ada")
    #expect(await eventually { owner.profile?.name == "Grace" })
    set.unbind()
  }

  @Test func aDefinitionFilesBadPacingIsALocatedErrorListingTheKinds() throws {
    let text =
      "bindings:\n- source: self\n  sourceKeyPath: profile.name\n  target: nameField\n  targetKeyPath: text\n"
      + "  pacing: later 5s\n"
    let error = #expect(throws: SpecLoadError.self) {
      try BindingSetDefinition(yaml: text)
    }
    let problem = try #require(error?.errors.first)
    #expect(problem.message.contains("unknown pacing \"later\" (use debounce, throttle"))
    #expect(problem.line == 6)
    #expect(problem.column == 11)
  }
}

extension Substring {
  /// The characters before the first `text` (the whole length when there is none).
  fileprivate func distance(of text: String) -> Int {
    guard let range = range(of: text) else { return count }
    return self[..<range.lowerBound].count
  }
}
