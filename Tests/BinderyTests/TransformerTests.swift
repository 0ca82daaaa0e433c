import Bindery
import BinderyControls
import BinderyTestFixtures
import BinderyTestKit
import Testing

@Suite("Value transformers")
struct TransformerTests {
  // MARK: The standard six, both ways, with nil, empty and odd inputs

  @Test func isNilAndIsNotNilTellNilApartAndDoNotReverse() throws {
    #expect(IsNilTransformer<Int>().transform(nil))
    #expect(!IsNilTransformer<Int>().transform(0))
    #expect(IsNotNilTransformer<String>().transform(""))
    #expect(!IsNotNilTransformer<String>().transform(nil))
    #expect(!IsNilTransformer<Int>().isReversible)
    #expect(throws: BindingTransformerError.self) { try IsNotNilTransformer<Int>().reverseTransform(true) }
  }

  @Test func isEmptyCoversStringsCollectionsAndNil() {
    #expect(IsEmptyTransformer<String>().transform(""))
    #expect(!IsEmptyTransformer<String>().transform(" "))
    #expect(IsEmptyTransformer<String?>().transform(nil))
    #expect(IsEmptyTransformer<[Int]>().transform([]))
    #expect(!IsEmptyTransformer<[Int]?>().transform([0]))
    #expect(IsEmptyTransformer<[String: Int]>().transform([:]))
    #expect(IsNotEmptyTransformer<Set<Int>>().transform([1]))
    #expect(!IsNotEmptyTransformer<String?>().transform(nil))
    #expect(!IsNotEmptyTransformer<String?>().isReversible)
  }

  @Test func negateBooleanReversesBothWays() throws {
    let negate = NegateBooleanTransformer()
    #expect(negate.transform(true) == false)
    #expect(try negate.reverseTransform(false) == true)
    #expect(negate.isReversible)
  }

  @Test func aCommaSeparatedListJoinsAndParsesBackTrimmingSpaces() throws {
    let list = CommaSeparatedListTransformer()
    #expect(list.transform(["math", "poetry"]) == "math, poetry")
    #expect(list.transform([]) == "")
    #expect(try list.reverseTransform(" math ,poetry,  , engines ") == ["math", "poetry", "engines"])
    #expect(try list.reverseTransform("") == [])
    #expect(try list.reverseTransform(",,,") == [])
    #expect(try list.reverseTransform(list.transform(["a b", "c"])) == ["a b", "c"])
  }

  // MARK: Closure transformers and composition

  @Test func aClosureTransformerIsOneWayWithoutAReverse() throws {
    let boolToString = ClosureTransformer<Bool, String>(forward: { String($0) })  // the article's mapper
    #expect(boolToString.transform(true) == "true")
    #expect(!boolToString.isReversible)
    #expect(throws: BindingTransformerError.self) { try boolToString.reverseTransform("true") }
  }

  @Test func aChainAppliesInOrderAndReversesInReverseOrder() throws {
    let double = ClosureTransformer<Int, Int>(forward: { $0 * 2 }, reverse: { $0 / 2 })
    let describe = ClosureTransformer<Int, String>(
      forward: { "#\($0)" },
      reverse: { text in
        guard text.hasPrefix("#"), let value = Int(text.dropFirst()) else {
          throw BindingTransformerError.invalidValue(transformer: "describe", reason: "not #number")
        }
        return value
      }
    )
    let chain = double.then(describe)
    #expect(chain.transform(21) == "#42")
    #expect(try chain.reverseTransform("#42") == 21)
    #expect(chain.isReversible)
    #expect(throws: BindingTransformerError.self) { try chain.reverseTransform("42") }
    #expect(!IsNotNilTransformer<Int>().then(NegateBooleanTransformer()).isReversible)
  }

  // MARK: Bindings through transformers

  @Test func aFieldIsEnabledOnlyWhileTheControllerHasAPerson() {
    // seed 000: this.firstNameField.bind('enabled', this, 'person', {valueTransformer: JSIsNotNullValueTransformer})
    let controller = PersonController()
    let field = HeadlessTextField()
    let binding = field.bind(\.isEnabled, to: .keyPath(controller, \.person, converted: IsNotNilTransformer()))
    #expect(binding.direction == .sourceToTarget)
    #expect(!field.isEnabled)
    controller.person = Person()
    #expect(field.isEnabled)
    controller.person = nil
    #expect(!field.isEnabled)
  }

