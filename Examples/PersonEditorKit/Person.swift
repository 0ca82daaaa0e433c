public import Bindery
public import BinderyStore

/// A person: a first and last name, and a full name computed from them.
@KeyValueObservable
public final class Person {
  /// The first name.
  public var firstName: String
  /// The last name.
  public var lastName: String
  /// The age, 0 to 150.
  public var age: Int

  /// Reads `firstName` and `lastName`, so a binding to it follows both with no declared dependency.
  public var fullName: String? {
    switch (firstName.isEmpty, lastName.isEmpty) {
    case (false, false): firstName + " " + lastName
    case (false, true): firstName
    case (true, false): lastName
    case (true, true): nil
    }
  }

  /// A person with these names and age.
  public init(firstName: String = "", lastName: String = "", age: Int = 0) {
    self.firstName = firstName
    self.lastName = lastName
    self.age = age
  }

  /// The table people are saved in: one row per person. The database checks the age too.
  public static let entity = StoreEntity(
    table: "person",
    columns: [
      StoreColumn("first_name", \Person.firstName), StoreColumn("last_name", \Person.lastName),
      StoreColumn("age", \Person.age),
    ],
    constraints: ["CHECK (age BETWEEN 0 AND 150)"]
  ) { Person() }
}

extension Person: StoreValidating {
  /// An age is between 0 and 150: another age is not written, and its field shows why. Then the
  /// database is asked, so a constraint of its table shows at the field too.
  public func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws {
    if keyPath == \Person.age, let age = value as? Int, !(0...150).contains(age) {
      throw AgeOutOfRange(age: age)
    }
    try validateInStore(value, for: keyPath)
  }
}

/// An age outside 0...150.
public struct AgeOutOfRange: Error, CustomStringConvertible {
  /// The age refused.
  public let age: Int
  /// Why, for the field.
  public var description: String { "\(age) is not an age (0 to 150)" }
}
