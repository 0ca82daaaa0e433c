import Bindery
import BinderyControls
import BinderyTestFixtures
import BinderyTestKit
import Testing

@Suite("Multi-value bindings and coalesced blocks")
struct MultiValueTests {
  @Test func theSeedsAndExampleReadsAsWritten() {
    // seed 000: enabled bound to person through is-not-nil and to isSaving through negate
    let controller = PersonController()
    let firstNameField = HeadlessTextField()
    firstNameField.bind(\.isEnabled, to: .keyPath(controller, \.person, converted: IsNotNilTransformer()))
    firstNameField.bind(\.isEnabled, to: .keyPath(controller, \.isSaving, converted: NegateBooleanTransformer()))
    #expect(firstNameField.bindings.count == 2)
    #expect(!firstNameField.isEnabled)
    controller.person = Person()
    #expect(firstNameField.isEnabled)
    controller.isSaving = true
    #expect(!firstNameField.isEnabled)
    controller.isSaving = false
    #expect(firstNameField.isEnabled)
    controller.person = nil
    #expect(!firstNameField.isEnabled)
  }

  @Test func hiddenCombinesWithOr() {
    let settings = Flags()
    let label = HeadlessLabel()
    label.bind(\.isHidden, to: settings, \.a)
    label.bind(\.isHidden, to: settings, \.b)
    #expect(!label.isHidden)
    settings.a = true
    #expect(label.isHidden)
    settings.b = true
    settings.a = false
    #expect(label.isHidden)
    settings.b = false
    #expect(!label.isHidden)
  }

  @Test func combinedBindingsAreReadOnlyAndUnbindOneInputAtATime() {
    let controller = PersonController(person: Person())
    let field = HeadlessTextField()
    let hasPerson = field.bind(\.isEnabled, to: .keyPath(controller, \.person, converted: IsNotNilTransformer()))
    let notSaving = field.bind(\.isEnabled, to: .keyPath(controller, \.isSaving, converted: NegateBooleanTransformer()))
    #expect(hasPerson.direction == .sourceToTarget)
    #expect(notSaving.direction == .sourceToTarget)
    controller.isSaving = true
    #expect(!field.isEnabled)
    notSaving.unbind()
    #expect(field.isEnabled)  // only "has a person" is left
    #expect(field.bindings.count == 1)
    field.isEnabled = false  // read-only: nothing is written back
    #expect(controller.isSaving)
  }

  @Test func anOptionCombinesAModelsBooleanProperty() {
    let inputs = Flags()
    let result = Flags()
    result.bind(\.a, to: inputs, \.b, options: BindingOptions(combining: .or))
    result.bind(\.a, to: inputs, \.c, options: BindingOptions(combining: .or))
    inputs.c = true
    #expect(result.a)
    inputs.c = false
    #expect(!result.a)
  }

  @Test func oneMutationThatChangesTwoInputsWritesTheTargetOnce() {
    let flags = Flags()
    let target = CountingSwitch()
    target.bind(\.isEnabled, to: flags, \.a)
    target.bind(\.isEnabled, to: .keyPath(flags, \.a, converted: ClosureTransformer { $0 }))
    let writesBefore = target.enabledWrites
    flags.a = true
    #expect(target.isEnabled)
    #expect(target.enabledWrites == writesBefore + 1)
  }

  @Test func aCoalescedBlockWritesTheCombinedTargetOnceWithTheFinalValue() {
    let flags = Flags()
    let target = CountingSwitch()
    target.bind(\.isEnabled, to: flags, \.a)
    target.bind(\.isEnabled, to: flags, \.b)
    var seen: [Bool] = []
    let token = observe(target, \.isEnabled) { seen.append($0.newValue) }
    let writesBefore = target.enabledWrites
    withCoalescedChanges {
      flags.a = true
      flags.b = true
      flags.a = false
      flags.a = true
    }
    #expect(target.enabledWrites == writesBefore + 1)
    #expect(seen == [true])
    _ = token
  }

