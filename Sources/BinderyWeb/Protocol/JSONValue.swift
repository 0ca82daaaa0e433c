import Bindery

/// A JSON value, as the page and the server exchange them.
///
/// Objects keep their keys in order, so messages are written the same way every time.
///
/// ```swift
/// let value: JSONValue = .object([("type", "edit"), ("id", "FirstNameField"), ("value", "Ada")])
/// value.serialized  // {"type":"edit","id":"FirstNameField","value":"Ada"}
/// ```
public enum JSONValue: Equatable, Sendable, CustomStringConvertible {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, its keys in order.
  case object([(key: String, value: JSONValue)])

  /// Compares values as JSON does: objects by their keys and values, in any order.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && a.allSatisfy { pair in b.contains { $0.key == pair.key && $0.value == pair.value } }
    default: false
    }
  }

  /// The value of `key` in an object.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let pairs) = self else { return nil }
    return pairs.first { $0.key == key }?.value
  }

  /// The text of a string.
  package var stringValue: String? {
    if case .string(let text) = self { text } else { nil }
  }

  /// The compact JSON text.
  public var serialized: String {
    var output = ""
    write(to: &output)
    return output
  }

  /// The compact JSON text.
  public var description: String { serialized }

  func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let value):
      if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
        output += String(Int64(value))
      } else if value.isFinite {
        output += "\(value)"
      } else {
        output += "null"
      }
    case .string(let text): Self.writeString(text, to: &output)
    case .array(let elements):
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        element.write(to: &output)
      }
      output += "]"
    case .object(let pairs):
      output += "{"
      for (index, pair) in pairs.enumerated() {
        if index > 0 { output += "," }
        Self.writeString(pair.key, to: &output)
        output += ":"
        pair.value.write(to: &output)
      }
      output += "}"
    }
  }

  private static func writeString(_ text: String, to output: inout String) {
    // Escaped so the text is safe inside a <script> or HTML too.
    output += "\""
    JSONText.write(text, htmlSafe: true, to: &output)
    output += "\""
  }
}

extension JSONValue: Decodable {
  /// Reads any JSON value from a `Decoder`; a number is never read as a Boolean, nor a Boolean as a
  /// number. Messages from pages are read with ``parse(_:limits:)`` instead, which is linear and bounded.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      let value = try container.decode([String: JSONValue].self)
      self = .object(value.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
    }
  }
}

extension JSONValue {
  /// Parses JSON text in one pass, refusing it at the first byte past `limits`.
  ///
  /// ```swift
  /// try JSONValue.parse(#"{"type":"action","id":"SaveButton"}"#)["id"]  // "SaveButton"
  /// ```
  ///
  /// - Parameter limits: How much the text may hold; by default any size, nested at most 128 deep.
  /// - Throws: ``JSONReadError``, with the byte offset where reading stopped.
  public static func parse(_ text: String, limits: JSONLimits = .document) throws(JSONReadError) -> JSONValue {
    try JSONReader.read(text, limits: limits)
  }
}

extension JSONLimits {
  /// Any size, nested at most 128 deep: for documents the program itself wrote.
  public static let document = JSONLimits(maxBytes: .max, maxDepth: 128, maxValues: .max, maxMembers: .max)
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByNilLiteral
{
  /// A string.
  public init(stringLiteral value: String) { self = .string(value) }
  /// A Boolean.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// A number.
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  /// `null`.
  public init(nilLiteral: ()) { self = .null }
}

extension JSONValue {
  /// A string, or `null` for `nil`.
  init(_ text: String?) { self = text.map { .string($0) } ?? .null }
  /// A number, or `null` for `nil`.
  init(_ number: Double?) { self = number.map { .number($0) } ?? .null }
  /// A number, or `null` for `nil`.
  init(_ number: Int?) { self = number.map { .number(Double($0)) } ?? .null }
}
