import Bindery
import BinderyControls
import BinderySpec
import BinderyTestFixtures
import Foundation
import Testing

/// How many times the objects of one test were told their file is bound.
private final class AwakeCounter: Sendable {
  let count = SharedLock(0)

  /// Counts one more, and returns the count.
  func next() -> Int {
    count.withLock { count in
      count += 1
      return count
    }
  }
}

/// A controller that asks to be told when its file is bound, and remembers what it saw then.
@KeyValueObservable
private final class AwakingController: SpecAwaking {
  var person: Person?
  var field: AwakingField?
  var awakenings = 0
  /// When it was told, among the objects of its test.
  var order = 0
  /// The field's text when the controller was told.
  var textSeen: String?
  let counter: AwakeCounter

  init(counter: AwakeCounter = AwakeCounter()) { self.counter = counter }

  func awakeFromSpec() {
    awakenings += 1
    order = counter.next()
    textSeen = field?.text
  }
}

/// A text field that asks to be told when its file is bound.
@KeyValueObservable
private final class AwakingField: SpecAwaking {
  var text: String?
  var awakenings = 0
  /// When it was told, among the objects of its test.
  var order = 0
  /// Its text when it was told.
  var textSeen: String?
  let counter: AwakeCounter

  init(counter: AwakeCounter = AwakeCounter()) { self.counter = counter }

  func awakeFromSpec() {
    awakenings += 1
    order = counter.next()
    textSeen = text
  }
}

/// The classes of these tests, their objects counting on `counter`.
private func awakingClasses(_ counter: AwakeCounter) -> SpecClassRegistry {
  let registry = SpecClassRegistry()
  registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)
  registry.register(Person.self) { Person() }
  registry.register(PeopleEditor.self) { PeopleEditor() }
  registry.register(AwakingController.self) { AwakingController(counter: counter) }
  registry.register(AwakingField.self) { AwakingField(counter: counter) }
  return registry
}

private let awakingSpec = """
  Ada:
    class: Person
    firstName: Ada
  Controller:
    class: AwakingController
    person: /Ada
    outlets:
      field: /Field
  Field:
    class: AwakingField
    bindings:
      text: {to: /Controller, value: person.firstName}
  """

@Suite("Told once a spec file is bound")
struct SpecAwakingTests {
  @Test("Each adopting object is told once, after every binding of the file is made, in the order of the file")
  func eachObjectIsToldOnceAfterTheBindingsInFileOrder() throws {
    let counter = AwakeCounter()
    let spec = try SpecFile.load(yaml: awakingSpec, classes: awakingClasses(counter))
    let controller = try #require(spec.object(named: "Controller", as: AwakingController.self))
    let field = try #require(spec.object(named: "Field", as: AwakingField.self))
    #expect(controller.awakenings == 1)
    #expect(field.awakenings == 1)
    #expect(counter.count.withLock { $0 } == 2)
    // The field's binding, declared after the controller, was live when the controller was told.
    #expect(controller.textSeen == "Ada")
    // The controller comes first in the file: it was told first.
    #expect(controller.order == 1)
    #expect(field.order == 2)
    // Later changes do not tell them again.
    controller.person = Person(firstName: "Grace")
    #expect(field.text == "Grace")
    #expect(counter.count.withLock { $0 } == 2)
  }

  @Test("No object is told when the file has a problem, nor when it is only checked")
  func noObjectIsToldWhenTheFileFails() {
    let counter = AwakeCounter()
    let broken = awakingSpec + "\n    placeholder: {to: /Controller, value: person.nickname}"
    #expect(throws: SpecLoadError.self) { try SpecFile.load(yaml: broken, classes: awakingClasses(counter)) }
    let badTransformer = awakingSpec.replacingOccurrences(
      of: "value: person.firstName}", with: "value: person, valueTransformer: JSIsNotNulValueTransformer}")
    #expect(throws: SpecLoadError.self) { try SpecFile.load(yaml: badTransformer, classes: awakingClasses(counter)) }
    #expect(SpecFile.lint(yaml: awakingSpec, classes: awakingClasses(counter)).isEmpty)
    #expect(counter.count.withLock { $0 } == 0)
  }

  @Test("The objects of a list's row are told once each, when their row is bound")
  func rowObjectsAreToldWhenTheirRowIsBound() throws {
    let counter = AwakeCounter()
    let yaml = """
      Editor:
        class: PeopleEditor
      People:
        class: ArrayController
        objectClass: Person
        bindings:
          content: {to: /Editor, value: people}
      Names:
        class: ListView
        content: /People
        row:
          Name:
            class: AwakingField
            bindings:
              text: {value: firstName}
      """
    let spec = try SpecFile.load(yaml: yaml, classes: awakingClasses(counter))
    let editor = try #require(spec.object(named: "Editor", as: PeopleEditor.self))
    let list = try #require(spec.object(named: "Names", as: HeadlessListView<Person>.self))
    #expect(counter.count.withLock { $0 } == 0)
    editor.people = [Person(firstName: "Ada"), Person(firstName: "Grace")]
    let fields = list.rows.compactMap { $0.controls.first as? AwakingField }
    #expect(fields.count == 2)
    #expect(fields.map(\.awakenings) == [1, 1])
    #expect(fields.map(\.textSeen) == ["Ada", "Grace"])
    #expect(counter.count.withLock { $0 } == 2)
  }
}
