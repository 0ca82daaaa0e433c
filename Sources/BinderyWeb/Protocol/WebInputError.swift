/// Why the server refused a message from a page: the page is told, nothing changes, and the
/// connection stays up.
///
/// ```swift
/// // {"type":"edit","id":"Nope","value":"x"} is answered with
/// // {"type":"error","code":"unknownElement","id":"Nope","message":"no element has the id \"Nope\""}
/// ```
public struct WebInputError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What kind of problem it is.
  public enum Code: String, Sendable {
    /// The message is larger than the limit.
    case tooLarge
    /// The message nests arrays and objects deeper than the protocol allows.
    case tooDeep
    /// The message holds more values, or an object more keys, than the protocol allows.
    case tooManyValues
    /// The server, or this address, has as many sessions as it keeps; try again later.
    case tooManySessions
    /// The page sent more edits, actions or refused messages than its budget allows.
    case rateLimited
    /// The message is not JSON, or not an object with a known `type`.
    case malformedMessage
    /// No element of the page has this id.
    case unknownElement
    /// The value does not fit the element (text for a switch, an index out of range…).
    case wrongValueType
    /// The element cannot take this message (an edit of a label, an action of a field).
    case notEditable
    /// The element is disabled or hidden.
    case disabled
    /// The page sent an edit before its `hello`.
    case noSession
    /// The page could not be made (its spec file did not load).
    case pageUnavailable
    /// The change was made but could not be kept (the database refused or could not write it); the
    /// model is back as it was, and the page gets its values again.
    case notKept
  }

  /// What kind of problem it is.
  public let code: Code
  /// The element the message named, when it named a known one.
  public let elementID: String?
  /// A message for the log and the page.
  public let message: String

  /// Creates an error.
  public init(_ code: Code, _ message: String, elementID: String? = nil) {
    self.code = code
    self.message = message
    self.elementID = elementID
  }

  /// `unknownElement: no element has the id "Nope"`.
  public var description: String { "\(code.rawValue): \(message)" }
}
