/// A transformer whose types are known only at run time: what the registry keeps, so spec files can
/// name transformers.
///
/// ```swift
/// let negate = AnyBindingTransformer(NegateBooleanTransformer(), name: "NegateBoolean")
/// try negate.transform(true)  // false
/// try negate.transform("yes") // throws BindingTransformerError.wrongType
/// ```
public struct AnyBindingTransformer: @unchecked Sendable, CustomStringConvertible {
  /// The name it is registered under.
  public let name: String
  /// Whether it converts values back.
  public let isReversible: Bool
  /// The type of the values it takes, when it wraps a typed transformer (`nil` for closures).
  public let inputType: Any.Type?
  /// The type of the values it makes, when it wraps a typed transformer (`nil` for closures).
  public let outputType: Any.Type?
  private let forward: @Sendable (Any?) throws -> Any?
  private let reverse: @Sendable (Any?) throws -> Any?

  /// Wraps a typed transformer.
  public init<Transformer: BindingTransformer & Sendable>(_ transformer: Transformer, name: String) {
    self.name = name
    self.isReversible = transformer.isReversible
    self.inputType = Transformer.Input.self
    self.outputType = Transformer.Output.self
    self.forward = { value in
      transformer.transform(try cast(value, to: Transformer.Input.self, for: name))
    }
    self.reverse = { value in
      try transformer.reverseTransform(cast(value, to: Transformer.Output.self, for: name))
    }
  }

  /// Makes a transformer from closures over values of any type; without `reverse` it is one-way.
  public init(
    name: String,
    forward: @escaping @Sendable (Any?) throws -> Any?,
    reverse: (@Sendable (Any?) throws -> Any?)? = nil
  ) {
    self.name = name
    self.isReversible = reverse != nil
    self.inputType = nil
    self.outputType = nil
    self.forward = forward
    self.reverse =
      reverse ?? { _ in throw BindingTransformerError.notReversible(transformer: name) }
  }

  /// Converts a source value for the target.
  ///
  /// - Throws: ``BindingTransformerError/wrongType(transformer:expected:got:)`` for a value of another type.
  public func transform(_ value: Any?) throws -> Any? {
    try forward(value)
  }

  /// Converts a target value back for the source.
  ///
  /// - Throws: ``BindingTransformerError`` when it cannot.
  public func reverseTransform(_ value: Any?) throws -> Any? {
    try reverse(value)
  }

  /// The name.
  public var description: String { name }
}

/// `value` as a `T`, or a ``BindingTransformerError/wrongType(transformer:expected:got:)``.
private func cast<T>(_ value: Any?, to type: T.Type, for transformer: String) throws -> T {
  guard let typed = value as? T else {
    throw BindingTransformerError.wrongType(
      transformer: transformer,
      expected: String(describing: T.self),
      got: describeType(of: value)
    )
  }
  return typed
}

/// The dynamic type of a value, `nil` included, for error messages.
func describeType(of value: Any?) -> String {
  guard let value else { return "nil" }
  return String(describing: type(of: value))
}
