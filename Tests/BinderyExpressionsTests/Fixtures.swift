import Bindery
import BinderyTestFixtures

enum Mode: String, CaseIterable, Sendable {
  case view
  case edit
}

@KeyValueObservable
final class PersonViewController {
  var person: Person?
  var isSaving = false
  var mode = Mode.view
  var people: [Person] = []
  var title = "People"

  init(person: Person? = nil) {
    self.person = person
  }
}

@KeyValueObservable
final class ModeHolder {
  var mode = Mode.view
}
