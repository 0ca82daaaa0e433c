/// A message from a page with its sequence number, if the page gave one: the server answers a
/// numbered message with `{"type":"ack","seq":n}` once it has applied it, before the patches it
/// caused, so the page knows its edit is made (and, for store-backed content, saved), and that a
/// value it got before the `ack` was sent before its edit was made.
///
/// ```json
/// {"type":"edit","id":"FirstNameField","value":"Ada","seq":41}
/// ```
public struct ClientRequest: Equatable, Sendable {
  /// The message.
  public let message: ClientMessage
  /// Its sequence number (0 to 2⁵³), or `nil`.
  public let sequence: Int?

  /// A message with a sequence number, or none.
  public init(_ message: ClientMessage, sequence: Int? = nil) {
    self.message = message
    self.sequence = sequence
  }

  /// Parses and checks a message's text, as ``ClientMessage/parse(_:limits:)`` does, and its `seq`.
  ///
  /// - Throws: ``WebInputError``; a `seq` that is not a whole number from 0 to 2⁵³ is
  ///   `malformedMessage`.
  public static func parse(_ text: String, limits: JSONLimits = .message) throws(WebInputError) -> ClientRequest {
    let json = try ClientMessage.json(text, limits: limits)
    let message = try ClientMessage.message(json)
    switch json["seq"] {
    case nil, .null?:
      return ClientRequest(message)
    case .number(let number)? where number >= 0 && number <= 9_007_199_254_740_992 && number.rounded() == number:
      return ClientRequest(message, sequence: Int(number))
    default:
      throw WebInputError(.malformedMessage, "\"seq\" must be a whole number from 0 to 2^53")
    }
  }
}
