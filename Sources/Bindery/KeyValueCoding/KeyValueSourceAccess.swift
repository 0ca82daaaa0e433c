/// Reads and writes a resolved string key path for a binding whose source values are `Value`.
///
/// The binding's source value is a `MarkedValue<Value?>`: not applicable when the path stops early,
/// `nil` when its last property is `nil`.
struct KeyValueSourceAccess<Source, Value> {
  let path: KeyValuePath
  /// What a `nil` or a marker becomes when there is no placeholder: `nil` for an optional `Value`,
  /// `false` for `Bool`, the null placeholder otherwise.
  private let nilValue: Value?

  init(path: KeyValuePath, placeholders: BindingPlaceholders<Value>) throws(KeyValueCodingError) {
    try Self.check(path: path, hasNullPlaceholder: placeholders.nullValue != nil)
    self.init(checkedPath: path, placeholders: placeholders)
  }

  /// Access to a path whose type was checked against `Value` (``check(path:hasNullPlaceholder:)``).
  init(checkedPath path: KeyValuePath, placeholders: BindingPlaceholders<Value>) {
    self.path = path
    let noneOfValue = RuntimeTypes.none(as: Value.self)
    if let noneOfValue {
      nilValue = noneOfValue
    } else if Value.self == Bool.self {
      nilValue = false as? Value
    } else {
      nilValue = placeholders.nullValue
    }
  }

  /// Whether a `Value` property fits the path's values.
  static func check(path: KeyValuePath, hasNullPlaceholder: Bool) throws(KeyValueCodingError) {
    let pathType = path.valueType
    let fits: Bool
    if pathType == Value.self || RuntimeTypes.optional(of: pathType) == Value.self || Value.self == Any.self
      || Value.self == Any?.self
    {
      fits = true
    } else if let optional = pathType as? any _AnyOptional.Type, optional._wrappedType == Value.self {
      // The path may be nil; the property may not.
      fits = Value.self == Bool.self || hasNullPlaceholder
    } else if Value.self == AnyObject?.self {
      // A property that holds any object (a pop-up's selected object) takes a path to objects of one
      // class, optional or not; a value is cast as it crosses.
      let wrapped = (pathType as? any _AnyOptional.Type)?._wrappedType ?? pathType
      fits = wrapped is AnyObject.Type
    } else {
      fits = false
    }
    guard fits else {
      throw .typeMismatch(
        path: path.text, pathType: RuntimeTypes.readableName(pathType), expected: RuntimeTypes.readableName(Value.self))
    }
  }

  /// The value of a reading, if it has one.
  func value(of marked: MarkedValue<Value?>) -> Value? {
    if case .value(let value) = marked { return value }
    return nil
  }

  /// What the target gets for a reading with no value (a `nil` or a marker), when that is known; the
  /// types checked at init make a reading with no value impossible otherwise.
  var fallback: Value? { nilValue }

  /// A reading with no value for a path that cannot be `nil`, whose target is gone too.
  func unreachable() -> Never {
    preconditionFailure("\(path.text): a path that cannot be nil read nothing, and its target is gone")
  }

  /// `nil` of the last property's type, to write a `nil` through the path.
  static func none(of path: KeyValuePath) -> Any {
    guard case .key(let key, _)? = path.steps.last, let optional = key.valueType as? any _AnyOptional.Type else {
      return Value?.none as Any
    }
    return optional._none
  }
}
