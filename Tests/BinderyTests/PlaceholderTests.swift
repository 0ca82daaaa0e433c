import Bindery
import BinderyControls
import BinderyTestFixtures
import BinderyTestKit
import Testing

/// A selection as a controller of a later issue will offer it: a value, or a marker saying why not.
@KeyValueObservable
final class FakeSelection {
  var people: [Person] = []

  var firstName: MarkedValue<String> {
    get {
      guard let first = people.first else { return .marker(.noSelection) }
      let names = people.map(\.firstName)
      return names.allSatisfy { $0 == first.firstName } ? .value(first.firstName) : .marker(.multipleValues)
    }
    set {
      guard case .value(let name) = newValue else { return }
      for person in people { person.firstName = name }
    }
  }
}

@Suite("Placeholders and markers")
struct PlaceholderTests {
  @Test func aNilSourceShowsTheNullPlaceholderAndAValueReplacesIt() {
    let person = Person(firstName: "Ada")
    let label = HeadlessLabel()
    label.bind(\.text, to: .keyPath(person, \.nickname).placeholders(BindingPlaceholders(nullValue: "—")))
    #expect(label.text == "—")
    person.nickname = "Countess"
    #expect(label.text == "Countess")
    person.nickname = nil
    #expect(label.text == "—")
  }

  @Test func placeholdersAreValuesAChangedCopyLeavesTheOriginalAsItWas() {
    var original = BindingPlaceholders<String>(nullValue: "—")
    var copy = original
    copy.notApplicable = "No person"
    #expect(original.notApplicable == nil)
    #expect(original.value(for: .notApplicable) == "—")
    #expect(copy.nullValue == "—")
    #expect(copy.value(for: .notApplicable) == "No person")
    #expect(copy.value(for: .multipleValues) == "—")
    original.nullValue = nil
    #expect(original.isEmpty)
    #expect(original.value(for: .noSelection) == nil)
    #expect(!copy.isEmpty)
    #expect(BindingPlaceholders<String>.none.isEmpty)
    #expect(BindingPlaceholders<String>(noSelection: "Nothing selected").value(for: .noSelection) == "Nothing selected")
  }

  @Test func anUnresolvedPathIsNotApplicableAndANilAtItsEndIsANullValue() {
    let controller = PersonController()
    let label = HeadlessLabel()
    label.bind(
      \.text,
      to: .keyPath(controller, \.person?.nickname).placeholders(
        BindingPlaceholders(nullValue: "no nickname", notApplicable: "no person"))
    )
    #expect(label.text == "no person")
    controller.person = Person(firstName: "Ada")
    #expect(label.text == "no nickname")
    controller.person?.nickname = "Countess"
    #expect(label.text == "Countess")
    controller.person = nil
    #expect(label.text == "no person")
  }

  @Test func aMarkerWithoutItsOwnPlaceholderShowsTheNullPlaceholder() {
    let controller = PersonController()
    let field = HeadlessTextField()
    field.bind(\.text, to: .keyPath(controller, \.person?.firstName).placeholders(BindingPlaceholders(nullValue: "—")))
    #expect(field.text == "—")
  }

  @Test func markersGoAroundATransformerChainAndBecomeTheirPlaceholdersAtTheEnd() {
    let selection = FakeSelection()
    let seen = ChangeLog<String>()
    let upper = ClosureTransformer<String, String>(
      forward: { name in
        seen.append(name)
        return name.uppercased()
      },
      reverse: { $0.lowercased() }
    )
    let exclaim = ClosureTransformer<String, String>(forward: { $0 + "!" }, reverse: { String($0.dropLast()) })
    let label = HeadlessTextField()
    label.bind(
      \.text,
      to: .marked(selection, \.firstName, converted: upper.then(exclaim)).placeholders(
        BindingPlaceholders(multipleValues: "Multiple Values", noSelection: "No Selection"))
    )
    #expect(label.text == "No Selection")
    let ada = Person(firstName: "ada")
    let grace = Person(firstName: "grace")
    selection.people = [ada]
    #expect(label.text == "ADA!")
    selection.people = [ada, grace]
    #expect(label.text == "Multiple Values")
    #expect(seen.values == ["ada"])  // the transformers never saw a marker
  }

