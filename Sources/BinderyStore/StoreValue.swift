/// A value as a database keeps it in a column: the few kinds every SQL database stores.
public enum StoreValue: Sendable, Hashable, CustomStringConvertible {
  /// SQL `NULL`.
  case null
  /// A whole number.
  case integer(Int64)
  /// A floating-point number.
  case real(Double)
  /// Text.
  case text(String)
  /// Bytes.
  case bytes([UInt8])

  /// Whether two values are the same as stored: text by its Unicode scalars, not by Swift's
  /// canonical equivalence, so text a user typed decomposed (`e` and a combining accent) over the
  /// same text precomposed (`é`) is a change, and is saved as typed.
  public static func == (lhs: StoreValue, rhs: StoreValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.integer(let a), .integer(let b)): a == b
    case (.real(let a), .real(let b)): a == b
    case (.text(let a), .text(let b)): a.unicodeScalars.elementsEqual(b.unicodeScalars)
    case (.bytes(let a), .bytes(let b)): a == b
    default: false
    }
  }

  /// The value as SQL would write it, for messages.
  public var description: String {
    switch self {
    case .null: "NULL"
    case .integer(let value): "\(value)"
    case .real(let value): "\(value)"
    case .text(let value): "'\(value.replacingAll("'", with: "''"))'"
    case .bytes(let value): "<\(value.count) bytes>"
    }
  }

  /// The kind of the value, for messages.
  var kindName: String {
    switch self {
    case .null: "NULL"
    case .integer: "an integer"
    case .real: "a real number"
    case .text: "text"
    case .bytes: "bytes"
    }
  }
}

extension String {
  /// The string with every `target` replaced by `replacement` (no Foundation).
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    result.reserveCapacity(utf8.count)
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
