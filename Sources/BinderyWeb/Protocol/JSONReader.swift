public import Bindery

/// How much JSON a reader accepts: hostile text is refused at the first byte past a limit, so
/// reading any text costs time and memory linear in its length, and never more than the limits allow.
public struct JSONLimits: Sendable, Equatable {
  /// The longest text, in UTF-8 bytes.
  public var maxBytes: Int
  /// The deepest nesting of arrays and objects (a top-level object is depth 1).
  public var maxDepth: Int
  /// The most values in the whole text (every array element, object member and scalar counts).
  public var maxValues: Int
  /// The most members of one object.
  public var maxMembers: Int

  /// Creates limits.
  public init(maxBytes: Int = 16 * 1024, maxDepth: Int = 4, maxValues: Int = 4_096, maxMembers: Int = 16) {
    self.maxBytes = maxBytes
    self.maxDepth = maxDepth
    self.maxValues = maxValues
    self.maxMembers = maxMembers
  }

  /// What a page may send: 16 KiB, nesting 4 deep (the protocol needs 2), 4,096 values, 16 members.
  public static let message = JSONLimits()
}

/// Why a JSON text was refused, and where.
public struct JSONReadError: LocatedError, Equatable, Sendable {
  /// What was wrong.
  public enum Reason: Equatable, Sendable {
    /// The text is longer than ``JSONLimits/maxBytes``.
    case tooLarge
    /// Arrays and objects nest deeper than ``JSONLimits/maxDepth``.
    case tooDeep
    /// More values than ``JSONLimits/maxValues``, or members than ``JSONLimits/maxMembers``.
    case tooManyValues
    /// The text is not JSON (the message says what was expected).
    case syntax(String)
  }

  /// What was wrong.
  public let reason: Reason
  /// The byte offset in the text where reading stopped.
  public let offset: Int
  /// Where reading stopped, in lines and characters.
  public let location: TextPosition

  /// Creates an error at a byte offset of a one-line text of one-byte characters.
  public init(reason: Reason, offset: Int) {
    self.init(reason: reason, offset: offset, location: TextPosition(line: 1, column: offset + 1, offset: offset))
  }

  /// Creates an error at a byte offset and the place it is in the text.
  init(reason: Reason, offset: Int, location: TextPosition) {
    self.reason = reason
    self.offset = offset
    self.location = location
  }

  /// What was wrong, without the place.
  public var message: String {
    switch reason {
    case .tooLarge: "the text is too large"
    case .tooDeep: "nesting too deep"
    case .tooManyValues: "too many values"
    case .syntax(let expected): "syntax error: \(expected)"
    }
  }

  /// `syntax error at byte 12: expected a value`.
  public var description: String {
    switch reason {
    case .tooLarge: "the text is too large"
    case .tooDeep: "nesting too deep at byte \(offset)"
    case .tooManyValues: "too many values at byte \(offset)"
    case .syntax(let expected): "syntax error at byte \(offset): \(expected)"
    }
  }
}

/// A one-pass JSON reader over UTF-8 bytes, bounded by ``JSONLimits``.
///
/// Each byte is looked at a bounded number of times, nesting is checked as it opens, and an
/// object's keys are checked for duplicates among at most ``JSONLimits/maxMembers`` keys.
struct JSONReader: ~Copyable {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let limits: JSONLimits
  private var index = 0
  private var values = 0