  @Test func anEditThroughAMarkedPathIsWrittenToEverySelectedObject() {
    let selection = FakeSelection()
    let ada = Person(firstName: "Ada")
    let grace = Person(firstName: "Grace")
    selection.people = [ada, grace]
    let field = HeadlessTextField()
    let binding = field.bind(
      \.text, to: .marked(selection, \.firstName).placeholders(BindingPlaceholders(multipleValues: "…")))
    #expect(binding.direction == .both)
    #expect(field.text == "…")
    field.userDidEdit(text: "Mary")
    #expect(ada.firstName == "Mary")
    #expect(grace.firstName == "Mary")
    #expect(field.text == "Mary")
  }

  @Test func aMarkerWithNoPlaceholderShowsNothing() {
    let selection = FakeSelection()
    let field = HeadlessTextField(text: "stale")
    field.bind(\.text, to: .marked(selection, \.firstName))
    #expect(field.text == nil)
  }

  @Test func typingOverAPlaceholderWritesTheValueTyped() {
    let person = Person()
    let field = HeadlessTextField()
    field.bind(\.text, to: .keyPath(person, \.nickname).placeholders(BindingPlaceholders(nullValue: "none")))
    #expect(field.text == "none")
    field.userDidEdit(text: "Ada")
    #expect(person.nickname == "Ada")
  }
}

@Suite("Conditionally enabled")
struct ConditionalEnablingTests {
  @Test func aFieldIsDisabledWhileItsPathCannotBeResolved() {
    let controller = PersonController()
    let field = HeadlessTextField()
    field.bind(\.text, to: controller, \.person?.firstName, options: BindingOptions(conditionallySetsEnabled: true))
    #expect(!field.isEnabled)
    controller.person = Person(firstName: "Ada")
    #expect(field.isEnabled)
    #expect(field.text == "Ada")
    controller.person = nil
    #expect(!field.isEnabled)
  }

  @Test func withoutTheOptionTheFieldStaysEnabled() {
    let controller = PersonController()
    let field = HeadlessTextField()
    field.bind(\.text, to: controller, \.person?.firstName)
    #expect(field.isEnabled)
  }

  @Test func conditionalEnablingCombinesWithTheSeedsEnabledBindingsByAnd() {
    let controller = PersonController(person: Person(firstName: "Ada"))
    let field = HeadlessTextField()
    field.bind(\.text, to: controller, \.person?.firstName, options: BindingOptions(conditionallySetsEnabled: true))
    field.bind(\.isEnabled, to: .keyPath(controller, \.isSaving, converted: NegateBooleanTransformer()))
    #expect(field.isEnabled)
    controller.isSaving = true
    #expect(!field.isEnabled)
    controller.isSaving = false
    controller.person = nil
    #expect(!field.isEnabled)
  }

  @Test func noSelectionDisablesAndMultipleValuesDoNot() {
    let selection = FakeSelection()
    let field = HeadlessTextField()
    field.bind(\.text, to: .marked(selection, \.firstName), options: BindingOptions(conditionallySetsEnabled: true))
    #expect(!field.isEnabled)
    selection.people = [Person(firstName: "Ada"), Person(firstName: "Grace")]
    #expect(field.isEnabled)
  }

  @Test func unbindingRemovesTheEnablingInput() {
    let controller = PersonController()
    let field = HeadlessTextField()
    let binding = field.bind(
      \.text,
      to: controller,
      \.person?.firstName,
      options: BindingOptions(conditionallySetsEnabled: true)
    )
    field.bind(\.isEnabled, to: .keyPath(controller, \.isSaving, converted: NegateBooleanTransformer()))
    #expect(!field.isEnabled)
    binding.unbind()
    #expect(field.isEnabled)  // only `!isSaving` is left
  }
}
