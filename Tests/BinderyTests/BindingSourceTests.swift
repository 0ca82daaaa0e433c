import Bindery
import BinderyControls
import BinderyTestKit
import Testing

@KeyValueObservable
private final class Ledger {
  var owner = "Ada"
  var balance = 12
  var nickname: String? = "Countess"
  var isLocked = false
  var holder: Ledger?
  var choice: MarkedValue<String> = .value("Ada")
  var amount: MarkedValue<Int> = .value(3)
}

@KeyValueObservable
private final class Caption {
  var text = "untitled"
  var count = 0
  var isOn = true
}

private struct Rejected: Error {}

private var countText: ClosureTransformer<Int, String> {
  ClosureTransformer(
    forward: { "\($0)" },
    reverse: { text in
      guard let value = Int(text) else { throw Rejected() }
      return value
    }
  )
}

@Suite("Binding sources: every kind of source is a value passed to one bind")
struct BindingSourceTests {
  @Test func aKeyPathSourceBindsLikeTheTypedShorthand() {
    let ledger = Ledger()
    let caption = Caption()
    let binding = caption.bind(\.text, to: .keyPath(ledger, \.owner))
    #expect(caption.text == "Ada")
    #expect(binding.direction == .both)
    caption.text = "Grace"
    #expect(ledger.owner == "Grace")
    ledger.owner = "Hedy"
    #expect(caption.text == "Hedy")
  }

  @Test func aKeyPathSourceIsLiftedIntoAnOptionalTarget() {
    let ledger = Ledger()
    let field = HeadlessTextField()
    field.bind(\.text, to: .keyPath(ledger, \.owner))
    #expect(field.text == "Ada")
    _ = field.userDidEdit(text: "Grace")
    #expect(ledger.owner == "Grace")
    _ = field.userDidEdit(text: nil)
    #expect(ledger.owner == "Grace")
  }

  @Test func anOptionalChainIntoANonOptionalTargetKeepsItsValueAndShowsThePlaceholder() {
    let ledger = Ledger()
    ledger.holder = Ledger()
    let caption = Caption()
    caption.bind(\.text, to: .keyPath(ledger, \.holder?.nickname))
    #expect(caption.text == "Countess")
    ledger.holder?.nickname = nil
    #expect(caption.text == "Countess")
    caption.bind(
      \.text,
      to: .keyPath(ledger, \.holder?.nickname)
        .placeholders(BindingPlaceholders(nullValue: "none", notApplicable: "no holder")))
    #expect(caption.text == "none")
    ledger.holder = nil
    #expect(caption.text == "no holder")
  }

  @Test func aConvertedSourceConvertsBothWaysAndReportsAValueThatDoesNotConvert() {
    let ledger = Ledger()
    let field = HeadlessTextField()
    let binding = field.bind(\.text, to: .keyPath(ledger, \.balance, converted: countText))
    #expect(field.text == "12")
    #expect(binding.direction == .both)
    _ = field.userDidEdit(text: "40")
    #expect(ledger.balance == 40)
    _ = field.userDidEdit(text: "forty")
    #expect(ledger.balance == 40)
    if case .conversionFailed? = field.validationError {} else { Issue.record("expected a conversion error") }
  }

  @Test func aConvertedSourceFeedsANonOptionalTarget() {
    let ledger = Ledger()
    let caption = Caption()
    caption.bind(\.isOn, to: .keyPath(ledger, \.isLocked, converted: NegateBooleanTransformer()))
    #expect(caption.isOn)
    ledger.isLocked = true
    #expect(!caption.isOn)
    caption.isOn = true
    #expect(!ledger.isLocked)
  }

  @Test func theEditingFormIsShownWhileTheUserEditsAndTheDisplayFormAfter() {
    let ledger = Ledger()
    let field = HeadlessTextField()
    let display = ClosureTransformer<Int, String>(
      forward: { "€\($0)" }, reverse: { try countText.reverseTransform($0) })
    field.bind(\.text, to: .keyPath(ledger, \.balance, converted: display, editing: countText))
    #expect(field.text == "€12")
    field.userDidBeginEditing()
    #expect(field.text == "12")
    _ = field.userDidEdit(text: "15")
    field.userDidEndEditing()
    #expect(ledger.balance == 15)
    #expect(field.text == "€15")
  }

