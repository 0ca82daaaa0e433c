import Bindery

/// The seeds' Person: a first and last name, and a full name computed from them.
@KeyValueObservable
final class Person {
  var firstName: String
  var lastName: String
  var age: Int

  /// Reads `firstName` and `lastName`, so a binding to it follows both with no declared dependency.
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
