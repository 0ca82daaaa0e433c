/// A Swift type a store column holds: it says which column type it needs, and converts to and from
/// ``StoreValue``.
///
/// `String`, `Int`, `Int64`, `Double`, `Bool`, `[UInt8]` and optionals of them conform; conform your
/// own types (an enum with a raw value, say) to store them.
public protocol StoreColumnValue {
  /// The column type that holds the value.
  static var columnType: StoreColumnType { get }
  /// Whether the column admits `NULL` (optionals); `false` by default.
  static var admitsNull: Bool { get }
  /// The value as the database keeps it.
  var storeValue: StoreValue { get }
  /// The value a database gave, or `nil` when it is of another kind (the store reports where).
  init?(storeValue: StoreValue)
}

extension StoreColumnValue {
  /// Columns hold no `NULL` unless the type is optional.
  public static var admitsNull: Bool { false }
}

/// The type of a store column, as its table declares it.
public enum StoreColumnType: String, Sendable, Hashable {
  /// Whole numbers (`INTEGER`, `BIGINT`).
  case integer
  /// Floating-point numbers (`REAL`, `DOUBLE PRECISION`).
  case real
  /// Text (`TEXT`).
  case text
  /// Bytes (`BLOB`, `BYTEA`).
  case bytes
  /// Booleans, kept as 0 and 1 where the database has no boolean.
  case boolean
}

extension String: StoreColumnValue {
  /// Text.
  public static var columnType: StoreColumnType { .text }
  /// The text.
  public var storeValue: StoreValue { .text(self) }
  /// Text, and nothing else.
  public init?(storeValue: StoreValue) {
    guard case .text(let text) = storeValue else { return nil }
    self = text
  }
}

extension Int: StoreColumnValue {
  /// Whole numbers.
  public static var columnType: StoreColumnType { .integer }
  /// The number.
  public var storeValue: StoreValue { .integer(Int64(self)) }
  /// A whole number that fits.
  public init?(storeValue: StoreValue) {
    guard case .integer(let number) = storeValue, let value = Int(exactly: number) else { return nil }
    self = value
  }
}

extension Int64: StoreColumnValue {
  /// Whole numbers.
  public static var columnType: StoreColumnType { .integer }
  /// The number.
  public var storeValue: StoreValue { .integer(self) }
  /// A whole number.
  public init?(storeValue: StoreValue) {
    guard case .integer(let number) = storeValue else { return nil }
    self = number
  }
}

extension Double: StoreColumnValue {
  /// Floating-point numbers.
  public static var columnType: StoreColumnType { .real }
  /// The number.
  public var storeValue: StoreValue { .real(self) }
  /// A real number, or a whole number (databases keep `1.0` as `1` in a column of any type).
  public init?(storeValue: StoreValue) {
    switch storeValue {
    case .real(let number): self = number
    case .integer(let number): self = Double(number)
    default: return nil
    }
  }
}

extension Bool: StoreColumnValue {
  /// Booleans.
  public static var columnType: StoreColumnType { .boolean }
  /// 1 or 0.
  public var storeValue: StoreValue { .integer(self ? 1 : 0) }
  /// 1 or 0.
  public init?(storeValue: StoreValue) {
    switch storeValue {
    case .integer(1): self = true
    case .integer(0): self = false
    default: return nil
    }
  }
}

extension Array: StoreColumnValue where Element == UInt8 {
  /// Bytes.
  public static var columnType: StoreColumnType { .bytes }
  /// The bytes.
  public var storeValue: StoreValue { .bytes(self) }
  /// Bytes, and nothing else.
  public init?(storeValue: StoreValue) {
    guard case .bytes(let bytes) = storeValue else { return nil }
    self = bytes
  }
}

extension Optional: StoreColumnValue where Wrapped: StoreColumnValue {
  /// The wrapped type's column type.
  public static var columnType: StoreColumnType { Wrapped.columnType }
  /// Optionals admit `NULL`.
  public static var admitsNull: Bool { true }
  /// `NULL` for `nil`.
  public var storeValue: StoreValue { self?.storeValue ?? .null }
  /// `nil` for `NULL`.
  public init?(storeValue: StoreValue) {
    if case .null = storeValue {
      self = .none
    } else if let value = Wrapped(storeValue: storeValue) {
      self = .some(value)
    } else {
      return nil
    }
  }
}
