/// A message from a page to the server, checked: its type, its element id and its value.
///
/// ```json
/// {"type":"hello","resume":"3F2A…"}
/// {"type":"edit","id":"FirstNameField","value":"Ada"}
/// {"type":"action","id":"SaveButton"}
/// ```
public enum ClientMessage: Equatable, Sendable {
  /// The page (re)connects; `resume` is the session it had, if any.
  case hello(resume: String?)
  /// A user's edit of an element's value.
  case edit(id: String, value: JSONValue)
  /// A user's action on an element (a click of a button).
  case action(id: String)

  /// Parses and checks a message's text.
  ///
  /// - Parameters:
  ///   - text: The message.
  ///   - maxBytes: The largest message accepted, in UTF-8 bytes.
  /// - Throws: ``WebInputError`` (`tooLarge` or `malformedMessage`).
  public static func parse(_ text: String, maxBytes: Int) throws(WebInputError) -> ClientMessage {
    guard text.utf8.count <= maxBytes else {
      throw WebInputError(.tooLarge, "the message has \(text.utf8.count) bytes; the limit is \(maxBytes)")
    }
    let json: JSONValue
    do {
      json = try JSONValue.parse(text)
    } catch {
      throw WebInputError(.malformedMessage, "the message is not JSON")
    }
    guard case .object = json, let type = json["type"]?.stringValue else {
      throw WebInputError(.malformedMessage, "a message is an object with a \"type\"")
    }
    switch type {
    case "hello":
      switch json["resume"] {
      case nil, .null?: return .hello(resume: nil)
      case .string(let token)?: return .hello(resume: token)
      default: throw WebInputError(.malformedMessage, "\"resume\" must be a session token or null")
      }
    case "edit":
      let id = try elementID(json)
      guard let value = json["value"] else {
        throw WebInputError(.malformedMessage, "an edit has a \"value\"", elementID: id)
      }
      return .edit(id: id, value: value)
    case "action":
      return .action(id: try elementID(json))
    default:
      throw WebInputError(.malformedMessage, "unknown message type \"\(type.prefix(40))\"")
    }
  }

  private static func elementID(_ json: JSONValue) throws(WebInputError) -> String {
    guard let id = json["id"]?.stringValue, !id.isEmpty, id.utf8.count <= 200 else {
      throw WebInputError(.malformedMessage, "the message has no element \"id\"")
    }
    return id
  }
}
