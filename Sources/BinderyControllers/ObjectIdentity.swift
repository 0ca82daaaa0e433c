/// How a selection compares values that are not `Equatable` but hold objects: a property that is an
/// object, an optional object, or an array of objects is the same when it holds the same objects.
enum ObjectIdentity {
  /// Whether values of `type` hold objects a selection can compare by identity.
  static func compares(_ type: Any.Type) -> Bool {
    type is AnyClass || type is any ObjectHolding.Type
  }

  /// Whether `first` and `second` hold the same objects (`false` for values that hold none).
  static func same<Value>(_ first: Value, _ second: Value) -> Bool {
    if let holding = Value.self as? any ObjectHolding.Type {
      return holding.holdSameObjects(first, second)
    }
    guard Value.self is AnyClass else { return false }
    return (first as AnyObject) === (second as AnyObject)
  }
}

/// A value made of objects, compared object by object by identity.
protocol ObjectHolding {
  /// Whether `first` and `second` are values of this type holding the same objects.
  static func holdSameObjects(_ first: Any, _ second: Any) -> Bool
}

extension Optional: ObjectHolding where Wrapped: AnyObject {
  static func holdSameObjects(_ first: Any, _ second: Any) -> Bool {
    guard let first = first as? Self, let second = second as? Self else { return false }
    return first === second
  }
}

extension Array: ObjectHolding where Element: AnyObject {
  static func holdSameObjects(_ first: Any, _ second: Any) -> Bool {
    guard let first = first as? Self, let second = second as? Self else { return false }
    return first.elementsEqual(second) { $0 === $1 }
  }
}