  @Test func theEditingFormAlsoWorksForANonOptionalTarget() {
    let ledger = Ledger()
    let caption = Caption()
    let display = ClosureTransformer<Int, String>(
      forward: { "€\($0)" }, reverse: { try countText.reverseTransform($0) })
    caption.bind(\.text, to: .keyPath(ledger, \.balance, converted: display, editing: countText))
    #expect(caption.text == "€12")
    caption.text = "30"
    #expect(ledger.balance == 30)
  }

  @Test func aMarkedSourceShowsPlaceholdersForMarkersInOptionalAndNonOptionalTargets() {
    let ledger = Ledger()
    let field = HeadlessTextField()
    let caption = Caption()
    let placeholders = BindingPlaceholders<String>(multipleValues: "Multiple", noSelection: "None")
    field.bind(\.text, to: .marked(ledger, \.choice).placeholders(BindingPlaceholders(noSelection: "None")))
    caption.bind(\.text, to: .marked(ledger, \.choice).placeholders(placeholders))
    #expect(field.text == "Ada")
    #expect(caption.text == "Ada")
    ledger.choice = .marker(.multipleValues)
    #expect(field.text == nil)
    #expect(caption.text == "Multiple")
    ledger.choice = .marker(.noSelection)
    #expect(field.text == "None")
    #expect(caption.text == "None")
    caption.text = "Grace"
    #expect(ledger.choice.value == "Grace")
  }

  @Test func aMarkedSourceWithoutAPlaceholderLeavesANonOptionalTargetAsItIs() {
    let ledger = Ledger()
    let caption = Caption()
    caption.bind(\.count, to: .marked(ledger, \.amount))
    #expect(caption.count == 3)
    ledger.amount = .marker(.multipleValues)
    #expect(caption.count == 3)
    ledger.amount = .value(5)
    #expect(caption.count == 5)
  }

  @Test func aMarkedSourceConvertsValuesAndNotMarkers() {
    let ledger = Ledger()
    let field = HeadlessTextField()
    field.bind(
      \.text,
      to: .marked(ledger, \.amount, converted: countText).placeholders(BindingPlaceholders(noSelection: "—")))
    #expect(field.text == "3")
    ledger.amount = .marker(.noSelection)
    #expect(field.text == "—")
    ledger.amount = .value(8)
    _ = field.userDidEdit(text: "9")
    #expect(ledger.amount.value == 9)
  }

  @Test func aStringKeyPathIsCheckedWhenTheSourceIsMadeAndThenBindsTwoWays() throws {
    let ledger = Ledger()
    let field = HeadlessTextField()
    #expect(throws: KeyValueCodingError.self) { try BindingSource<String?>.keyPath(ledger, "ownr") }
    #expect(throws: KeyValueCodingError.self) { try BindingSource<Bool>.keyPath(ledger, "owner") }
    let binding = field.bind(\.text, to: try .keyPath(ledger, "owner"))
    #expect(field.text == "Ada")
    #expect(binding.direction == .both)
    _ = field.userDidEdit(text: "Grace")
    #expect(ledger.owner == "Grace")
  }

  @Test func aStringKeyPathThatMayBeNilFeedsANonOptionalTarget() throws {
    let ledger = Ledger()
    ledger.holder = Ledger()
    let caption = Caption()
    caption.bind(\.text, to: try .keyPath(ledger, "holder.nickname"))
    #expect(caption.text == "Countess")
    ledger.holder = nil
    #expect(caption.text == "Countess")
    caption.bind(\.text, to: try .keyPath(ledger, "holder.nickname").placeholders(BindingPlaceholders(nullValue: "—")))
    #expect(caption.text == "—")
  }

