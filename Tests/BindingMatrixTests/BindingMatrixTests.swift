import Bindery
import BinderyControls
import BinderyExpressions
import BinderyTestKit
import Foundation
import Testing

@KeyValueObservable
final class Sheet {
  var name = "Ada"
  var nickname: String? = "Countess"
  var selection: MarkedValue<String> = .value("Ada")
  var holder: Sheet?
  var isReady = true
  var isSaving = false
}

/// Upper case for display, lower case back.
struct Uppercase: BindingTransformer, Sendable {
  func transform(_ value: String) -> String { value.uppercased() }
  func reverseTransform(_ value: String) throws -> String { value.lowercased() }
  var isReversible: Bool { true }
}

/// The text as it is: the editing form of ``Uppercase``.
struct Plain: BindingTransformer, Sendable {
  func transform(_ value: String) -> String { value }
  func reverseTransform(_ value: String) throws -> String { value }
  var isReversible: Bool { true }
}

struct Rejected: Error {}

/// Records what a delegate is told.
final class DelegateRecorder: BindingDelegate, @unchecked Sendable {
  var shown: [String] = []
  func binding(_ binding: PropertyBinding, didUpdateTarget value: Any) {
    shown.append((value as? String?).flatMap { $0 } ?? "\(value)")
  }
}

/// The source of each kind, its value, and how it is changed.
struct Fixture {
  let kind: SourceKind
  let sheet = Sheet()
  let registry: BindingTransformerRegistry = {
    let registry = BindingTransformerRegistry()
    registry.register(Uppercase(), named: "Uppercase")
    registry.register(Plain(), named: "Plain")
    return registry
  }()

  /// The value a two-way binding writes back.
  var sourceValue: String? {
    kind == .marked ? sheet.selection.value : sheet.name
  }

  /// Changes the source value.
  func change(to value: String) {
    if kind == .marked { sheet.selection = .value(value) } else { sheet.name = value }
  }

  /// The source itself.
  func plain() throws -> BindingSource<String?> {
    switch kind {
    case .keyPath: .keyPath(sheet, \.name)
    case .marked: .marked(sheet, \.selection)
    case .stringKeyPath: try .keyPath(sheet, "name")
    case .expression: try .expression(sheet, "name")
    case .pattern: try .pattern("%{value1}@", .keyPath(sheet, \.name))
    case .computed: .computed(from: sheet) { $0.name }
    case .booleanInputs: throw Rejected()
    }
  }

  /// The source in upper case.
  func converted() throws -> BindingSource<String?> {
    switch kind {
    case .keyPath: .keyPath(sheet, \.name, converted: Uppercase())
    case .marked: .marked(sheet, \.selection, converted: Uppercase())
    case .stringKeyPath: try .keyPath(sheet, "name", converted: Uppercase())
    case .expression: try .expression(sheet, "name { transformer: Uppercase }", transformers: registry)
    case .pattern: try .pattern("%{value1}@", .keyPath(sheet, \.name, converted: Uppercase()))
    case .computed: .computed(from: sheet) { Uppercase().transform($0.name) }
    case .booleanInputs: throw Rejected()
    }
  }

  /// The source in upper case, edited as it is.
  func withEditingForm() throws -> BindingSource<String?> {
    switch kind {
    case .keyPath: .keyPath(sheet, \.name, converted: Uppercase(), editing: Plain())
    case .marked: .marked(sheet, \.selection, converted: Uppercase(), editing: Plain())
    case .stringKeyPath: try .keyPath(sheet, "name", converted: Uppercase(), editing: Plain())
    case .expression:
      try .expression(sheet, "name { transformer: Uppercase, editingTransformer: Plain }", transformers: registry)
    case .pattern, .computed, .booleanInputs: throw Rejected()
    }
  }

  /// A source with no value now: the nickname made `nil`, or no selection.
  func empty() throws -> BindingSource<String?> {
    let source: BindingSource<String?> =
      switch kind {
      case .keyPath: .keyPath(sheet, \.nickname)
      case .marked: .marked(sheet, \.selection)
      case .stringKeyPath: try .keyPath(sheet, "nickname")
      case .expression: try .expression(sheet, "nickname")
      case .computed: .computed(from: sheet) { $0.nickname }
      case .pattern, .booleanInputs: throw Rejected()
      }
    return source.placeholders(BindingPlaceholders(nullValue: "none", noSelection: "none"))
  }

  /// Empties the source of ``empty()``.
  func makeEmpty() {
    if kind == .marked { sheet.selection = .marker(.noSelection) } else { sheet.nickname = nil }
  }

