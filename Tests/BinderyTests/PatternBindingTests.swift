import Bindery
import BinderyControls
import BinderyTestFixtures
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

  @Test func aCoalescedBlockRendersThePatternOnce() throws {
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

  @Test func aBadPatternIsATypedErrorWithItsLineAndColumnAndBindsNothing() {
    let node = Node()
    let label = HeadlessLabel(text: "unchanged")
    #expect(
      throws: ExpressionError(
        "%{value2}@ has no input (1 given)", at: TextPosition(line: 1, column: 3, offset: 2), in: "a %{value2}@",
        kind: .key)
    ) {
      try label.bind(\.text, to: .pattern("a %{value2}@", .keyPath(node, \.name)))
    }
    let malformed = #expect(throws: ExpressionError.self) {
      try label.bind(\.text, to: .pattern("50% off", .keyPath(node, \.name)))
    }
    #expect(malformed?.kind == .syntax)
    #expect(malformed?.location == TextPosition(line: 1, column: 3, offset: 2))
    #expect(malformed?.description.hasPrefix("1:3: error: expected %{valueN}@") == true)
    let second = #expect(throws: ExpressionError.self) {
      try label.bind(\.text, to: .pattern("Name:\n  %{value0}@", .keyPath(node, \.name)))
    }
    #expect(second?.location == TextPosition(line: 2, column: 3, offset: 8))
    #expect(label.text == "unchanged")
    #expect(label.bindings.isEmpty)
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
