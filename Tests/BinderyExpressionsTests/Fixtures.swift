import Bindery

@KeyValueObservable
final class Person {
  var firstName: String
  var lastName: String
  var nickname: String?
  var age: Int
  var tags: [String] = []

  var fullName: String? {
    switch (firstName.isEmpty, lastName.isEmpty) {
    case (false, false): firstName + " " + lastName
    case (false, true): firstName
    case (true, false): lastName
    case (true, true): nil
    }
  }

  init(firstName: String = "", lastName: String = "", age: Int = 0) {
    self.firstName = firstName
    self.lastName = lastName
    self.age = age
  }
}

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
