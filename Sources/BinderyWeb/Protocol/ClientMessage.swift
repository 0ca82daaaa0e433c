/// A message from a page to the server, checked: its type, its element id and its value.
///
/// ```json
/// {"type":"hello","resume":"3F2A…","tab":"9c1e…"}
/// {"type":"edit","id":"FirstNameField","value":"Ada"}
/// {"type":"action","id":"SaveButton"}
/// {"type":"discard","id":"AgeField"}
/// {"type":"delete","id":"People"}
/// {"type":"undo"}
/// ```
public enum ClientMessage: Equatable, Sendable {
  /// The page (re)connects; `resume` is the session it had, if any, and `tab` the random name the
  /// tab drew for itself (kept across reloads of that tab, new in a duplicated one).
  case hello(resume: String?, tab: String?)
  /// A user's edit of an element's value.
  case edit(id: String, value: JSONValue)
  /// A user's action on an element (a click of a button).
  case action(id: String)
  /// The user pressed Escape in a field being edited: its pending edit is dropped and the model's value
  /// shown again (Cocoa's `discardEditing`).
  case discard(id: String)
  /// The user pressed Delete in a list: its selected rows are removed through its controller.
  case delete(id: String)
  /// The user asked to undo the last edit (Ctrl+Z): the page's ``WebContent/undoHistory`` undoes it.
  case undo
  /// The user asked to redo the last undone edit (Ctrl+Shift+Z).
  case redo

  /// Parses and checks a message's text in one pass, refusing it at the first byte past `limits`:
  /// any text costs time linear in its length, bounded by ``JSONLimits/maxBytes``.
  ///
  /// - Parameters:
  ///   - text: The message.
  ///   - limits: How large and deep a message may be; ``JSONLimits/message`` by default.
  /// - Throws: ``WebInputError`` (`tooLarge`, `tooDeep`, `tooManyValues` or `malformedMessage`).
  public static func parse(_ text: String, limits: JSONLimits = .message) throws(WebInputError) -> ClientMessage {
    try ClientRequest.parse(text, limits: limits).message
  }

  /// Parses the JSON of a message (``ClientRequest/parse(_:limits:)`` read it).
  static func json(_ text: String, limits: JSONLimits) throws(WebInputError) -> JSONValue {
    let json: JSONValue
    do {
      json = try JSONValue.parse(text, limits: limits)
    } catch {
      switch error.reason {
      case .tooLarge:
        throw WebInputError(.tooLarge, "the message has \(text.utf8.count) bytes; the limit is \(limits.maxBytes)")
      case .tooDeep:
        throw WebInputError(.tooDeep, "the message nests deeper than \(limits.maxDepth) at byte \(error.offset)")
      case .tooManyValues:
        throw WebInputError(
          .tooManyValues,
          "the message holds more than \(limits.maxValues) values or \(limits.maxMembers) keys in an object")
      case .syntax:
        throw WebInputError(.malformedMessage, "the message is not JSON: \(error)")
      }
    }
    return json
  }

  /// The message a JSON object holds.
  static func message(_ json: JSONValue) throws(WebInputError) -> ClientMessage {
    guard case .object = json, let type = json["type"]?.stringValue else {
      throw WebInputError(.malformedMessage, "a message is an object with a \"type\"")
    }
    switch type {
    case "hello":
      return .hello(resume: try token(json, "resume"), tab: try token(json, "tab"))
    case "edit":
      let id = try elementID(json)
      guard let value = json["value"] else {
        throw WebInputError(.malformedMessage, "an edit has a \"value\"", elementID: id)
      }
      return .edit(id: id, value: value)
    case "action":
      return .action(id: try elementID(json))
    case "discard":
      return .discard(id: try elementID(json))
    case "delete":
      return .delete(id: try elementID(json))
    case "undo":
      return .undo
    case "redo":
      return .redo
    default:
      throw WebInputError(.malformedMessage, "unknown message type \"\(LogText.clip(type, max: 40))\"")
    }
  }

  /// Parses and checks a message's text, at most `maxBytes` long, with the other limits of
  /// ``JSONLimits/message``.
  public static func parse(_ text: String, maxBytes: Int) throws(WebInputError) -> ClientMessage {
    var limits = JSONLimits.message
    limits.maxBytes = maxBytes
    return try parse(text, limits: limits)
  }

  /// A session token or tab name: letters, digits, `-` and `_`, at most 128 of them, or null.
  private static func token(_ json: JSONValue, _ key: String) throws(WebInputError) -> String? {
    switch json[key] {
    case nil, .null?: return nil
    case .string(let text)?
    where !text.isEmpty && text.utf8.count <= 128
      && text.utf8.allSatisfy({
        $0 < 0x80 && (isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_"))
      }):
      return text
    default: throw WebInputError(.malformedMessage, "\"\(key)\" must be a token (letters and digits) or null")
    }
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  /// An element id: 1 to 200 bytes, no control characters (they would forge lines in a log).
  private static func elementID(_ json: JSONValue) throws(WebInputError) -> String {
    guard let id = json["id"]?.stringValue, !id.isEmpty, id.utf8.count <= 200 else {
      throw WebInputError(.malformedMessage, "the message has no element \"id\"")
    }
    guard !id.unicodeScalars.contains(where: LogText.isControl) else {
      throw WebInputError(.unknownElement, "no element has the id \"\(LogText.clip(id, max: 80))\"")
    }
    return id
  }
}