  @Test func aReversibleTransformerMakesATwoWayBinding() {
    // a switch shows "not saving"; toggling it writes isSaving back through the negation
    let controller = PersonController()
    let notSaving = HeadlessSwitch()
    let binding = notSaving.bind(\.isOn, to: .keyPath(controller, \.isSaving, converted: NegateBooleanTransformer()))
    #expect(binding.direction == .both)
    #expect(notSaving.isOn)
    notSaving.userDidToggle()
    #expect(controller.isSaving)
    controller.isSaving = false
    #expect(notSaving.isOn)
  }

  @Test func tagsEditedAsTextAreWrittenBackAsAList() {
    let person = Person()
    person.tags = ["math", "poetry"]
    let field = HeadlessTextField()
    field.bind(\.text, to: .keyPath(person, \.tags, converted: CommaSeparatedListTransformer()))
    #expect(field.text == "math, poetry")
    field.userDidEdit(text: "math, engines ,")
    #expect(person.tags == ["math", "engines"])
    #expect(field.text == "math, engines ,")  // the user's text is kept
  }

  @Test func aValueTheReverseRejectsLeavesTheSourceUnchanged() {
    let node = Node()
    node.value = 7
    let field = HeadlessTextField()
    let number = ClosureTransformer<Int, String>(
      forward: { String($0) },
      reverse: { text in
        guard let value = Int(text) else {
          throw BindingTransformerError.invalidValue(transformer: "number", reason: "not a number")
        }
        return value
      }
    )
    field.bind(\.text, to: .keyPath(node, \.value, converted: number))
    field.userDidEdit(text: "twelve")
    #expect(node.value == 7)
    field.userDidEdit(text: "12")
    #expect(node.value == 12)
  }

  @Test func aTransformerThatCannotReverseMakesTheBindingReadOnly() {
    let settings = Settings()
    let label = HeadlessLabel()
    let binding = label.bind(
      \.text, to: .keyPath(settings, \.notifications, converted: ClosureTransformer { $0 ? "on" : "off" })
    )
    #expect(binding.direction == .sourceToTarget)
    #expect(label.text == "off")
    settings.notifications = true
    #expect(label.text == "on")
  }

  // MARK: The registry

  @Test func theRegistryHasTheStandardSixByName() throws {
    let registry = BindingTransformerRegistry()
    #expect(registry.names == ["CommaSeparatedList", "IsEmpty", "IsNil", "IsNotEmpty", "IsNotNil", "NegateBoolean"])
    let isNil = try #require(registry.transformer(named: "IsNil"))
    #expect(try isNil.transform(nil) as? Bool == true)
    #expect(try isNil.transform(Optional<Int>.none) as? Bool == true)
    #expect(try isNil.transform(3) as? Bool == false)
    let isEmpty = try #require(registry.transformer(named: "IsEmpty"))
    #expect(try isEmpty.transform("") as? Bool == true)
    #expect(try isEmpty.transform([1]) as? Bool == false)
    #expect(try isEmpty.transform(Optional<String>.none) as? Bool == true)
    #expect(try isEmpty.transform(5) as? Bool == false)
    let list = try #require(registry.transformer(named: "CommaSeparatedList"))
    #expect(try list.reverseTransform("a, b") as? [String] == ["a", "b"])
    #expect(list.isReversible)
    #expect(!isNil.isReversible)
  }

  @Test func aValueOfTheWrongTypeIsATypedErrorNotACrash() throws {
    let negate = try #require(BindingTransformerRegistry.shared.transformer(named: "NegateBoolean"))
    #expect(throws: BindingTransformerError.wrongType(transformer: "NegateBoolean", expected: "Bool", got: "String")) {
      try negate.transform("yes")
    }
    #expect(throws: BindingTransformerError.wrongType(transformer: "NegateBoolean", expected: "Bool", got: "nil")) {
      try negate.reverseTransform(nil)
    }
    let isNil = try #require(BindingTransformerRegistry.shared.transformer(named: "IsNil"))
    #expect(throws: BindingTransformerError.notReversible(transformer: "IsNil")) { try isNil.reverseTransform(true) }
  }

  @Test func usersRegisterTheirOwnTransformersAndReplaceByName() throws {
    let registry = BindingTransformerRegistry(includingStandard: false)
    #expect(registry.names.isEmpty)
    registry.register(Doubler(), named: "Double")
    #expect(try registry.transformer(named: "Double")?.transform(4) as? Int == 8)
    registry.register(AnyBindingTransformer(name: "Double") { _ in 0 })
    #expect(try registry.transformer(named: "Double")?.transform(4) as? Int == 0)
    #expect(registry.transformer(named: "Unknown") == nil)
  }
}

private struct Doubler: BindingTransformer, Sendable {
  func transform(_ value: Int) -> Int { value * 2 }
}
