/// Whether a write of `new` over `old` changes nothing; used by the macro's setters.
@inlinable
public func _$isUnchanged<T>(_ old: T, _ new: T) -> Bool { false }

/// Whether a write of `new` over `old` changes nothing: equal values.
@inlinable
public func _$isUnchanged<T: Equatable>(_ old: T, _ new: T) -> Bool { old == new }

/// Whether a write of `new` over `old` changes nothing: the same Unicode scalars. Text that Swift's
/// `==` calls equal but that is written differently (`é` precomposed, or `e` and a combining accent)
/// is a change, as for Cocoa's literal string comparison: what a user typed is stored and notified.
@inlinable
public func _$isUnchanged(_ old: String, _ new: String) -> Bool {
  guard old == new else { return false }
  return old.unicodeScalars.elementsEqual(new.unicodeScalars)
}

/// Whether a write of `new` over `old` changes nothing: both `nil`, or the same Unicode scalars.
@inlinable
public func _$isUnchanged(_ old: String?, _ new: String?) -> Bool {
  switch (old, new) {
  case (nil, nil): true
  case (let old?, let new?): _$isUnchanged(old, new)
  default: false
  }
}

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
/// Text compares by its Unicode scalars, other Equatable types with `==`, classes by identity, and
/// so do an optional object and an array of objects (the same objects, in the same order), as the
/// macro's setters compare an optional object; anything else never compares equal.
@inlinable
package func makeEquality<Value>(_ type: Value.Type) -> ((Value, Value) -> Bool)? {
  // Text compares by its Unicode scalars, as the macro's setters do (`_$isUnchanged`).
  if type == String.self {
    let equal: (String, String) -> Bool = { _$isUnchanged($0, $1) }
    return unsafeBitCast(equal, to: ((Value, Value) -> Bool).self)
  }
  if type == String?.self {
    let equal: (String?, String?) -> Bool = { _$isUnchanged($0, $1) }
    return unsafeBitCast(equal, to: ((Value, Value) -> Bool).self)
  }
  if let equatable = type as? any Equatable.Type {
    return equatable._bindery_equality(as: type)
  }
  if type is AnyObject.Type {
    return { lhs, rhs in (lhs as AnyObject) === (rhs as AnyObject) }
  }
  if let holding = type as? any _ObjectHolding.Type {
    return { lhs, rhs in holding._holdSameObjects(lhs, rhs) }
  }
  return nil
}

/// A value made of objects that are not `Equatable` (an optional object, an array of objects),
/// compared object by object by identity.
@usableFromInline
protocol _ObjectHolding {
  /// Whether `lhs` and `rhs` are values of this type holding the same objects.
  static func _holdSameObjects(_ lhs: Any, _ rhs: Any) -> Bool
}

extension Optional: _ObjectHolding where Wrapped: AnyObject {
  @usableFromInline
  static func _holdSameObjects(_ lhs: Any, _ rhs: Any) -> Bool {
    guard let lhs = lhs as? Self, let rhs = rhs as? Self else { return false }
    return lhs === rhs
  }
}

extension Array: _ObjectHolding where Element: AnyObject {
  @usableFromInline
  static func _holdSameObjects(_ lhs: Any, _ rhs: Any) -> Bool {
    guard let lhs = lhs as? Self, let rhs = rhs as? Self else { return false }
    return lhs.elementsEqual(rhs) { $0 === $1 }
  }
}

extension Equatable {
  /// `==` for `Self`, seen as a function of `Value` (which is `Self` at run time).
  @inlinable
  static func _bindery_equality<Value>(as type: Value.Type) -> (Value, Value) -> Bool {
    let equal: (Self, Self) -> Bool = { $0 == $1 }
    return unsafeBitCast(equal, to: ((Value, Value) -> Bool).self)
  }
}
