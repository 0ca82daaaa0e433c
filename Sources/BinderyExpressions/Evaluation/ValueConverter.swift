@_spi(BinderyInternals) import Bindery

/// Converts what an expression computes to the type of the property it is bound to, after checking
/// at bind time that it can.
struct ValueConverter<Value> {
  private let noneOfValue: Value?
  private let fallback: Value?

  /// Checks that values of `type` fit `Value`.
  ///
  /// A value that may be `nil` fits a non-optional property only when it is a `Bool` (`nil` is
  /// `false`) or a `nullPlaceholder` is given.
  init(from type: Any.Type, nullPlaceholder: Value?, error: (String) -> ExpressionError) throws(ExpressionError) {
    noneOfValue = RuntimeTypes.none(of: Value.self) as? Value
    let target = baseType(Value.self)
    let source = baseType(type)
    let valueIsOptional = isOptional(Value.self)
    let mayBeNil = isOptional(type) || same(source, NullValue.self)
    fallback = nullPlaceholder ?? noneOfValue ?? (same(Value.self, Bool.self) ? false as? Value : nil)
    if same(target, Any.self) { return }
    if same(source, NullValue.self) {
      guard valueIsOptional || nullPlaceholder != nil else {
        throw error("null cannot be shown by a property of type \(typeName(Value.self))")
      }
      return
    }
    // A case name was resolved to a case of the property's type when the expression was bound.
    let fits = same(source, Any.self) || same(source, target) || (same(target, Double.self) && isNumeric(source))
    guard fits else {
      throw error("the expression is a \(typeName(type)), but the property is a \(typeName(Value.self))")
    }
    if mayBeNil && fallback == nil {
      throw error(
        "the expression may be nil, but the property is a \(typeName(Value.self)); give a nullPlaceholder")
    }
  }

  /// The value for the property; `nil` when it does not convert (then ``fallback``).
  func convert(_ value: Any?) -> Value {
    guard let value = ExpressionValues.unwrap(value) else { return noneOfValue ?? fallbackValue }
    if let typed = value as? Value { return typed }
    if same(baseType(Value.self), Double.self), let number = RuntimeTypes.double(value),
      let typed = number as? Value
    {
      return typed
    }
    return fallbackValue
  }

  /// What the property shows for `nil` or a value that does not convert.
  var fallbackValue: Value {
    // `init` checked that a fallback exists whenever a value may be missing.
    fallback ?? noneOfValue ?? Self.unreachable()
  }

  private static func unreachable() -> Value {
    preconditionFailure("a value of type \(Value.self) was missing after the types were checked")
  }
}