  /// A source through an object that may be missing (the holder), or a selection that may be empty.
  func throughHolder() throws -> BindingSource<String?> {
    switch kind {
    case .keyPath: .keyPath(sheet, \.holder?.name)
    case .marked: .marked(sheet, \.selection)
    case .stringKeyPath: try .keyPath(sheet, "holder.name")
    case .expression: try .expression(sheet, "holder.name")
    case .computed: .computed(from: sheet) { $0.holder?.name }
    case .pattern, .booleanInputs: throw Rejected()
    }
  }

  /// Takes the holder (or the selection) away, or gives it back.
  func setHolder(present: Bool) {
    if kind == .marked {
      sheet.selection = present ? .value("Ada") : .marker(.noSelection)
    } else {
      sheet.holder = present ? Sheet() : nil
    }
  }
}

@Suite("Every option with every kind of source (the Bindings article's table)")
struct BindingMatrixTests {
  @Test(arguments: BindingMatrix.kinds(supporting: .twoWay))
  func aWritableSourceIsTwoWayAndADirectionAskedForIsKept(kind: SourceKind) throws {
    let fixture = Fixture(kind: kind)
    let field = HeadlessTextField()
    let binding = field.bind(\.text, to: try fixture.plain())
    #expect(binding.direction == .both)
    #expect(field.text == "Ada")
    field.userDidEdit(text: "Grace")
    #expect(fixture.sourceValue == "Grace")
    let oneWay = field.bind(\.text, to: try fixture.plain(), options: BindingOptions(direction: .sourceToTarget))
    #expect(oneWay.direction == .sourceToTarget)
    field.userDidEdit(text: "Hedy")
    #expect(fixture.sourceValue == "Grace")
  }

  @Test(arguments: [SourceKind.pattern, .computed])
  func aReadOnlySourceStaysOneWayWhateverIsAsked(kind: SourceKind) throws {
    #expect(BindingMatrix.supported[kind]?.contains(.twoWay) == false)
    let fixture = Fixture(kind: kind)
    let field = HeadlessTextField()
    let binding = field.bind(\.text, to: try fixture.plain(), options: BindingOptions(direction: .both))
    #expect(binding.direction == .sourceToTarget)
    field.userDidEdit(text: "Grace")
    #expect(fixture.sourceValue == "Ada")
    fixture.change(to: "Hedy")
    #expect(field.text == "Hedy")
  }

  @Test(arguments: BindingMatrix.kinds(supporting: .conversion).filter { $0 != .booleanInputs })
  func aConversionAppliesBothWays(kind: SourceKind) throws {
    let fixture = Fixture(kind: kind)
    let field = HeadlessTextField()
    field.bind(\.text, to: try fixture.converted())
    #expect(field.text == "ADA")
    fixture.change(to: "Grace")
    #expect(field.text == "GRACE")
    guard BindingMatrix.supported[kind]?.contains(.twoWay) == true else { return }
    field.userDidEdit(text: "HEDY")
    #expect(fixture.sourceValue == "hedy")
  }

  @Test func booleanInputsAreCombinedEachThroughItsOwnConversion() {
    #expect(BindingMatrix.supported[.booleanInputs]?.contains(.conversion) == true)
    let sheet = Sheet()
    let field = HeadlessTextField()
    field.bind(\.isEnabled, to: sheet, \.isReady)
    field.bind(\.isEnabled, to: .keyPath(sheet, \.isSaving, converted: NegateBooleanTransformer()))
    #expect(field.isEnabled)
    sheet.isSaving = true
    #expect(!field.isEnabled)
    sheet.isSaving = false
    sheet.isReady = false
    #expect(!field.isEnabled)
  }

  @Test(arguments: BindingMatrix.kinds(supporting: .editingForm))
  func theEditingFormIsShownWhileTheUserEdits(kind: SourceKind) throws {
    let fixture = Fixture(kind: kind)
    let field = HeadlessTextField()
    field.bind(\.text, to: try fixture.withEditingForm())
    #expect(field.text == "ADA")
    field.userDidBeginEditing()
    #expect(field.text == "Ada")
    field.userDidEdit(text: "Grace")
    field.userDidEndEditing()
    #expect(fixture.sourceValue == "Grace")
    #expect(field.text == "GRACE")
  }

  @Test(arguments: BindingMatrix.kinds(supporting: .validation))
  func aRejectedValueLeavesTheSourceAndShowsTheError(kind: SourceKind) throws {
    let fixture = Fixture(kind: kind)
    let field = HeadlessTextField()
    field.bind(\.text, to: try fixture.plain().validated { if $0 == "bad" { throw Rejected() } })
    field.userDidEdit(text: "bad")
    #expect(fixture.sourceValue == "Ada")
    guard case .validationFailed? = field.validationError else {
      Issue.record("expected a validation failure, got \(String(describing: field.validationError))")
      return
    }
    field.userDidEdit(text: "Grace")
    #expect(fixture.sourceValue == "Grace")
    #expect(field.validationError == nil)
  }

