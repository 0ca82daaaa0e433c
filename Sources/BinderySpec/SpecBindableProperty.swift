import Bindery
import BinderyExpressions

/// A target property named in a file, opened to its typed key path so the typed binding API can be
/// called with it.
protocol SpecBindableProperty {
  var valueType: Any.Type { get }
  /// Checks the binding of the property of `target` to an expression on `context` (with `section` as
  /// `$section` in a sectioned list's row or header), and returns what makes it.
  func prepare(
    expression: String,
    on target: AnyObject,
    to context: any KeyValueCoding,
    root: (any KeyValueCoding)?,
    section: (any KeyValueCoding)?,
    transformers: BindingTransformerRegistry,
    isolation: (any Actor)?
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
  /// Whether the property is text (`String` or `String?`), which a pattern binding can fill.
  var isText: Bool { get }
  /// Checks a pattern binding of the property of `target` (`%{value1}@` filled with the first input…)
  /// and returns what makes it.
  func preparePattern(
    _ pattern: String,
    inputs: [PatternInput],
    on target: AnyObject
  ) throws(ExpressionError) -> () throws(ExpressionError) -> PropertyBinding
}

extension ReferenceWritableKeyPath: SpecBindableProperty where Root: KeyValueObservable {
  var valueType: Any.Type { Value.self }

  func prepare(
    expression: String,
    on target: AnyObject,
    to context: any KeyValueCoding,
    root: (any KeyValueCoding)?,
    section: (any KeyValueCoding)?,
    transformers: BindingTransformerRegistry,
    isolation: (any Actor)?
  ) throws(ExpressionError) -> () throws(ExpressionError) -> PropertyBinding {
    guard let target = target as? Root else {
      throw ExpressionError("the target is not a \(Root.self)", at: .start, in: expression, kind: .type)
    }
    func open<Context: KeyValueCoding>(_ context: Context) throws(ExpressionError) -> BindingSource<Value> {
      try .expression(
        context, expression, root: root, section: section, transformers: transformers, isolation: isolation)
    }
    let source = try open(context)
    return { [weak target] () throws(ExpressionError) -> PropertyBinding in
      guard let target else {
        throw ExpressionError("the bound object is gone", at: .start, in: expression, kind: .type)
      }
      return target.bind(self, to: source)
    }
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
        return target.bind(self, to: try .keyPath(source, keyPath), options: options)
      }
      guard perform else {
        try keyPath.checkBindable(to: Any?.self)
        return nil
      }
      return target.bind(self, to: try .keyPath(source, keyPath, registered: transformer), options: options)
    }
    return try open(source)
  }

  var isText: Bool { Value.self == String.self || Value.self == String?.self }

  func preparePattern(
    _ pattern: String,
    inputs: [PatternInput],
    on target: AnyObject
  ) throws(ExpressionError) -> () throws(ExpressionError) -> PropertyBinding {
    guard let target = target as? Root else {
      throw ExpressionError("the target is not a \(Root.self)", at: .start, in: pattern, kind: .type)
    }
    let made: Any =
      if Value.self == String.self {
        try BindingSource<String>.pattern(pattern, inputs: inputs)
      } else {
        try BindingSource<String?>.pattern(pattern, inputs: inputs)
      }
    guard let source = made as? BindingSource<Value> else {
      throw ExpressionError(
        "a pattern makes text, but the property is a \(Value.self)", at: .start, in: pattern, kind: .type)
    }
    return { [weak target] () throws(ExpressionError) -> PropertyBinding in
      guard let target else {
        throw ExpressionError("the bound object is gone", at: .start, in: pattern, kind: .type)
      }
      return target.bind(self, to: source)
    }
  }

  func combines(on target: AnyObject) -> Bool {
    guard Value.self == Bool.self, let combining = type(of: target) as? any BooleanCombining.Type else { return false }
    return combining.booleanCombination(for: self) != nil
  }
}
