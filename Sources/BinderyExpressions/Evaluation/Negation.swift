/// `-` of a number of any signed type, keeping its type.
enum Negation {
  /// The function that negates a value of `type`; `nil` when `type` is not a signed number type.
  ///
  /// The negation of a fixed-width integer's smallest value, which the type cannot hold, is its
  /// largest value.
  static func of(_ type: Any.Type) -> ((Any?) -> Any?)? {
    if let integer = type as? any (FixedWidthInteger & SignedInteger).Type {
      func negate<T: FixedWidthInteger & SignedInteger>(_: T.Type) -> (Any?) -> Any? {
        { value in (value as? T).map { $0 == .min ? .max : -$0 } }
      }
      return negate(integer)
    }
    if let floating = type as? any FloatingPoint.Type {
      func negate<T: FloatingPoint>(_: T.Type) -> (Any?) -> Any? {
        { value in (value as? T).map { -$0 } }
      }
      return negate(floating)
    }
    return nil
  }
}
