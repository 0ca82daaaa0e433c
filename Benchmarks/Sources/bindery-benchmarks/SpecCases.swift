import Bindery
import BinderyControllers
import BinderyControls
import BinderyExpressions
import BinderySpec

@KeyValueObservable
final class SpecController {
  var person: Person? = Person()
  var isSaving = false
}

/// A spec with `fields` fields, each bound twice (text and enabled): `2 * fields` bindings.
func bindingSpec(fields: Int) -> String {
  var yaml = "Controller:\n  class: SpecController\n"
  for index in 0..<fields {
    yaml += """
      Field\(index):
        class: TextField
        bindings:
          text: {to: /Controller, value: 'person.firstName'}
          enabled: {to: /Controller, value: 'person !== null'}

      """
  }
  return yaml
}

/// Parsing, checking and binding a 1,000-binding spec file: nanoseconds per load.
func specLoad1000(rounds: Int) -> Double {
  specLoad(fields: 500, rounds: rounds)
}

/// Parsing, checking and binding a spec file of `fields` fields (`2 * fields` bindings):
/// nanoseconds per load. Compared per binding with the 1,000-binding file, it shows whether loading
/// stays linear in the size of the file.
func specLoad(fields: Int, rounds: Int) -> Double {
  let registry = SpecClassRegistry()
  registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)
  registry.register(SpecController.self) { SpecController() }
  let yaml = bindingSpec(fields: fields)
  var best = Double.infinity
  for _ in 0..<rounds {
    let start = nanoseconds()
    let objects = try? SpecFile.load(yaml: yaml, classes: registry)
    let elapsed = Double(nanoseconds() - start)
    precondition(objects?.bindings.bindings.count == 2 * fields, "the benchmark spec did not load")
    best = min(best, elapsed)
    objects?.unbind()
  }
  return best
}

/// A field bound with the expression `person.firstName`; each change edits the name.
func expressionKeyPath(operations: Int) -> Double {
  let controller = PersonController()
  let field = HeadlessTextField()
  _ = try? field.bind(\.text, to: .expression(controller, "person.firstName"))
  let names = ["Ada", "Grace"]
  let result = measure(operations: operations) { count in
    for index in 0..<count { controller.person?.firstName = names[index & 1] }
  }
  blackHole(field.text)
  return result
}

/// A switch bound with the expression `!isSaving`; each change flips the flag.
func expressionNegation(operations: Int) -> Double {
  let flags = Flags()
  let toggle = HeadlessSwitch()
  _ = try? toggle.bind(\.isOn, to: .expression(flags, "!isSaving"))
  let result = measure(operations: operations) { count in
    for index in 0..<count { flags.isSaving = index & 1 == 0 }
  }
  blackHole(toggle.isOn)
  return result
}

/// The same binding made with a typed key path and `NegateBooleanTransformer`.
func typedNegation(operations: Int) -> Double {
  let flags = Flags()
  let toggle = HeadlessSwitch()
  toggle.bind(\.isOn, to: .keyPath(flags, \.isSaving, converted: NegateBooleanTransformer()))
  let result = measure(operations: operations) { count in
    for index in 0..<count { flags.isSaving = index & 1 == 0 }
  }
  blackHole(toggle.isOn)
  return result
}

@KeyValueObservable
final class SpecPeople {
  var people: [Person] = []
}

/// A list declared in a spec file, through an array controller, with a row template of two bound
/// controls; 1,000 people arrive at once: nanoseconds per row made (its objects and two bindings).
func specListRows1000(rounds: Int) -> Double {
  let registry = SpecClassRegistry()
  registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)
  registry.register(SpecPeople.self) { SpecPeople() }
  registry.register(Person.self) { Person() }
  let yaml = """
    Model:
      class: SpecPeople
    People:
      class: ArrayController
      objectClass: Person
      bindings:
        content: {to: /Model, value: people}
    List:
      class: ListView
      content: /People
      row:
        Name:
          class: Label
          bindings:
            text: {value: fullName}
        First:
          class: TextField
          bindings:
            text: {value: firstName}
    """
  let people = (0..<1_000).map { _ in Person() }
  var best = Double.infinity
  for _ in 0..<rounds {
    guard let objects = try? SpecFile.load(yaml: yaml, classes: registry),
      let model = objects.object(named: "Model", as: SpecPeople.self)
    else { preconditionFailure("the benchmark spec did not load") }
    let start = nanoseconds()
    model.people = people
    best = min(best, Double(nanoseconds() - start) / 1_000)
    precondition(objects.object(named: "List", as: HeadlessListView<Person>.self)?.rows.count == 1_000, "rows missing")
    objects.unbind()
  }
  return best
}
