import Bindery
import BinderyControls
import BinderyTestFixtures
import BinderyTestKit
import Testing

/// Records every delegate callback, and vetoes source updates it is told to.
final class RecordingDelegate: BindingDelegate, @unchecked Sendable {
  let events = ChangeLog<String>()
  var vetoes: Set<String> = []

  func binding(_ binding: PropertyBinding, willUpdateTarget value: Any) {
    events.append("will target \(value)")
  }
  func binding(_ binding: PropertyBinding, didUpdateTarget value: Any) {
    events.append("did target \(value)")
  }
  func binding(_ binding: PropertyBinding, shouldUpdateSource value: Any, from targetValue: Any) -> Bool {
    events.append("should source \(value)")
    return !vetoes.contains("\(value)")
  }
  func binding(_ binding: PropertyBinding, didUpdateSource value: Any) {
    events.append("did source \(value)")
  }
  func binding(_ binding: PropertyBinding, conversionFailed error: any Error, for targetValue: Any) {
    events.append("conversion failed \(targetValue)")
  }
  func binding(_ binding: PropertyBinding, validationFailed error: any Error, for value: Any) {
    events.append("validation failed \(value)")
  }
}

/// A delegate that implements nothing: the defaults must allow everything.
final class SilentDelegate: BindingDelegate {}

@Suite("Binding delegate")
struct DelegateTests {
  @Test("An AND of Boolean inputs tells each input's delegate before and after it writes the combined value")
  func combinedInputsTellTheirDelegates() {
    let controller = PersonController()
    let field = HeadlessTextField()
    let delegate = RecordingDelegate()
    let hasPerson = field.bind(\.isEnabled, to: .keyPath(controller, \.person, converted: IsNotNilTransformer()))
    let notSaving = field.bind(
      \.isEnabled, to: .keyPath(controller, \.isSaving, converted: NegateBooleanTransformer()))
    hasPerson.delegate = delegate
    notSaving.delegate = delegate  // the same delegate is told once per write
    controller.person = Person()
    #expect(field.isEnabled)
    #expect(delegate.events.values == ["will target true", "did target true"])
    controller.isSaving = true
    #expect(!field.isEnabled)
    #expect(delegate.events.values == ["will target true", "did target true", "will target false", "did target false"])
    controller.isSaving = true  // no change of the combined value: nobody is told
    #expect(delegate.events.values.count == 4)
    let set = BindingSet()
    let other = RecordingDelegate()
    set.delegate = other
    notSaving.delegate = nil
    notSaving.store(in: set)
    controller.isSaving = false
    #expect(other.events.values == ["will target true", "did target true"])
    #expect(delegate.events.values.suffix(2) == ["will target true", "did target true"])
  }

  @Test func theDelegateIsToldBeforeAndAfterEachTargetUpdate() {
    let node = Node()
    let field = HeadlessTextField()
    let delegate = RecordingDelegate()
    let binding = field.bind(\.text, to: node, \.name)
    binding.delegate = delegate
    node.name = "Ada"
    #expect(delegate.events.values == ["will target Optional(\"Ada\")", "did target Optional(\"Ada\")"])
    #expect(field.text == "Ada")
  }

  @Test func theDelegateSeesSameTypeUpdatesThatTravelByAddress() {
    let source = Node()
    let target = Node()
    let delegate = RecordingDelegate()
    target.bind(\.value, to: source, \.value).delegate = delegate
    source.value = 7
    #expect(delegate.events.values == ["will target 7", "did target 7"])
    target.value = 9
    #expect(delegate.events.values.suffix(2) == ["should source 9", "did source 9"])
    #expect(source.value == 9)
  }

  @Test func aConvertedBindingWritesConvertedValuesAndShowsThemToItsDelegate() {
    let source = Node()
    let target = Node()
    let binding = target.bind(
      \.value, to: .keyPath(source, \.value, converted: ClosureTransformer { $0 * 10 }),
      options: BindingOptions(direction: .sourceToTarget))
    source.value = 2
    #expect(target.value == 20)
    let delegate = RecordingDelegate()
    binding.delegate = delegate
    source.value = 3
    #expect(target.value == 30)
    #expect(delegate.events.values == ["will target 30", "did target 30"])
    binding.delegate = nil
    source.value = 4
    #expect(target.value == 40)
    #expect(delegate.events.values.count == 2)
  }

