import Bindery
import BinderyControls
import BinderyTestFixtures
import BinderyTestKit
import Testing

@Suite("Edge cases")
struct EdgeCaseTests {
  @Test func bindingAPropertyToItselfChangesNothingAndEnds() {
    let node = Node()
    node.value = 3
    let binding = node.bind(\.value, to: node, \.value)
    node.value = 4
    #expect(node.value == 4)
    binding.unbind()
    #expect(node.bindings.isEmpty)
  }

  @Test func unbindingFromInsideAPropagationStopsTheRest() {
    let person = Person()
    let field = HeadlessTextField()
    let binding = field.bind(\.text, to: person, \.firstName)
    let token = observe(person, \.firstName) { _ in binding.unbind() }
    person.firstName = "Ada"  // the binding may still see this change, never a later one
    person.firstName = "Grace"
    #expect(field.text != "Grace")
    #expect(!binding.isBound)
    _ = token
  }

  @Test func rebindingFromInsideAPropagationTakesEffectForTheNextChange() {
    let ada = Person(firstName: "Ada")
    let grace = Person(firstName: "Grace")
    let label = HeadlessLabel()
    label.bind(\.text, to: ada, \.firstName)
    let token = observe(ada, \.lastName) { _ in label.bind(\.text, to: grace, \.firstName) }
    ada.lastName = "Lovelace"
    #expect(label.text == "Grace")
    ada.firstName = "Augusta"
    #expect(label.text == "Grace")
    grace.firstName = "Amazing Grace"
    #expect(label.text == "Amazing Grace")
    _ = token
  }

  @Test func anObserverThatDropsTheObservedObjectDoesNotCrash() {
    let tracker = LifetimeTracker()
    var controller: PersonController? = tracker.track(PersonController(person: Person()))
    var count = 0
    let token = observe(controller!, \.isSaving) { _ in
      count += 1
      controller = nil
    }
    controller?.isSaving = true
    #expect(count == 1)
    #expect(tracker.liveCount == 0)
    _ = token
  }

  @Test func aTargetDeallocatedDuringItsOwnUpdateLeavesNoBindingBehind() {
    let tracker = LifetimeTracker()
    let person = Person()
    var field: HeadlessTextField? = tracker.track(HeadlessTextField())
    field?.bind(\.text, to: person, \.firstName)
    let token = observe(field!, \.text) { _ in field = nil }
    person.firstName = "Ada"
    #expect(tracker.liveCount == 0)
    person.firstName = "Grace"  // nothing left to write to
    #expect(person.keyValueRegistrar.observerCount == 0)
    _ = token
  }

  @Test func manyBindingsOnOneObjectEndWhenTheObjectGoes() {
    let tracker = LifetimeTracker()
    let fields = (0..<100).map { _ in HeadlessTextField() }
    do {
      let person = tracker.track(Person())
      for field in fields { field.bind(\.text, to: person, \.firstName) }
      #expect(person.keyValueRegistrar.observerCount == 100)
    }
    #expect(tracker.liveCount == 0)
    #expect(fields.allSatisfy { $0.bindings.isEmpty && $0.keyValueRegistrar.observerCount == 0 })
  }
}
