import Bindery
import BinderyControls
import BinderyTestKit
import Testing

@Suite("Pattern bindings")
struct PatternBindingTests {
  @Test func aPatternShowsSeveralValuesAndFollowsEachOfThem() throws {
    let person = Person(firstName: "Ada", lastName: "Lovelace")
    let node = Node()
    node.value = 3
    let label = HeadlessLabel()
    let binding = try label.bind(
      \.text,
      to: .pattern("%{value1}@ has %{value2}@ tags (100%%)", .keyPath(person, \.fullName), .keyPath(node, \.value))
    )
    #expect(binding.direction == .sourceToTarget)
    #expect(label.text == "Ada Lovelace has 3 tags (100%)")
    node.value = 4
    #expect(label.text == "Ada Lovelace has 4 tags (100%)")
    person.firstName = ""
    #expect(label.text == "Lovelace has 4 tags (100%)")
    person.lastName = ""
    #expect(label.text == " has 4 tags (100%)")  // nil shows as nothing
  }

  @Test func eachInputMayHaveItsOwnTransformer() throws {
    let flags = Flags()
    let node = Node()
    let label = HeadlessLabel()
    try label.bind(
      \.text,
      to: .pattern(
        "%{value2}@: %{value1}@", .keyPath(flags, \.a, converted: ClosureTransformer { $0 ? "on" : "off" }),
        .keyPath(node, \.name))
    )
    node.name = "Wi-Fi"
    #expect(label.text == "Wi-Fi: off")
    flags.a = true
    #expect(label.text == "Wi-Fi: on")
  }

  @Test func aTransactionRendersThePatternOnce() throws {
    let person = Person(firstName: "Ada", lastName: "Lovelace")
    let label = HeadlessLabel()
    try label.bind(
      \.text, to: .pattern("%{value1}@ %{value2}@", .keyPath(person, \.firstName), .keyPath(person, \.lastName)))
    var renders: [String?] = []
    let token = observe(label, \.text) { renders.append($0.newValue) }
    withCoalescedChanges {
      person.firstName = "Grace"
      person.lastName = "Hopper"
    }
    #expect(renders == ["Grace Hopper"])
    _ = token
  }

  @Test func aBadPatternIsATypedErrorWithItsColumnAndBindsNothing() {
    let node = Node()
    let label = HeadlessLabel(text: "unchanged")
    #expect(throws: BindingPatternError.missingInput(pattern: "a %{value2}@", column: 3, placeholder: 2, inputCount: 1))
    {
      try label.bind(\.text, to: .pattern("a %{value2}@", .keyPath(node, \.name)))
    }
    #expect(throws: BindingPatternError.malformedPlaceholder(pattern: "50% off", column: 3)) {
      try label.bind(\.text, to: .pattern("50% off", .keyPath(node, \.name)))
    }
    #expect(throws: BindingPatternError.malformedPlaceholder(pattern: "%{value0}@", column: 1)) {
      try label.bind(\.text, to: .pattern("%{value0}@", .keyPath(node, \.name)))
    }
    #expect(label.text == "unchanged")
    #expect(label.bindings.isEmpty)
    let message = BindingPatternError.malformedPlaceholder(pattern: "50% off", column: 3).description
    #expect(message.contains("column 3"))
  }

  @Test func aPatternBindingLetsItsObjectsGo() throws {
    let tracker = LifetimeTracker()
    do {
      let person = tracker.track(Person(firstName: "Ada"))
      let label = tracker.track(HeadlessLabel())
      try label.bind(\.text, to: .pattern("Hello, %{value1}@", .keyPath(person, \.firstName)))
      #expect(label.text == "Hello, Ada")
    }
    #expect(tracker.liveCount == 0, "alive: \(tracker.liveTypeNames)")
  }
}
