/// Whether a write of `new` over `old` changes nothing; used by the macro's setters.
@inlinable
public func _$isUnchanged<T>(_ old: T, _ new: T) -> Bool { false }

/// Whether a write of `new` over `old` changes nothing: equal values.
@inlinable
public func _$isUnchanged<T: Equatable>(_ old: T, _ new: T) -> Bool { old == new }

/// Whether a write of `new` over `old` changes nothing: the same object.
@inlinable
public func _$isUnchanged<T: AnyObject>(_ old: T, _ new: T) -> Bool { old === new }

/// Whether a write of `new` over `old` changes nothing: equal objects.
@inlinable
public func _$isUnchanged<T: AnyObject & Equatable>(_ old: T, _ new: T) -> Bool { old == new }

/// Whether a write of `new` over `old` changes nothing: the same object, or both `nil`.
@inlinable
public func _$isUnchanged<T: AnyObject>(_ old: T?, _ new: T?) -> Bool { old === new }

/// Whether a write of `new` over `old` changes nothing: equal objects, or both `nil`.
@inlinable
public func _$isUnchanged<T: AnyObject & Equatable>(_ old: T?, _ new: T?) -> Bool { old == new }

/// Builds, once, an equality test for a type known only at run time.
///
/// Equatable types compare with `==`, classes by identity, anything else never compares equal.
@inlinable
func makeEquality<Value>(_ type: Value.Type) -> ((Value, Value) -> Bool)? {
  if let equatable = type as? any Equatable.Type {
    return equatable._bindery_equality(as: type)
  }
  if type is AnyObject.Type {
    return { lhs, rhs in (lhs as AnyObject) === (rhs as AnyObject) }
  }
  return nil
}

extension Equatable {
  /// `==` for `Self`, seen as a function of `Value` (which is `Self` at run time).
  @inlinable
  static func _bindery_equality<Value>(as type: Value.Type) -> (Value, Value) -> Bool {
    let equal: (Self, Self) -> Bool = { $0 == $1 }
    return unsafeBitCast(equal, to: ((Value, Value) -> Bool).self)
  }
}