  @Test(arguments: BindingMatrix.kinds(supporting: .placeholders))
  func aPlaceholderStandsInForAMissingValue(kind: SourceKind) throws {
    let fixture = Fixture(kind: kind)
    let field = HeadlessTextField()
    field.bind(\.text, to: try fixture.empty())
    #expect(field.text == (kind == .marked ? "Ada" : "Countess"))
    fixture.makeEmpty()
    #expect(field.text == "none")
  }

  @Test(arguments: BindingMatrix.kinds(supporting: .onCommit))
  func anEditOnCommitWaitsForTheEndOfEditing(kind: SourceKind) throws {
    let fixture = Fixture(kind: kind)
    let field = HeadlessTextField()
    field.bind(\.text, to: try fixture.plain(), options: BindingOptions(updatesContinuously: false))
    field.userDidBeginEditing()
    field.userDidEdit(text: "Grace")
    #expect(fixture.sourceValue == "Ada")
    field.userDidEndEditing()
    #expect(fixture.sourceValue == "Grace")
  }

  @MainActor
  @Test(arguments: BindingMatrix.kinds(supporting: .delivery))
  func aChangeIsDeliveredWhereAsked(kind: SourceKind) async throws {
    if kind == .booleanInputs {
      // The group writes where its inputs' delivery asks.
      let sheet = Sheet()
      let field = HeadlessTextField()
      let options = BindingOptions(delivery: .mainActor)
      field.bind(\.isEnabled, to: sheet, \.isReady, options: options)
      field.bind(\.isEnabled, to: .keyPath(sheet, \.isSaving, converted: NegateBooleanTransformer()), options: options)
      sheet.isSaving = true
      #expect(field.isEnabled)  // not yet: delivered after this turn of the main actor
      for _ in 0..<1000 where field.isEnabled { try await Task.sleep(for: .milliseconds(1)) }
      #expect(!field.isEnabled)
      return
    }
    let fixture = Fixture(kind: kind)
    let field = HeadlessTextField()
    field.bind(\.text, to: try fixture.plain(), options: BindingOptions(delivery: .mainActor))
    for _ in 0..<1000 where field.text != "Ada" { try await Task.sleep(for: .milliseconds(1)) }
    #expect(field.text == "Ada")
    fixture.change(to: "Grace")
    #expect(field.text == "Ada")  // not yet: delivered after this turn of the main actor
    for _ in 0..<1000 where field.text != "Grace" { try await Task.sleep(for: .milliseconds(1)) }
    #expect(field.text == "Grace")
  }

  @Test(arguments: BindingMatrix.kinds(supporting: .delegate))
  func theDelegateHearsOfEveryUpdate(kind: SourceKind) throws {
    let fixture = Fixture(kind: kind)
    let field = HeadlessTextField()
    let recorder = DelegateRecorder()
    field.bind(\.text, to: try fixture.plain()).delegate = recorder
    fixture.change(to: "Grace")
    #expect(recorder.shown == ["Grace"])
  }

  @Test(arguments: BindingMatrix.kinds(supporting: .conditionallyEnabled))
  func theControlIsDisabledWhileThereIsNothingToShow(kind: SourceKind) throws {
    let fixture = Fixture(kind: kind)
    fixture.setHolder(present: true)
    let field = HeadlessTextField()
    field.bind(\.text, to: try fixture.throughHolder(), options: BindingOptions(conditionallySetsEnabled: true))
    #expect(field.isEnabled)
    fixture.setHolder(present: false)
    #expect(!field.isEnabled)
    fixture.setHolder(present: true)
    #expect(field.isEnabled)
  }

  @Test(arguments: SourceKind.allCases.filter { $0 != .booleanInputs })
  func aBindingOfEveryKindLetsItsObjectsGoAndEndsWithUnbind(kind: SourceKind) throws {
    try expectReleased { tracker in
      let fixture = Fixture(kind: kind)
      _ = tracker.track(fixture.sheet)
      let field = tracker.track(HeadlessTextField())
      let binding = field.bind(\.text, to: try fixture.plain())
      expectBindings(field, count: 1)
      binding.unbind()
      fixture.change(to: "Grace")
      #expect(field.text == "Ada")
      expectBindings(field, count: 0)
    }
  }

  @Test func theBindingsArticleTableIsThisMatrix() throws {
    let article = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appending(path: "Sources/Bindery/Bindery.docc/Bindings.md")
    let text = try String(contentsOf: article, encoding: .utf8)
    let start = try #require(text.range(of: "<!-- binding-matrix -->\n"))
    let end = try #require(text.range(of: "\n<!-- /binding-matrix -->"))
    #expect(String(text[start.upperBound..<end.lowerBound]) == BindingMatrix.markdown)
  }
}
