/// Reads one property of a key table's class with no key path applied: the property's getter called
/// directly, typed, so that a binding whose source is a chain of such properties ending in a computed
/// one (`\.person?.fullName`) evaluates with plain calls instead of Swift's key path runtime.
///
/// Made by ``KeyValueKey``'s initializers from the `read` closure `@KeyValueObservable` writes. The
/// typed reads are kept in boxes with their value types, so a binding checks a type identity, not a
/// dynamic cast, to take one.
@usableFromInline
final class KeyValueReader: @unchecked Sendable {
  /// The property of an object of the key's class, as an object: for a property that holds an object
  /// (a hop of a chain); `nil` for other properties.
  @usableFromInline
  let object: ((AnyObject) -> AnyObject?)?
  /// The property of an object of the key's class: a `ReadBox<AnyObject, Value>`.
  @usableFromInline
  let value: AnyObject
  /// `Value`.
  @usableFromInline
  let valueType: ObjectIdentifier
  /// The property reached through an optional of the key's class: a `ReadBox<AnyObject?, Value?>`,
  /// flattened for an optional property (its value is one optional).
  @usableFromInline
  let throughOptional: AnyObject
  /// `Value?` (flattened).
  @usableFromInline
  let throughOptionalType: ObjectIdentifier

  @usableFromInline
  init(
    object: ((AnyObject) -> AnyObject?)?, value: AnyObject, valueType: ObjectIdentifier, throughOptional: AnyObject,
    throughOptionalType: ObjectIdentifier
  ) {
    self.object = object
    self.value = value
    self.valueType = valueType
    self.throughOptional = throughOptional
    self.throughOptionalType = throughOptionalType
  }

  // The values of a property whose type is a class are references: `unsafeBitCast` makes one an
  // `AnyObject` with no dynamic cast (`as AnyObject` in generic code bridges, at run time).

  /// A reader of a property of `Root`'s objects (a class), from its getter.
  @inlinable
  static func make<Root, Value>(_ read: @escaping (Root) -> Value) -> KeyValueReader? {
    guard Root.self is AnyObject.Type else { return nil }
    let value = ReadBox<AnyObject, Value> { read(unsafeBitCast($0, to: Root.self)) }
    let throughOptional = ReadBox<AnyObject?, Value?> { $0.map { read(unsafeBitCast($0, to: Root.self)) } }
    let object: ((AnyObject) -> AnyObject?)? =
      Value.self is AnyObject.Type
      ? { unsafeBitCast(read(unsafeBitCast($0, to: Root.self)), to: AnyObject.self) } : nil
    return KeyValueReader(
      object: object, value: value, valueType: ObjectIdentifier(Value.self), throughOptional: throughOptional,
      throughOptionalType: ObjectIdentifier(Value?.self))
  }

  /// A reader of an optional property of `Root`'s objects (a class), from its getter.
  @inlinable
  static func make<Root, Wrapped>(optional read: @escaping (Root) -> Wrapped?) -> KeyValueReader? {
    guard Root.self is AnyObject.Type else { return nil }
    let value = ReadBox<AnyObject, Wrapped?> { read(unsafeBitCast($0, to: Root.self)) }
    let throughOptional = ReadBox<AnyObject?, Wrapped?> { $0.flatMap { read(unsafeBitCast($0, to: Root.self)) } }
    let object: ((AnyObject) -> AnyObject?)? =
      Wrapped.self is AnyObject.Type
      ? { read(unsafeBitCast($0, to: Root.self)).map { unsafeBitCast($0, to: AnyObject.self) } } : nil
    return KeyValueReader(
      object: object, value: value, valueType: ObjectIdentifier(Wrapped?.self), throughOptional: throughOptional,
      throughOptionalType: ObjectIdentifier(Wrapped?.self))
  }

  /// The read of the property as `Value`, when that is its type.
  @inlinable
  func read<Value>(as type: Value.Type) -> ((AnyObject) -> Value)? {
    guard valueType == ObjectIdentifier(Value.self) else { return nil }
    return unsafeDowncast(value, to: ReadBox<AnyObject, Value>.self).read
  }

  /// The property's value on `object`, when its type is `Value` (called through the box: taking the
  /// read out at this type would allocate a thunk).
  @inlinable
  func value<Value>(of object: AnyObject, as type: Value.Type) -> Value? {
    guard valueType == ObjectIdentifier(Value.self) else { return nil }
    return unsafeDowncast(value, to: ReadBox<AnyObject, Value>.self).read(object)
  }

  /// The read of the property through an optional of its class as `Value`, when that is its type.
  @inlinable
  func readThroughOptional<Value>(as type: Value.Type) -> ((AnyObject?) -> Value)? {
    guard throughOptionalType == ObjectIdentifier(Value.self) else { return nil }
    return unsafeDowncast(throughOptional, to: ReadBox<AnyObject?, Value>.self).read
  }
}

/// A typed read, kept where its type cannot be named (``KeyValueReader``).
@usableFromInline
final class ReadBox<Input, Output> {
  @usableFromInline
  let read: (Input) -> Output

  @usableFromInline
  init(_ read: @escaping (Input) -> Output) {
    self.read = read
  }
}
