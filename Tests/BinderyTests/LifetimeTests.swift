import Bindery
import BinderyControls
import BinderyTestFixtures
import BinderyTestKit
import Testing

@Suite("Lifetimes")
struct LifetimeTests {
  @Test func aBindingRetainsNeitherEnd() {
    let tracker = LifetimeTracker()
    do {
      let controller = tracker.track(PersonController(person: tracker.track(Person(firstName: "Ada"))))
      let field = tracker.track(HeadlessTextField())
      let label = tracker.track(HeadlessLabel())
      field.bind(\.text, to: controller, \.person?.firstName)
      label.bind(\.text, to: controller, \.person?.fullName)
      field.userDidEdit(text: "Grace")
      #expect(label.text == "Grace")
    }
    #expect(tracker.liveCount == 0, "alive: \(tracker.liveTypeNames)")
  }

  @Test func aBindingWhoseSourceDiedUnbindsItselfAndLeavesTheTargetClean() {
    let tracker = LifetimeTracker()
    let field = HeadlessTextField()
    var binding: PropertyBinding?
    do {
      let person = tracker.track(Person(firstName: "Ada"))
      binding = field.bind(\.text, to: person, \.firstName)
      #expect(binding?.isBound == true)
    }
    #expect(tracker.liveCount == 0)
    #expect(binding?.isBound == false)
    #expect(field.bindings.isEmpty)
    #expect(field.keyValueRegistrar.observerCount == 0)
    #expect(field.userDidEdit(text: "still works"))
  }

  @Test func bindingsFollowingTheirSourceByAddressUnbindWhenItDies() {
    let tracker = LifetimeTracker()
    let oneWay = BindingOptions(direction: .sourceToTarget)
    let targets = [Person(), Person()]
    var bindings: [PropertyBinding] = []
    do {
      // The first binding learns the property; the second is wired straight to it.
      let sources = [Person(firstName: "Ada"), Person(firstName: "Grace")].map { tracker.track($0) }
      for (target, source) in zip(targets, sources) {
        bindings.append(target.bind(\.firstName, to: source, \.firstName, options: oneWay))
      }
      #expect(targets.map(\.firstName) == ["Ada", "Grace"])
    }
    #expect(tracker.liveCount == 0, "alive: \(tracker.liveTypeNames)")
    #expect(bindings.allSatisfy { !$0.isBound })
    #expect(targets.allSatisfy { $0.bindings.isEmpty })
  }

  @Test func aBindingWhoseTargetDiedUnbindsItselfAndLeavesTheSourceClean() {
    let tracker = LifetimeTracker()
    let person = Person(firstName: "Ada")
    weak var weakBinding: PropertyBinding?
    do {
      let field = tracker.track(HeadlessTextField())
      let binding = field.bind(\.text, to: person, \.firstName)
      weakBinding = binding
      tracker.track(binding)
    }
    #expect(tracker.liveCount == 0, "alive: \(tracker.liveTypeNames)")
    #expect(weakBinding == nil)
    #expect(person.keyValueRegistrar.observerCount == 0)
    person.firstName = "Grace"  // nothing to deliver to, nothing crashes
  }

  @Test func oneWayBindingsOfOneTypeFollowTheirSourceAndLetBothEndsGo() {
    let tracker = LifetimeTracker()
    let oneWay = BindingOptions(direction: .sourceToTarget)
    let source = tracker.track(Person(firstName: "Ada"))
    var targets = (0..<3).map { _ in tracker.track(Person()) }
    // The first binding learns that `firstName` is one observable property; the others are wired straight.
    var bindings = targets.map { $0.bind(\.firstName, to: source, \.firstName, options: oneWay) }
    #expect(targets.map(\.firstName) == ["Ada", "Ada", "Ada"])
    #expect(bindings.allSatisfy { $0.direction == .sourceToTarget })
    source.firstName = "Grace"
    #expect(targets.map(\.firstName) == ["Grace", "Grace", "Grace"])
    targets[0].firstName = "Edith"
    #expect(source.firstName == "Grace", "one-way: nothing goes back")
    bindings[1].unbind()
    source.firstName = "Hedy"
    #expect(targets.map(\.firstName) == ["Hedy", "Grace", "Hedy"])
    // A target that goes away unbinds its binding; the source keeps no observer of it.
    targets.removeLast()
    bindings.removeLast()
    source.firstName = "Ida"
    #expect(source.keyValueRegistrar.observerCount == 1)
    bindings.removeAll()
    targets.removeAll()
    #expect(source.keyValueRegistrar.observerCount == 0)
    #expect(tracker.liveCount == 1, "alive: \(tracker.liveTypeNames)")
  }

  @Test func everyKindOfBindingAndObservationLetsItsObjectsGo() {
    let tracker = LifetimeTracker()
    var tokens: [KeyValueObservation] = []
    do {
      let controller = tracker.track(PersonController(person: tracker.track(Person())))
      let a = tracker.track(Node())
      let b = tracker.track(Node())
      let c = tracker.track(Node())
      b.bind(\.value, to: a, \.value)
      c.bind(\.value, to: b, \.value)
      a.bind(\.value, to: c, \.value)
      let toggle = tracker.track(HeadlessSwitch())
      toggle.bind(\.isOn, to: controller, \.isSaving)
      let set = BindingSet()
      tracker.track(HeadlessTextField()).bind(\.text, to: controller, \.person?.lastName).store(in: set)
      tokens.append(observe(controller, \.person?.fullName, options: [.initial, .prior]) { _ in })
      a.value = 3
      controller.person = tracker.track(Person(firstName: "x"))
    }
    #expect(tracker.liveCount == 0, "alive: \(tracker.liveTypeNames)")
    tokens.removeAll()
  }

  @Test func theBindingObjectItselfIsReleasedAfterUnbind() {
    let tracker = LifetimeTracker()
    let person = Person()
    let field = HeadlessTextField()
    do {
      let binding = tracker.track(field.bind(\.text, to: person, \.firstName))
      binding.unbind()
    }
    #expect(tracker.liveCount == 0)
  }
}
