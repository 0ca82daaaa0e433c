import Bindery

/// The person editor's controller, headless: the person being edited and whether it is being saved.
@KeyValueObservable
final class PersonController {
  var person: Person?
  var isSaving = false

  init(person: Person? = nil) {
    self.person = person
  }
}
