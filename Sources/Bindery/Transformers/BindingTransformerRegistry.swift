/// Transformers by name, so spec files can name them; register your own next to the standard six.
///
/// ```swift
/// BindingTransformerRegistry.shared.register(Celsius(), named: "Celsius")
/// let transformer = BindingTransformerRegistry.shared.transformer(named: "IsNotNil")
/// ```
///
/// The standard names: `IsNil`, `IsNotNil`, `IsEmpty`, `IsNotEmpty`, `NegateBoolean`,
/// `CommaSeparatedList`. Registering a name again replaces the transformer.
///
/// JSKit's names of the same six (`JSIsNotNullValueTransformer`, `JSNegateBooleanValueTransformer`,
/// …, see ``jsKitNames``) are accepted as they are: ``transformer(named:)`` finds the transformer
/// registered under the name each stands for. They are spellings only: ``names`` lists the
/// registered names, and a transformer found under a JSKit name has the name it is registered
/// under.
public final class BindingTransformerRegistry: Sendable {
  /// The registry spec files use, with the standard transformers.
  public static let shared = BindingTransformerRegistry()

  /// Makes a transformer for values of `valueType` from the settings an expression writes inline for
  /// it (`numberFormatter: { numberStyle: .currency, currencyCode: "EUR" }`): strings, numbers,
  /// Booleans, and case names (`.currency`) as strings. Throws a ``TransformerSettingsError`` naming
  /// the setting at fault.
  public typealias Factory =
    @Sendable (_ settings: [String: any Sendable], _ valueType: Any.Type) throws(TransformerSettingsError) ->
    AnyBindingTransformer

  private let table = Locked<[String: AnyBindingTransformer]>([:])
  private let factories = Locked<[String: Factory]>([:])
  let validators = Locked<[String: Validator]>([:])

  /// Creates a registry, with the standard transformers unless `includingStandard` is `false`.
  public init(includingStandard: Bool = true) {
    guard includingStandard else { return }
    for transformer in Self.standard { register(transformer) }
  }

  /// Adds a transformer under its name, replacing one of the same name.
  public func register(_ transformer: AnyBindingTransformer) {
    table.withLock { $0[transformer.name] = transformer }
  }

  /// Adds a typed transformer under `name`, replacing one of the same name.
  public func register<Transformer: BindingTransformer & Sendable>(_ transformer: Transformer, named name: String) {
    register(AnyBindingTransformer(transformer, name: name))
  }

  /// The transformer registered under `name`, if any; for one of JSKit's names (``jsKitNames``)
  /// that is not registered itself, the transformer registered under the name it stands for.
  public func transformer(named name: String) -> AnyBindingTransformer? {
    table.withLock { table in
      if let transformer = table[name] { return transformer }
      return Self.jsKitNames[name].flatMap { table[$0] }
    }
  }

  /// JSKit's names of the standard transformers, each with the name it stands for here
  /// (`JSIsNotNullValueTransformer` stands for `IsNotNil`). Both `Null` and `Nil` spellings are
  /// accepted.
  public static let jsKitNames: [String: String] = [
    "JSIsNullValueTransformer": "IsNil",
    "JSIsNilValueTransformer": "IsNil",
    "JSIsNotNullValueTransformer": "IsNotNil",
    "JSIsNotNilValueTransformer": "IsNotNil",
    "JSIsEmptyValueTransformer": "IsEmpty",
    "JSIsNotEmptyValueTransformer": "IsNotEmpty",
    "JSNegateBooleanValueTransformer": "NegateBoolean",
    "JSCommaSeparatedListValueTransformer": "CommaSeparatedList",
  ]

  /// Every registered name, sorted.
  public var names: [String] { table.withLock { $0.keys.sorted() } }

  /// Adds a factory under `name` (the attribute an expression writes its settings under, such as
  /// `numberFormatter`), replacing one of the same name.
  public func register(factory: @escaping Factory, named name: String) {
    factories.withLock { $0[name] = factory }
  }

  /// The factory registered under `name`, if any.
  package func factory(named name: String) -> Factory? {
    factories.withLock { $0[name] }
  }

  /// The names factories are registered under, sorted.
  package var factoryNames: [String] { factories.withLock { $0.keys.sorted() } }

  /// The six standard transformers (JSKit's six, under the names of this registry), over values of
  /// any type.
  public static let standard: [AnyBindingTransformer] = [
    AnyBindingTransformer(name: "IsNil") { isNilValue($0) },
    AnyBindingTransformer(name: "IsNotNil") { !isNilValue($0) },
    AnyBindingTransformer(name: "IsEmpty") { isEmptyValue($0) },
    AnyBindingTransformer(name: "IsNotEmpty") { !isEmptyValue($0) },
    AnyBindingTransformer(NegateBooleanTransformer(), name: "NegateBoolean"),
    AnyBindingTransformer(CommaSeparatedListTransformer(), name: "CommaSeparatedList"),
  ]
}

/// Whether a value seen as `Any?` is empty: `nil`, an empty string or an empty collection.
func isEmptyValue(_ value: Any?) -> Bool {
  if isNilValue(value) { return true }
  if let testable = value as? any EmptyTestable { return testable.isEmptyValue }
  if let collection = value as? any Collection { return collection.isEmpty }
  return false
}
