public import Bindery

/// The seeds' Person (seed 000), shared by the test modules: first and last names, a computed full
/// name, and the properties the modules' tests read (an identifier, an age, an archived flag, tags, a
/// nickname, and a property the macro leaves unobserved).
@KeyValueObservable
public final class Person {
  /// The first name.
  public var firstName: String
  /// The last name.
  public var lastName: String
  /// An identifier, read-only.
  public let id: Int
  /// The age, in years.
  public var age: Int
  /// Whether the person is archived (what a list filters out).
  public var isArchived = false
  /// Tags, for to-many values.
  public var tags: [String] = []
  /// A nickname, for optional values.
  public var nickname: String?
  /// A note the macro does not observe (`@KeyValueIgnored`).
  @KeyValueIgnored public var ignoredNote = ""

  /// The first and last names with a space between them, one of them alone when the other is empty,
  /// or `nil` when both are.
  public var fullName: String? {
    switch (firstName.isEmpty, lastName.isEmpty) {
    case (false, false): firstName + " " + lastName
    case (false, true): firstName
    case (true, false): lastName
    case (true, true): nil
    }
  }

  /// A person with these names, identifier and age.
  public init(firstName: String = "", lastName: String = "", id: Int = 0, age: Int = 0) {
    self.firstName = firstName
    self.lastName = lastName
    self.id = id
    self.age = age
  }

  /// A person with these names and age, the names unlabelled (as the controller tests write them).
  public convenience init(_ firstName: String, _ lastName: String = "", age: Int = 0) {
    self.init(firstName: firstName, lastName: lastName, age: age)
  }
}
