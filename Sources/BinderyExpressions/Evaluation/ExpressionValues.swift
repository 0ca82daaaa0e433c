import Bindery

/// Run-time rules for the values expressions compute: truth, equality, order, length, and
/// conversion to the bound property's type.
enum ExpressionValues {
  /// The value, unwrapped from any optional; `nil` for `nil`.
  static func unwrap(_ value: Any?) -> Any? { RuntimeTypes.unwrapped(value) }

  /// `true` only for a `true` Boolean; `nil` is `false`.
  static func isTrue(_ value: Any?) -> Bool { unwrap(value) as? Bool == true }

  /// `==` between values whose types are known only when they are read: `nil` equals only `nil`;
  /// numbers compare by their exact values; other values of one type with `Equatable`; objects that
  /// are not `Equatable` by identity.
  static func equal(_ lhs: Any?, _ rhs: Any?) -> Bool {
    let lhs = unwrap(lhs)
    let rhs = unwrap(rhs)
    guard let lhs, let rhs else { return lhs == nil && rhs == nil }
    if let order = NumberOrder.of(lhs, rhs) { return order == .equal }
    if let equatable = lhs as? any Equatable { return isEqual(equatable, rhs) }
    return sameObject(lhs, rhs)
  }

  /// `===` between values whose types are known only when they are read: the same object for two
  /// objects, `==` otherwise.
  static func identical(_ lhs: Any?, _ rhs: Any?) -> Bool {
    let a = unwrap(lhs)
    let b = unwrap(rhs)
    if let a, let b, type(of: a) is AnyClass, type(of: b) is AnyClass {
      return (a as AnyObject) === (b as AnyObject)
    }
    return equal(a, b)
  }

  /// Whether two values are the same object, or both `nil`.
  static func sameObject(_ lhs: Any?, _ rhs: Any?) -> Bool {
    switch (unwrap(lhs), unwrap(rhs)) {
    case (nil, nil): true
    case (let a?, let b?): type(of: a) is AnyClass && type(of: b) is AnyClass && (a as AnyObject) === (b as AnyObject)
    default: false
    }
  }

  private static func isEqual(_ lhs: any Equatable, _ rhs: Any) -> Bool {
    func compare<T: Equatable>(_ lhs: T) -> Bool {
      guard let rhs = rhs as? T else { return false }
      return lhs == rhs
    }
    return compare(lhs)
  }

  /// The length of a string or a collection; 0 for `nil`.
  static func length(_ value: Any?) -> Int {
    guard let value = unwrap(value) else { return 0 }
    if let string = value as? String { return string.count }
    if let collection = value as? any Collection { return collection.count }
    return 0
  }
}

func baseType(_ type: Any.Type) -> Any.Type { RuntimeTypes.baseType(type) }

func isOptional(_ type: Any.Type) -> Bool { RuntimeTypes.isOptional(type) }

func isNumeric(_ type: Any.Type) -> Bool { RuntimeTypes.isNumeric(type) }

func same(_ a: Any.Type, _ b: Any.Type) -> Bool { ObjectIdentifier(a) == ObjectIdentifier(b) }

/// A readable name for a type in messages: `String`, `String?`.
func typeName(_ type: Any.Type) -> String {
  if same(type, NullValue.self) { return "null" }
  if same(type, EnumCaseName.self) { return "enumeration case" }
  if let wrapped = RuntimeTypes.wrappedType(type) { return typeName(wrapped) + "?" }
  return String(describing: type)
}

/// The type of `null`.
enum NullValue {}
