import Bindery

/// A person: a first and last name, and a full name computed from them.
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

extension Person: KeyValueValidating {
  /// An age is between 0 and 150: another age is not written, and its field shows why.
  func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws {
    if keyPath == \Person.age, let age = value as? Int, !(0...150).contains(age) {
      throw AgeOutOfRange(age: age)
    }
  }
}

/// An age outside 0...150.
struct AgeOutOfRange: Error, CustomStringConvertible {
  let age: Int
  var description: String { "\(age) is not an age (0 to 150)" }
}
