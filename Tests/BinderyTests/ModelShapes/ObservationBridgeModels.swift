import Bindery

// Classes that are Observation.Observable too; this file does not import Observation.

@KeyValueObservable(observation: true)
final class ObservedPerson {
  var firstName = ""
  var lastName = ""
  var age = 0
  var friend: ObservedPerson?
  var fullName: String { "\(firstName) \(lastName)" }

  init(firstName: String = "", lastName: String = "") {
    self.firstName = firstName
    self.lastName = lastName
  }
}

@KeyValueObservable(observation: true)
class ObservedAnimal {
  var name = ""
  var sound: String = "…" {
    didSet { if sound.isEmpty { sound = "…" } }
  }
}

@KeyValueObservable(observation: true)
final class ObservedDog: ObservedAnimal {
  var tricks: [String] = []
}

@KeyValueObservable(observation: true)
final class SharedObservedCounter: Sendable {
  var count = 0
  var label = ""
}

@KeyValueObservable
final class UnobservedPerson {
  var firstName = ""
}

@KeyValueObservable(observation: true)
final class ObservedCrew {
  var scores = KeyValueArray<Int>()
  var names: [String] = []
}
