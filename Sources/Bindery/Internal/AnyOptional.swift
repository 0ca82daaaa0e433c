/// `Optional`, seen from code that holds it as `Any` or knows its type only at run time.
protocol _AnyOptional {
  /// Whether it is `nil`, however deeply it is wrapped in optionals.
  var _isNil: Bool { get }
  /// The wrapped value as `Any`, or `nil`.
  var _unwrapped: Any? { get }
  /// Calls `body` with the address of the wrapped value when there is one of type `type`.
  func _withWrapped(ofType type: Any.Type, _ body: (UnsafeRawPointer) -> Void)
}

extension Optional: _AnyOptional {
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
