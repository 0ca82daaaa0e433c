/// `Optional`, seen from code that holds it as `Any` or knows its type only at run time.
@usableFromInline
protocol _AnyOptional {
  /// The wrapped type (`Optional`'s own generic parameter).
  associatedtype Wrapped
  /// The optional holding `some`.
  init(_ some: Wrapped)
  /// Whether it is `nil`, however deeply it is wrapped in optionals.
  var _isNil: Bool { get }
  /// The wrapped value as `Any`, or `nil`.
  var _unwrapped: Any? { get }
  /// Calls `body` with the address of the wrapped value when there is one of type `type`.
  func _withWrapped(ofType type: Any.Type, _ body: (UnsafeRawPointer) -> Void)
  /// The wrapped type.
  static var _wrappedType: Any.Type { get }
  /// `nil` of this optional type.
  static var _none: Any { get }
  /// `nil` of this optional type, as itself (see ``RuntimeTypes/none(as:)``).
  static var _noneOfSelf: Self { get }
  /// Whether a wrapped value in memory already is this optional holding it: the optional is no
  /// larger than its wrapped type, whose spare bits say `nil` (a `String`, a class reference), and
  /// Swift lays out the case with a value as the value itself.
  static var _wrapsInPlace: Bool { get }
}

extension _AnyOptional {
  /// Calls `body` with the address of this optional type holding the value of the wrapped type at
  /// `wrapped` (a `String` seen as the `String?` a chain with an optional hop reads).
  ///
  /// Written on the protocol, where `Self` is the caller's type, so no generic type is looked up on
  /// the way (it is called for every change of a chain's last property).
  @usableFromInline
  static func _withLifted(_ wrapped: UnsafeRawPointer, _ body: (UnsafeRawPointer) -> Void) {
    let lifted = Self(wrapped.assumingMemoryBound(to: Wrapped.self).pointee)
    withUnsafePointer(to: lifted) { body(UnsafeRawPointer($0)) }
  }

  /// Written on the protocol, where `Self` is the caller's type: asked of `Optional` itself, it would
  /// look the optional type up from its wrapped type each time.
  @usableFromInline
  static var _wrapsInPlace: Bool { MemoryLayout<Self>.size == MemoryLayout<Wrapped>.size }
}

extension Optional: _AnyOptional {
  @usableFromInline
  static var _wrappedType: Any.Type { Wrapped.self }

  @usableFromInline
  static var _none: Any { Self.none as Any }

  @usableFromInline
  static var _noneOfSelf: Self { .none }

  @usableFromInline
  var _isNil: Bool {
    switch self {
    case .none: true
    case .some(let wrapped): isNilValue(wrapped)
    }
  }

  @usableFromInline
  var _unwrapped: Any? {
    switch self {
    case .none: nil
    case .some(let wrapped): wrapped
    }
  }

  @usableFromInline
  func _withWrapped(ofType type: Any.Type, _ body: (UnsafeRawPointer) -> Void) {
    guard case .some(let wrapped) = self, Wrapped.self == type else { return }
    withUnsafePointer(to: wrapped) { body(UnsafeRawPointer($0)) }
  }
}

/// Whether a value seen as `Any?` is `nil`, however deeply it is wrapped in optionals.
@usableFromInline
func isNilValue(_ value: Any?) -> Bool {
  guard let value else { return true }
  if let optional = value as? any _AnyOptional { return optional._isNil }
  return false
}

/// `Array`, seen from code that knows its type only at run time.
protocol _AnyArray {
  /// The element type.
  static var _elementType: Any.Type { get }
  /// The elements as `Any`.
  var _elements: [Any] { get }
}

extension Array: _AnyArray {
  static var _elementType: Any.Type { Element.self }
  var _elements: [Any] { map { $0 as Any } }
}

/// Questions about values and types known only at run time, shared by Bindery's modules that read
/// string forms (expressions, spec files). Not public API: visible to the package's own modules only.
@usableFromInline
package enum RuntimeTypes {
  /// The value with every optional around it removed; `nil` for `nil`.
  @usableFromInline
  package static func unwrapped(_ value: Any?) -> Any? {
    guard var current = value else { return nil }
    while let optional = current as? any _AnyOptional {
      guard let inner = optional._unwrapped else { return nil }
      current = inner
    }
    return current
  }

  /// The wrapped type when `type` is an `Optional`.
  package static func wrappedType(_ type: Any.Type) -> Any.Type? { (type as? any _AnyOptional.Type)?._wrappedType }

  /// The type with every optional around it removed.
  @usableFromInline
  package static func baseType(_ type: Any.Type) -> Any.Type {
    var current = type
    while let wrapped = wrappedType(current) { current = wrapped }
    return current
  }

  /// Whether `type` is an `Optional`.
  @usableFromInline
  package static func isOptional(_ type: Any.Type) -> Bool { type is any _AnyOptional.Type }

  /// `nil` of `type`, when `type` is an `Optional`.
  ///
  /// Made as `Value` itself, never cast from a boxed `nil`: an `AnyObject?` `nil` boxed in `Any` and
  /// cast back to `AnyObject?` is, where Foundation is loaded, an `NSNull` object.
  @usableFromInline
  package static func none<Value>(as type: Value.Type) -> Value? {
    guard let optional = type as? any _AnyOptional.Type else { return nil }
    func open<Opened: _AnyOptional>(_: Opened.Type) -> Value? { Opened._noneOfSelf as? Value }
    return open(optional)
  }

  /// `T?` for `type`.
  @usableFromInline
  package static func optional(of type: Any.Type) -> Any.Type {
    func wrap<T>(_: T.Type) -> Any.Type { T?.self }
    return wrap(type)
  }

  /// Whether `type` is a whole or floating-point number type.
  package static func isNumeric(_ type: Any.Type) -> Bool {
    type is any BinaryInteger.Type || type is any BinaryFloatingPoint.Type
  }

  /// A number of any numeric type as a `Double`.
  package static func double(_ value: Any) -> Double? {
    if let integer = value as? any BinaryInteger { return Double(integer) }
    if let floating = value as? any BinaryFloatingPoint { return Double(floating) }
    return nil
  }

  /// A type's name for messages: `String?` rather than `Optional<String>`.
  package static func readableName(_ type: Any.Type) -> String {
    if let wrapped = wrappedType(type) { return readableName(wrapped) + "?" }
    return String(describing: type)
  }
}
