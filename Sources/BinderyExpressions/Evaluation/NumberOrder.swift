/// The exact order of two numbers of any standard types: integers of every width compare as
/// integers (never through `Double`, which rounds above 2⁵³), an integer and a floating-point number
/// compare by their exact values, and NaN is unordered.
///
/// The floating-point types compared are those a `Double` holds exactly (`Double`, `Float`,
/// `Float16`); see ``isComparableNumber(_:)``.
enum NumberOrder {
  /// `lhs` is less than, equal to or greater than `rhs`.
  case less, equal, greater
  /// Either is NaN.
  case unordered

  /// Whether values of `type` are numbers these rules compare: any integer type, and the
  /// floating-point types a `Double` holds exactly.
  static func isComparableNumber(_ type: Any.Type) -> Bool {
    if type is any BinaryInteger.Type { return true }
    guard let floating = type as? any BinaryFloatingPoint.Type else { return false }
    return floating.significandBitCount <= Double.significandBitCount
      && floating.exponentBitCount <= Double.exponentBitCount
  }

  /// The order of two numbers; `nil` when either is not a number these rules compare.
  static func of(_ lhs: Any, _ rhs: Any) -> NumberOrder? {
    if let integer = lhs as? any BinaryInteger {
      if let other = rhs as? any BinaryInteger { return integers(integer, other) }
      if let other = exactDouble(rhs) { return mixed(integer, other) }
      return nil
    }
    guard let double = exactDouble(lhs) else { return nil }
    if let other = rhs as? any BinaryInteger { return mixed(other, double).reversed }
    guard let other = exactDouble(rhs) else { return nil }
    return doubles(double, other)
  }

  /// `value` as a `Double` when it is a floating-point number a `Double` holds exactly.
  static func exactDouble(_ value: Any) -> Double? {
    if let double = value as? Double { return double }
    guard let floating = value as? any BinaryFloatingPoint, isComparableNumber(type(of: floating)) else { return nil }
    func convert<F: BinaryFloatingPoint>(_ value: F) -> Double { Double(value) }
    return convert(floating)
  }

  private static func integers<L: BinaryInteger, R: BinaryInteger>(_ lhs: L, _ rhs: R) -> NumberOrder {
    lhs < rhs ? .less : (lhs == rhs ? .equal : .greater)
  }

  private static func doubles(_ lhs: Double, _ rhs: Double) -> NumberOrder {
    if lhs < rhs { return .less }
    if lhs > rhs { return .greater }
    return lhs == rhs ? .equal : .unordered
  }

  /// An integer against a double, exactly: rounding the integer to a `Double` keeps the order
  /// (rounding is monotonic), and when the rounded value equals the double, the double is a whole
  /// number to compare as an integer.
  private static func mixed<I: BinaryInteger>(_ integer: I, _ double: Double) -> NumberOrder {
    guard !double.isNaN else { return .unordered }
    let rounded = Double(integer)
    if rounded < double { return .less }
    if rounded > double { return .greater }
    // A whole number outside I's range is beyond every value of I.
    guard let exact = I(exactly: double) else { return double > 0 ? .less : .greater }
    return integers(integer, exact)
  }

  /// The order seen from the other side.
  var reversed: NumberOrder {
    switch self {
    case .less: .greater
    case .greater: .less
    case .equal, .unordered: self
    }
  }
}