  private init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
    self.bytes = bytes
    self.limits = limits
  }

  /// Reads one JSON value that fills `text` (white space around it allowed).
  static func read(_ text: String, limits: JSONLimits) throws(JSONReadError) -> JSONValue {
    guard text.utf8.count <= limits.maxBytes else { throw JSONReadError(reason: .tooLarge, offset: 0) }
    var text = text
    text.makeContiguousUTF8()
    let result: Result<JSONValue, JSONReadError> =
      text.utf8.withContiguousStorageIfAvailable { buffer in
        var reader = JSONReader(bytes: buffer, limits: limits)
        do throws(JSONReadError) {
          return .success(try reader.readDocument())
        } catch {
          return .failure(error.placed(in: text))
        }
      } ?? .failure(JSONReadError(reason: .syntax("UTF-8 text"), offset: 0))
    return try result.get()
  }

  private mutating func readDocument() throws(JSONReadError) -> JSONValue {
    let value = try readValue(depth: 0)
    skipSpace()
    guard index == bytes.count else { throw error("the end of the text") }
    return value
  }

  private func error(_ expected: String) -> JSONReadError {
    JSONReadError(reason: .syntax("expected \(expected)"), offset: index)
  }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func countValue() throws(JSONReadError) {
    values += 1
    guard values <= limits.maxValues else { throw JSONReadError(reason: .tooManyValues, offset: index) }
  }

  private mutating func readValue(depth: Int) throws(JSONReadError) -> JSONValue {
    skipSpace()
    guard index < bytes.count else { throw error("a value") }
    try countValue()
    switch bytes[index] {
    case UInt8(ascii: "{"): return try readObject(depth: depth + 1)
    case UInt8(ascii: "["): return try readArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try readString())
    case UInt8(ascii: "t"):
      try readWord("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try readWord("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try readWord("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
    default: throw error("a value")
    }
  }

  private mutating func readWord(_ word: StaticString) throws(JSONReadError) {
    let count = word.utf8CodeUnitCount
    guard bytes.count - index >= count else { throw error("\(word)") }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      throw error("\(word)")
    }
    index += count
  }

  private mutating func readArray(depth: Int) throws(JSONReadError) -> JSONValue {
    guard depth <= limits.maxDepth else { throw JSONReadError(reason: .tooDeep, offset: index) }
    index += 1
    var elements: [JSONValue] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      elements.append(try readValue(depth: depth))
      skipSpace()
      guard index < bytes.count else { throw error("',' or ']'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      } else {
        throw error("',' or ']'")
      }
    }
  }

  private mutating func readObject(depth: Int) throws(JSONReadError) -> JSONValue {
    guard depth <= limits.maxDepth else { throw JSONReadError(reason: .tooDeep, offset: index) }
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("a key in quotes") }
      let keyOffset = index
      let key = try readString()
      guard members.count < limits.maxMembers else { throw JSONReadError(reason: .tooManyValues, offset: keyOffset) }
      guard !members.contains(where: { $0.key == key }) else {
        throw JSONReadError(reason: .syntax("a key not used before in this object"), offset: keyOffset)
      }
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("':'") }
      index += 1
      members.append((key, try readValue(depth: depth)))
      skipSpace()
      guard index < bytes.count else { throw error("',' or '}'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      } else {
        throw error("',' or '}'")
      }
    }
  }

  private mutating func readNumber() throws(JSONReadError) -> Double {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw error("a digit") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else { throw error("a digit after '.'") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard index < bytes.count, isDigit(bytes[index]) else { throw error("a digit in the exponent") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    guard let number = Double(text), number.isFinite else {
      throw JSONReadError(reason: .syntax("a number a Double can hold"), offset: start)
    }
    return number
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  /// Reads a string from its opening quote to its closing one.
  private mutating func readString() throws(JSONReadError) -> String {
    index += 1
    var result = ""
    var runStart = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        result += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self)
        index += 1
        return result
      }
      if byte < 0x20 { throw error("a control character written as an escape") }
      if byte == UInt8(ascii: "\\") {
        result += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self)
        index += 1
        result.unicodeScalars.append(try readEscape())
        runStart = index
        continue
      }
      index += 1
    }
    throw error("'\"' to end the string")
  }

  private mutating func readEscape() throws(JSONReadError) -> Unicode.Scalar {
    guard index < bytes.count else { throw error("an escape") }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try readHex4()
      if (0xD800..<0xDC00).contains(high) {
        guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        else { throw error("the second half of a surrogate pair") }
        index += 2
        let low = try readHex4()
        guard (0xDC00..<0xE000).contains(low) else { throw error("the second half of a surrogate pair") }
        let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        guard let scalar = Unicode.Scalar(value) else { throw error("a Unicode scalar") }
        return scalar
      }
      guard let scalar = Unicode.Scalar(high) else { throw error("a Unicode scalar, not half a surrogate pair") }
      return scalar
    default:
      index -= 1
      throw error("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
    }
  }

  private mutating func readHex4() throws(JSONReadError) -> UInt32 {
    guard bytes.count - index >= 4 else { throw error("four hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("four hex digits")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }
}

extension JSONReadError {
  /// The same error, with ``location`` counted in the lines and characters of `text`.
  fileprivate func placed(in text: String) -> JSONReadError {
    let utf8 = text.utf8
    let index = utf8.index(utf8.startIndex, offsetBy: min(max(offset, 0), utf8.count))
    return JSONReadError(reason: reason, offset: offset, location: TextPosition(of: index, in: text))
  }
}
