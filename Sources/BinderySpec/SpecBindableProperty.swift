import Bindery
import BinderyExpressions

/// A target property named in a file, opened to its typed key path so the typed binding API can be
/// called with it.
protocol SpecBindableProperty {
  var valueType: Any.Type { get }
  /// Checks the binding of the property of `target` to an expression on `context`, and returns what
  /// makes it.
  func prepare(
    expression: String,
    on target: AnyObject,
    to context: any KeyValueCoding,
    root: (any KeyValueCoding)?,
    transformers: BindingTransformerRegistry
  ) throws(ExpressionError) -> () throws(ExpressionError) -> PropertyBinding
  /// Checks (without binding) or binds the property of `target` to a string key path of `source`.
  func bind(
    keyPath: KeyValuePath,
    on target: AnyObject,
    to source: any KeyValueCoding,
    transformer: AnyBindingTransformer?,
    options: BindingOptions,
    perform: Bool
  ) throws(KeyValueCodingError) -> PropertyBinding?
  /// Whether the property combines several Boolean bindings (AND, OR).
  func combines(on target: AnyObject) -> Bool
}

extension ReferenceWritableKeyPath: SpecBindableProperty where Root: KeyValueObservable {
  var valueType: Any.Type { Value.self }

  func prepare(
    expression: String,
    on target: AnyObject,
    to context: any KeyValueCoding,
    root: (any KeyValueCoding)?,
    transformers: BindingTransformerRegistry
  ) throws(ExpressionError) -> () throws(ExpressionError) -> PropertyBinding {
    guard let target = target as? Root else {
      throw ExpressionError("the target is not a \(Root.self)", at: .start, in: expression, kind: .type)
    }
    func open<Context: KeyValueCoding>(
      _ context: Context
    ) throws(ExpressionError) -> () throws(ExpressionError) -> PropertyBinding {
      try target.prepareBinding(self, to: context, expression: expression, root: root, transformers: transformers)
    }
    return try open(context)
  }

  func bind(
    keyPath: KeyValuePath,
    on target: AnyObject,
    to source: any KeyValueCoding,
    transformer: AnyBindingTransformer?,
    options: BindingOptions,
    perform: Bool
  ) throws(KeyValueCodingError) -> PropertyBinding? {
    guard let target = target as? Root else { return nil }
    func open<Source: KeyValueCoding>(_ source: Source) throws(KeyValueCodingError) -> PropertyBinding? {
      guard let transformer else {
        guard perform else {
          try keyPath.checkBindable(to: Value.self)
          return nil
        }
        return try target.bind(self, to: source, keyPath: keyPath.text, options: options)
      }
      let adapter = ErasedTransformerAdapter<Value>(transformer)
      guard perform else {
        try keyPath.checkBindable(to: Any?.self)
        return nil
      }
      return try target.bind(self, to: source, keyPath: keyPath.text, transformer: adapter, options: options)
    }
    return try open(source)
  }

  func combines(on target: AnyObject) -> Bool {
    guard Value.self == Bool.self, let combining = type(of: target) as? any BooleanCombining.Type else { return false }
    return combining.booleanCombination(for: self) != nil
  }
}

/// A registry transformer (types known at run time) as a typed transformer whose output is the
/// property's type; the loader checks the types before it is used.
struct ErasedTransformerAdapter<Output>: BindingTransformer {
  let transformer: AnyBindingTransformer
  let fallback: Output?

  init(_ transformer: AnyBindingTransformer) {
    self.transformer = transformer
    self.fallback = RuntimeTypes.none(of: Output.self) as? Output
  }

  func transform(_ value: Any?) -> Output {
    if let output = (try? transformer.transform(value)) as? Output { return output }
    // The loader checked the types; a value that does not convert shows as nil (or false).
    return fallback ?? (false as? Output) ?? (0 as? Output) ?? ("" as? Output) ?? Self.missing()
  }

  func reverseTransform(_ value: Output) throws -> Any? {
    try transformer.reverseTransform(value)
  }

  var isReversible: Bool { transformer.isReversible }

  private static func missing() -> Output {
    preconditionFailure("the transformer's output type was checked at load time")
  }
}
