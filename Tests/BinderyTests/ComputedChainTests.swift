import Bindery
import BinderyControls
import BinderyTestFixtures
import Testing

/// An employee whose title is computed, and may be overridden.
@KeyValueObservable
class Employee {
  var name: String
  var title: String { "Employee " + name }

  init(name: String) {
    self.name = name
  }
}

/// A manager: the same properties, a title of its own.
@KeyValueObservable
final class Manager: Employee {
  override var title: String { "Manager " + name }
}

/// A team with an optional lead and a desk that is always there.
@KeyValueObservable
final class Squad {
  var lead: Employee?
  var desk: Desk

  init(lead: Employee?, desk: Desk) {
    self.lead = lead
    self.desk = desk
  }
}

/// A desk, with its occupant.
@KeyValueObservable
final class Desk {
  var occupant: Person

  init(occupant: Person) {
    self.occupant = occupant
  }
}

@Suite("Chains ending in a computed property")
struct ComputedChainTests {
  @Test func aComputedPropertyAtTheEndOfAnOptionalChainFollowsEachChangeAndEachNewObject() {
    let ada = Person(firstName: "Ada", lastName: "Lovelace")
    let controller = PersonController(person: ada)
    let label = HeadlessLabel()
    label.bind(\.text, to: controller, \.person?.fullName)
    #expect(label.text == "Ada Lovelace")
    ada.lastName = "King"
    #expect(label.text == "Ada King")
    controller.person = Person(firstName: "Grace", lastName: "Hopper")
    #expect(label.text == "Grace Hopper")
    ada.firstName = "Augusta"
    #expect(label.text == "Grace Hopper", "the old person is no longer followed")
    controller.person = nil
    #expect(label.text == nil)
    controller.person = ada
    #expect(label.text == "Augusta King")
  }

  @Test func anOverriddenComputedPropertyIsReadFromTheObjectsOwnClass() {
    let squad = Squad(lead: Employee(name: "Ada"), desk: Desk(occupant: Person()))
    let label = HeadlessLabel()
    label.bind(\.text, to: squad, \.lead?.title)
    #expect(label.text == "Employee Ada")
    let grace = Manager(name: "Grace")
    squad.lead = grace
    #expect(label.text == "Manager Grace")
    grace.name = "Hedy"
    #expect(label.text == "Manager Hedy")
  }

  @Test func aChainOfPropertiesThatAreNeverNilEndsInAComputedOne() {
    let desk = Desk(occupant: Person(firstName: "Ada"))
    let squad = Squad(lead: nil, desk: desk)
    let label = HeadlessLabel()
    label.bind(\.text, to: squad, \.desk.occupant.fullName)
    #expect(label.text == "Ada")
    desk.occupant.lastName = "Lovelace"
    #expect(label.text == "Ada Lovelace")
    desk.occupant = Person(firstName: "Grace", lastName: "Hopper")
    #expect(label.text == "Grace Hopper")
    squad.desk = Desk(occupant: Person(lastName: "Lamarr"))
    #expect(label.text == "Lamarr")
  }

  @Test func anOptionalPropertyThroughAnOptionalObjectIsOneOptional() {
    let person = Person(firstName: "Ada")
    let controller = PersonController(person: person)
    let label = HeadlessLabel()
    label.bind(\.text, to: controller, \.person?.nickname)
    #expect(label.text == nil)
    person.nickname = "Countess"
    #expect(label.text == "Countess")
    controller.person = nil
    #expect(label.text == nil)
  }

  @Test func aKeyTableWithoutGettersIsReadThroughItsKeyPaths() {
    let person = Person(firstName: "Ada", lastName: "Lovelace")
    // Its key table is written by hand, with no getters.
    let controller = ReadCountingController(person: person)
    let label = HeadlessLabel()
    label.bind(\.text, to: controller, \.person?.fullName)
    #expect(label.text == "Ada Lovelace")
    person.firstName = "Augusta"
    #expect(label.text == "Augusta Lovelace")
    controller.person = Person(firstName: "Grace")
    #expect(label.text == "Grace")
  }

  @Test func aStringPathEndingInAComputedPropertyFollowsChangesLikeTheTypedOne() throws {
    let controller = PersonController(person: Person(firstName: "Ada"))
    let first = HeadlessLabel()
    let second = HeadlessLabel()
    try first.bind(\.text, to: .keyPath(controller, "person.fullName"))
    try second.bind(\.text, to: .keyPath(controller, "person.fullName"))
    controller.person?.lastName = "Lovelace"
    #expect(first.text == "Ada Lovelace")
    #expect(second.text == "Ada Lovelace")
    controller.person = nil
    #expect(first.text == nil)
    #expect(second.text == nil)
  }
}
