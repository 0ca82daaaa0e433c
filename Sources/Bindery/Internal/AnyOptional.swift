/// `Optional`, seen from code that holds it as `Any` or knows its type only at run time.
protocol _AnyOptional {
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
}

extension Optional: _AnyOptional {
  static var _wrappedType: Any.Type { Wrapped.self }

  static var _none: Any { Self.none as Any }

  var _isNil: Bool {
    switch self {
    case .none: true
    case .some(let wrapped): isNilValue(wrapped)
    }
  }

  var _unwrapped: Any? {
    switch self {
    case .none: nil
    case .some(let wrapped): wrapped
    }
  }

  func _withWrapped(ofType type: Any.Type, _ body: (UnsafeRawPointer) -> Void) {
    guard case .some(let wrapped) = self, Wrapped.self == type else { return }
    withUnsafePointer(to: wrapped) { body(UnsafeRawPointer($0)) }
  }
}

/// Whether a value seen as `Any?` is `nil`, however deeply it is wrapped in optionals.
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

/// `T?` for a type known only at run time.
func optionalType(of type: Any.Type) -> Any.Type {
  func wrap<T>(_: T.Type) -> Any.Type { T?.self }
  return wrap(type)
}

/// Whether `type` is an `Optional`.
func isOptionalType(_ type: Any.Type) -> Bool { type is any _AnyOptional.Type }

/// A type's name for messages: `String?` rather than `Optional<String>`.
func readableTypeName(_ type: Any.Type) -> String {
  if let optional = type as? any _AnyOptional.Type { return readableTypeName(optional._wrappedType) + "?" }
  return String(describing: type)
}