  @Test func aConvertedOptionalBindingWritesTheConvertedValueWhileItsTargetLives() {
    let source = Node()
    var field: HeadlessTextField? = HeadlessTextField()
    field?.bind(\.text, to: .keyPath(source, \.value, converted: ClosureTransformer { "#\($0)" }))
    source.value = 5
    #expect(field?.text == "#5")
    field = nil
    source.value = 6
    #expect(!source.keyValueRegistrar.hasObservers(of: PropertyID("value")))
  }

  @Test func theDelegateCanVetoASourceUpdate() {
    let person = Person(firstName: "Ada")
    let field = HeadlessTextField()
    let delegate = RecordingDelegate()
    delegate.vetoes = ["Grace"]
    field.bind(\.text, to: person, \.firstName).delegate = delegate
    field.userDidEdit(text: "Grace")
    #expect(person.firstName == "Ada")
    #expect(field.text == "Grace")  // the control keeps what the user typed
    #expect(delegate.events.values == ["should source Grace"])
    field.userDidEdit(text: "Mary")
    #expect(person.firstName == "Mary")
    #expect(delegate.events.values.suffix(2) == ["should source Mary", "did source Mary"])
  }

  @Test func theDelegateIsToldAboutConversionAndValidationFailures() {
    let node = Node()
    let field = HeadlessTextField()
    let delegate = RecordingDelegate()
    let number = ClosureTransformer<Int, String>(
      forward: String.init,
      reverse: { text in
        guard let value = Int(text) else { throw DelegateNumberError.notANumber }
        return value
      }
    )
    field.bind(
      \.text,
      to: .keyPath(
        node, \.value,
        converted: number.validated { value in
          guard value >= 0 else { throw DelegateNumberError.negative }
        })
    )
    .delegate = delegate
    field.userDidEdit(text: "abc")
    field.userDidEdit(text: "-1")
    #expect(node.value == 0)
    #expect(delegate.events.values == ["conversion failed Optional(\"abc\")", "validation failed -1"])
  }

  @Test func aBindingSetsDelegateServesItsBindingsAndABindingsOwnDelegateWins() {
    let node = Node()
    let first = HeadlessTextField()
    let second = HeadlessTextField()
    let setDelegate = RecordingDelegate()
    let ownDelegate = RecordingDelegate()
    let set = BindingSet()
    set.delegate = setDelegate
    first.bind(\.text, to: node, \.name).store(in: set)
    second.bind(\.text, to: node, \.name).store(in: set).delegate = ownDelegate
    node.name = "Ada"
    #expect(setDelegate.events.values == ["will target Optional(\"Ada\")", "did target Optional(\"Ada\")"])
    #expect(ownDelegate.events.values == ["will target Optional(\"Ada\")", "did target Optional(\"Ada\")"])
  }

  @Test func aDelegateSetOnTheSetLaterReachesItsBindings() {
    let person = Person(firstName: "Ada")
    let field = HeadlessTextField()
    let set = BindingSet()
    field.bind(\.text, to: person, \.firstName).store(in: set)
    let delegate = RecordingDelegate()
    delegate.vetoes = ["Grace"]
    set.delegate = delegate
    field.userDidEdit(text: "Grace")
    #expect(person.firstName == "Ada")
  }

  @Test func theDefaultDelegateMethodsAllowEverything() {
    let person = Person(firstName: "Ada")
    let field = HeadlessTextField()
    let delegate = SilentDelegate()
    field.bind(\.text, to: person, \.firstName).delegate = delegate
    field.userDidEdit(text: "Grace")
    #expect(person.firstName == "Grace")
  }

  @Test func theDelegateIsHeldWeakly() {
    let tracker = LifetimeTracker()
    let node = Node()
    let field = HeadlessTextField()
    let binding = field.bind(\.text, to: node, \.name)
    do {
      let delegate = tracker.track(SilentDelegate())
      binding.delegate = delegate
      withExtendedLifetime(delegate) { #expect(binding.delegate != nil) }
    }
    #expect(tracker.liveCount == 0)
    #expect(binding.delegate == nil)
    node.name = "still bound"
    #expect(field.text == "still bound")
  }
}

private enum DelegateNumberError: Error {
  case notANumber
  case negative
}
