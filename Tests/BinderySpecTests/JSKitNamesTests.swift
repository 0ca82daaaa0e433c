import Bindery
import Testing

@Suite("JSKit's transformer names")
struct JSKitNamesTests {
  @Test("JSKit's six standard transformer names find the transformers registered under our names")
  func jsKitNamesFindTheStandardTransformers() throws {
    let registry = BindingTransformerRegistry()
    let expected = [
      "JSIsNullValueTransformer": "IsNil", "JSIsNilValueTransformer": "IsNil",
      "JSIsNotNullValueTransformer": "IsNotNil", "JSIsNotNilValueTransformer": "IsNotNil",
      "JSIsEmptyValueTransformer": "IsEmpty", "JSIsNotEmptyValueTransformer": "IsNotEmpty",
      "JSNegateBooleanValueTransformer": "NegateBoolean",
      "JSCommaSeparatedListValueTransformer": "CommaSeparatedList",
    ]
    #expect(BindingTransformerRegistry.jsKitNames == expected)
    for (jsKitName, name) in expected {
      let transformer = try #require(registry.transformer(named: jsKitName), "\(jsKitName)")
      #expect(transformer.name == name)
    }
    let negate = try #require(registry.transformer(named: "JSNegateBooleanValueTransformer"))
    #expect(try negate.transform(true) as? Bool == false)
    let isNotNull = try #require(registry.transformer(named: "JSIsNotNullValueTransformer"))
    #expect(try isNotNull.transform(nil) as? Bool == false)
    #expect(try isNotNull.transform("Ada") as? Bool == true)
  }

  @Test("JSKit's names are spellings only: not listed, not found for an unknown JS name, and a registered name wins")
  func jsKitNamesAreSpellingsOnly() {
    let registry = BindingTransformerRegistry()
    #expect(!registry.names.contains { $0.hasPrefix("JS") })
    #expect(registry.transformer(named: "JSIsNotNulValueTransformer") == nil)
    #expect(registry.transformer(named: "JSUppercaseValueTransformer") == nil)
    // Without the standard transformers, the JSKit names find nothing either.
    #expect(BindingTransformerRegistry(includingStandard: false).transformer(named: "JSIsNilValueTransformer") == nil)
    // A project's own transformer registered under a JSKit name is the one found.
    registry.register(AnyBindingTransformer(name: "JSIsNullValueTransformer") { _ in "mine" })
    #expect(registry.transformer(named: "JSIsNullValueTransformer")?.name == "JSIsNullValueTransformer")
    #expect(registry.transformer(named: "IsNil")?.name == "IsNil")
  }
}
