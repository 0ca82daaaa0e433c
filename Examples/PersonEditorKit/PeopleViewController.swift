import Bindery
import BinderyControllers

/// The web page's view model: an array controller that holds the people, the selected person
/// (`person`, following the controller's selection) and whether it is being saved.
@KeyValueObservable
final class PeopleViewController {
  /// The people, in an array controller that holds them (Add and Remove insert and delete there).
  var people = ArrayController<Person>(makeElement: { Person() })
  /// The selected person, or `nil`: what the fields edit.
  var person: Person?
  var isSaving = false
  @KeyValueIgnored private var following: KeyValueObservation?

  init(persons: [Person] = PeopleViewController.samplePeople()) {
    people.setContent(persons)
    // Every tab shares this list: no user can grow it past 500 people (Add is disabled there).
    people.maximumCount = 500
    people.select(indexes: [0])
    person = people.selectedObjects.first
    following = observe(people, \.selectionIndexes) { [weak self] _ in
      guard let self else { return }
      self.person = self.people.selectedObjects.first
    }
  }

  static func samplePeople() -> [Person] {
    [
      Person(firstName: "Ada", lastName: "Lovelace", age: 36),
      Person(firstName: "Grace", lastName: "Hopper", age: 85),
      Person(firstName: "Alan", lastName: "Turing", age: 41),
    ]
  }
}