  @Test func aStringKeyPathConvertsThroughATransformerWhoseTypesAreChecked() throws {
    let ledger = Ledger()
    let field = HeadlessTextField()
    #expect(throws: KeyValueCodingError.self) {
      try BindingSource<String?>.keyPath(ledger, "owner", converted: countText)
    }
    field.bind(\.text, to: try .keyPath(ledger, "balance", converted: countText))
    #expect(field.text == "12")
    _ = field.userDidEdit(text: "13")
    #expect(ledger.balance == 13)
  }

  @Test func aComputedSourceIsReadOnlyAndFollowsWhatItReads() {
    let ledger = Ledger()
    let caption = Caption()
    let binding = caption.bind(
      \.text, to: .computed(from: ledger, named: "greeting") { "Hello, \($0.owner)" },
      options: BindingOptions(direction: .both))
    #expect(caption.text == "Hello, Ada")
    #expect(binding.direction == .sourceToTarget)
    ledger.owner = "Grace"
    #expect(caption.text == "Hello, Grace")
    caption.text = "edited"
    #expect(ledger.owner == "Grace")
  }

  @Test func aPatternSourceRendersItsInputsAndRejectsABadPatternWhenMade() throws {
    let ledger = Ledger()
    let caption = Caption()
    let field = HeadlessTextField()
    #expect(throws: ExpressionError.self) {
      try BindingSource<String>.pattern("%{value2}@", .keyPath(ledger, \.owner))
    }
    caption.bind(
      \.text,
      to: try .pattern(
        "%{value1}@ has %{value2}@", .keyPath(ledger, \.owner), .keyPath(ledger, \.balance, converted: countText)))
    field.bind(\.text, to: try .pattern("%{value1}@!", .keyPath(ledger, \.owner)))
    #expect(caption.text == "Ada has 12")
    #expect(field.text == "Ada!")
    ledger.balance = 20
    #expect(caption.text == "Ada has 20")
  }

  @Test func validationChecksTheValueTheUserEnteredAndKeepsTheSource() {
    let ledger = Ledger()
    let field = HeadlessTextField()
    field.bind(
      \.text,
      to: .keyPath(ledger, \.balance, converted: countText)
        .validated { text in if text?.hasPrefix("-") == true { throw Rejected() } }
        .validated { text in if text == "13" { throw Rejected() } })
    _ = field.userDidEdit(text: "-5")
    #expect(ledger.balance == 12)
    if case .validationFailed? = field.validationError {} else { Issue.record("expected a validation error") }
    _ = field.userDidEdit(text: "13")
    #expect(ledger.balance == 12)
    _ = field.userDidEdit(text: "14")
    #expect(ledger.balance == 14)
    #expect(field.validationError == nil)
  }

  @Test func aValueTheDisplayFormReadsAndItsCheckRefusesIsNotTakenByTheEditingForm() {
    let ledger = Ledger()
    let field = HeadlessTextField()
    let display = countText.validated { if $0 < 0 { throw Rejected() } }
    field.bind(\.text, to: .keyPath(ledger, \.balance, converted: display, editing: countText))
    field.userDidEdit(text: "-5")
    #expect(ledger.balance == 12)
    if case .validationFailed? = field.validationError {} else { Issue.record("expected a validation error") }
    field.userDidEdit(text: "5")
    #expect(ledger.balance == 5)
  }

  @Test func aSourceHoldsNeitherEndOnceBound() throws {
    try expectReleased { tracker in
      let ledger = tracker.track(Ledger())
      let caption = tracker.track(Caption())
      caption.bind(\.text, to: .keyPath(ledger, \.owner))
      caption.bind(\.count, to: .keyPath(ledger, \.balance))
      caption.bind(\.isOn, to: try .keyPath(ledger, "isLocked"))
      #expect(caption.text == "Ada")
    }
  }

  @Test func unbindingASourcesBindingStopsDelivery() throws {
    let ledger = Ledger()
    let caption = Caption()
    let binding = caption.bind(\.text, to: try .keyPath(ledger, "owner"))
    expectChangedOnce(caption, \.text, to: "Grace") { ledger.owner = "Grace" }
    binding.unbind()
    ledger.owner = "Hedy"
    #expect(caption.text == "Grace")
    expectBindings(caption, count: 0)
  }
}
