import Bindery
import BinderyTestKit
import Testing

/// A number as text, one way.
private var decimalText: ClosureTransformer<Int, String> { ClosureTransformer(forward: { "\($0)" }) }

/// An actor a binding may deliver on.
private actor DeliveryDesk {}

@Suite("A binding of one property is one object: it keeps its options, place and path, and leaves its source")
struct SingleObjectBindingTests {
  @Test func aBindingGivesBackEveryOptionItWasMadeWith() {
    let source = Node()
    let target = Node()
    let options = BindingOptions(
      direction: .sourceToTarget, delivery: .mainActor, combining: .or, updatesContinuously: false,
      conditionallySetsEnabled: true)
    let binding = target.bind(\.value, to: source, \.value, options: options)
    #expect(binding.options.direction == .sourceToTarget)
    #expect(binding.options.combining == .or)
    #expect(!binding.options.updatesContinuously)
    #expect(binding.options.conditionallySetsEnabled)
    guard case .mainActor = binding.options.delivery else {
      Issue.record("delivery \(binding.options.delivery)")
      return
    }
    let plain = target.bind(\.name, to: source, \.name)
    #expect(plain.options.direction == nil)
    #expect(plain.options.combining == nil)
    #expect(plain.options.updatesContinuously)
    #expect(!plain.options.conditionallySetsEnabled)
    guard case .synchronous = plain.options.delivery else {
      Issue.record("delivery \(plain.options.delivery)")
      return
    }
  }

  @Test func aBindingOnAnActorOfItsOwnGivesBackThatActor() {
    let desk = DeliveryDesk()
    let binding = Node().bind(\.value, to: Node(), \.value, options: BindingOptions(delivery: .actor(desk)))
    guard case .actor(let actor) = binding.options.delivery else {
      Issue.record("delivery \(binding.options.delivery)")
      return
    }
    #expect(actor === desk)
  }

  @Test func aBindingKnowsTheFileAndLineWhereItWasMade() {
    let target = Node()
    let line: UInt = #line + 1
    let binding = target.bind(\.value, to: Node(), \.value)
    #expect(binding.file == "BinderyTests/SingleObjectBindingTests.swift")
    #expect(binding.line == line)
    #expect(binding.location == "BinderyTests/SingleObjectBindingTests.swift:\(line)")
    #expect(binding.description.hasSuffix("(unbound, BinderyTests/SingleObjectBindingTests.swift:\(line))"))
  }

  @Test func aStringKeyPathIsKeptAsWrittenAfterUnbinding() throws {
    let source = Node()
    let target = Node()
    let binding = target.bind(\.name, to: try .keyPath(source, "name"))
    source.name = "Ada"
    #expect(target.name == "Ada")
    #expect(binding.sourcePathText == "name")
    binding.unbind()
    #expect(binding.sourcePathText == "name")
    source.name = "Grace"
    #expect(target.name == "Ada")
  }

  @Test(arguments: [false, true])
  func unbindingLeavesTheSourceWithNoObserverOfTheProperty(converted: Bool) {
    let source = Node()
    let target = Node()
    let binding =
      converted
      ? target.bind(\.name, to: .keyPath(source, \.value, converted: decimalText))
      : target.bind(\.value, to: source, \.value)
    source.value = 3
    #expect(converted ? target.name == "3" : target.value == 3)
    #expect(source.keyValueRegistrar.observerCount == 1)
    binding.unbind()
    #expect(source.keyValueRegistrar.observerCount == 0)
    source.value = 4
    #expect(converted ? target.name == "3" : target.value == 3)
  }

  @Test(arguments: [false, true])
  func aTargetThatGoesAwayTakesItsBindingAndLeavesTheSourceUnobserved(converted: Bool) {
    let source = Node()
    weak var weakBinding: PropertyBinding?
    weak var weakTarget: Node?
    do {
      let target = Node()
      weakTarget = target
      let binding =
        converted
        ? target.bind(\.name, to: .keyPath(source, \.value, converted: decimalText))
        : target.bind(\.value, to: source, \.value, options: BindingOptions(direction: .sourceToTarget))
      weakBinding = binding
      #expect(source.keyValueRegistrar.observerCount == 1)
    }
    #expect(weakTarget == nil)
    // The source's next change finds the target gone: the binding ends and leaves the source.
    source.value = 5
    #expect(weakBinding == nil)
    #expect(source.keyValueRegistrar.observerCount == 0)
  }

  @Test func aSourceThatGoesAwayUnbindsTheBindingItsTargetStillHolds() {
    let target = Node()
    var source: Node? = Node()
    let binding = target.bind(\.value, to: source.unsafelyUnwrapped, \.value)
    source?.value = 2
    #expect(target.value == 2)
    source = nil
    #expect(!binding.isBound)
    #expect(target.bindings.isEmpty)
  }
}
