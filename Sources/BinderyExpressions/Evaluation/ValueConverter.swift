import Bindery

/// Converts what an expression computes to the type of the property it is bound to, after checking
/// at bind time that it can.
struct ValueConverter<Value> {
  private let noneOfValue: Value?
  private let fallback: Value?

  /// Checks that values of `type` fit `Value`.
  ///
  /// A value that may be `nil` fits a non-optional property only when it is a `Bool` (`nil` is
  /// `false`) or a `nullPlaceholder` is given. A value whose type is known only when it is read
  /// (`Any`) fits any property; one that does not convert shows the `nullPlaceholder`, `nil`,
  /// `false`, or else the property keeps the value it has (``convert(_:)`` gives `nil`).
  init(
    from type: Any.Type,
    nullPlaceholder: Value?,
    error: (String) -> ExpressionError
  ) throws(ExpressionError) {
    noneOfValue = RuntimeTypes.none(as: Value.self)
    let target = baseType(Value.self)
    let source = baseType(type)
    let valueIsOptional = isOptional(Value.self)
    let mayBeNil = isOptional(type) || same(source, NullValue.self)
    let declaredFallback = nullPlaceholder ?? noneOfValue ?? (same(Value.self, Bool.self) ? false as? Value : nil)
    fallback = declaredFallback
    if same(target, Any.self) || same(source, Any.self) { return }
    if same(source, NullValue.self) {
      guard valueIsOptional || nullPlaceholder != nil else {
        throw error("null cannot be shown by a property of type \(typeName(Value.self))")
      }
      return
    }
    guard same(source, target) || (same(target, Double.self) && isNumeric(source)) else {
      throw error("the expression is a \(typeName(type)), but the property is a \(typeName(Value.self))")
    }
    if mayBeNil && declaredFallback == nil {
      throw error(
        "the expression may be nil, but the property is a \(typeName(Value.self)); give a nullPlaceholder")
    }
  }

  /// The value for the property; for `nil` or a value that does not convert, the fallback, or `nil`
  /// when the property keeps the value it has.
  func convert(_ value: Any?) -> Value? {
    guard let value = ExpressionValues.unwrap(value) else { return noneOfValue ?? fallbackValue }
    if let typed = value as? Value { return typed }
    if same(baseType(Value.self), Double.self), let number = RuntimeTypes.double(value),
      let typed = number as? Value
    {
      return typed
    }
    return fallbackValue
  }

  /// What the property shows for `nil` or a value that does not convert; `nil` when it keeps its value.
  var fallbackValue: Value? { fallback }
}
