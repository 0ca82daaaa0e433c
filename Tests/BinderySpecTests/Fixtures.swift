import Bindery
import BinderyControls
import BinderySpec
import BinderyTestFixtures

/// Seed 000's PersonViewController: a person, a saving flag, outlets and a view.
@KeyValueObservable
final class PersonViewController {
  var person: Person?
  var isSaving = false
  var firstNameField: HeadlessTextField?
  var lastNameField: HeadlessTextField?
  var fullNameLabel: HeadlessTextField?
  var view = HeadlessView()
  var title = ""
  var count = 0
}

/// The classes the tests' specs name.
let testClasses: SpecClassRegistry = {
  let registry = SpecClassRegistry()
  registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)
  registry.register(PersonViewController.self) { PersonViewController() }
  registry.register(Person.self) { Person() }
  return registry
}()

/// The seeds' person editor with a list of people (issue 5's spec support).
@KeyValueObservable
final class PeopleEditor {
  var people: [Person] = []
  var isSaving = false
  var title = ""
  var saveCount = 0

  func save() { saveCount += 1 }
}

/// An element class with a property that cannot be sorted by.
@KeyValueObservable
final class Team {
  var name = ""
  var members: KeyValueArray<Person> = []
  var lead: Person?
}

/// The classes the tests' list specs name.
let listClasses: SpecClassRegistry = {
  let registry = SpecClassRegistry()
  registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)
  registry.register(PeopleEditor.self) { PeopleEditor() }
  registry.register(Person.self) { Person() }
  registry.register(Team.self) { Team() }
  registry.registerAction("save", of: PeopleEditor.self) { $0.save() }
  registry.registerAction("archive", of: Person.self) { $0.age = -1 }
  return registry
}()