  @Test func aCoalescedBlockDeliversEachObservationOnceWithTheFirstOldValue() {
    let person = Person(firstName: "Ada")
    var changes: [String] = []
    var tracked: [String?] = []
    let a = observe(person, \.firstName) { changes.append("\($0.oldValue ?? "-")→\($0.newValue)") }
    let b = observe {
      person.fullName
    } onChange: {
      tracked.append($0)
    }
    withCoalescedChanges {
      person.firstName = "Augusta"
      withCoalescedChanges { person.lastName = "King" }  // nested: delivered with the outer one
      person.firstName = "Ada"
      #expect(changes.isEmpty)
    }
    #expect(changes == [])  // back to where it started: nothing changed
    #expect(tracked == ["Ada King"])
    withCoalescedChanges {
      person.firstName = "Grace"
      person.firstName = "Augusta"
    }
    #expect(changes == ["Ada→Augusta"])
    _ = (a, b)
  }

  @Test func aBindingInsideACoalescedBlockIsWrittenOnceAtItsEnd() {
    let person = Person()
    let field = CountingField()
    field.bind(\.text, to: person, \.firstName)
    let setsBefore = field.setCount
    withCoalescedChanges {
      person.firstName = "A"
      person.firstName = "Ad"
      person.firstName = "Ada"
      #expect(field.text == "")
    }
    #expect(field.text == "Ada")
    #expect(field.setCount == setsBefore + 1)
  }

  @Test func aBindingWhoseSourceEndsACoalescedBlockWhereItBeganIsNotWritten() {
    let person = Person(firstName: "Ada")
    let field = CountingField()
    field.bind(\.text, to: person, \.firstName)
    let setsBefore = field.setCount
    withCoalescedChanges {
      person.firstName = "Grace"
      person.firstName = "Ada"
    }
    #expect(field.text == "Ada")
    #expect(field.setCount == setsBefore)
    withCoalescedChanges { person.firstName = "Grace" }
    #expect(field.text == "Grace")
    #expect(field.setCount == setsBefore + 1)
  }

  @Test func anInputWhoseSourceDiesIsDroppedAndTheOthersStillCombine() {
    let kept = Flags()
    let target = CountingSwitch()
    var dying: Flags? = Flags()
    let keptBinding = target.bind(\.isEnabled, to: kept, \.a)
    let dyingBinding = target.bind(\.isEnabled, to: dying ?? kept, \.b)
    kept.a = true
    #expect(!target.isEnabled)  // b is false
    dying = nil
    #expect(!dyingBinding.isBound)
    kept.a = false
    kept.a = true
    #expect(target.isEnabled)  // only a is left
    #expect(keptBinding.isBound)
  }

  @Test func directAndTrackedInputsCombineInOneGroup() {
    let controller = PersonController()
    let flags = Flags()
    let field = HeadlessTextField()
    field.bind(\.isEnabled, to: flags, \.a)  // one property: followed by address
    // a chain
    field.bind(\.isEnabled, to: .keyPath(controller, \.person?.firstName, converted: IsNotEmptyTransformer()))
    flags.a = true
    #expect(!field.isEnabled)
    controller.person = Person(firstName: "Ada")
    #expect(field.isEnabled)
    controller.person?.firstName = ""
    #expect(!field.isEnabled)
  }

  @Test func combinedBindingsLetTheirObjectsGo() {
    let tracker = LifetimeTracker()
    do {
      let controller = tracker.track(PersonController(person: tracker.track(Person())))
      let field = tracker.track(HeadlessTextField())
      field.bind(\.isEnabled, to: .keyPath(controller, \.person, converted: IsNotNilTransformer()))
      field.bind(\.isEnabled, to: .keyPath(controller, \.isSaving, converted: NegateBooleanTransformer()))
      controller.isSaving = true
    }
    #expect(tracker.liveCount == 0, "alive: \(tracker.liveTypeNames)")
  }
}

@KeyValueObservable
final class Flags {
  var a = false
  var b = false
  var c = false
}

/// A target written without the macro whose `isEnabled` combines with AND and counts its writes.
final class CountingSwitch: BooleanCombining {
  let keyValueRegistrar = KeyValueRegistrar()
  private(set) var enabledWrites = 0
  private var _isEnabled = false

  var isEnabled: Bool {
    get {
      keyValueRegistrar.access(self, PropertyID("isEnabled"), \.isEnabled)
      return _isEnabled
    }
    set {
      enabledWrites += 1
      let old = _isEnabled
      guard old != newValue else { return }
      _isEnabled = newValue
      keyValueRegistrar.didSet(self, PropertyID("isEnabled"), \.isEnabled, from: old, to: newValue)
    }
  }

  static func booleanCombination(for property: AnyKeyPath) -> BooleanCombination? {
    property == \CountingSwitch.isEnabled ? .and : nil
  }
}
