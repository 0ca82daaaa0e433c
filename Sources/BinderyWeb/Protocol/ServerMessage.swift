/// A message from the server to a page.
///
/// ```json
/// {"type":"reset","session":"3F2A…","title":"People","reason":"new","maxMessageBytes":16384,"tree":{…}}
/// {"type":"patch","ops":[{"op":"set","id":"FullNameLabel","key":"text","value":"Ada"}]}
/// {"type":"error","code":"unknownElement","id":"Nope","message":"no element has the id \"Nope\""}
/// {"type":"ack","seq":41}
/// ```
public enum ServerMessage: Equatable, Sendable {
  /// The whole page: sent after `hello`, and instead of patches a page fell behind on; `reason`
  /// tells the page whether it got back its own session, and if not why, and `maxMessageBytes` how
  /// large a message it may send.
  case reset(session: String, title: String, tree: JSONValue, reason: ResetReason, maxMessageBytes: Int)
  /// The changes of one propagation, in order.
  case patch([PatchOperation])
  /// A message the page sent was refused.
  case error(WebInputError)
  /// The page's message with this sequence number (``ClientRequest/sequence``) was applied: its edit
  /// is made, and saved where the model is kept in a database.
  case ack(Int)

  /// The message as JSON.
  public var json: JSONValue {
    switch self {
    case .reset(let session, let title, let tree, let reason, let maxMessageBytes):
      .object([
        ("type", "reset"), ("session", .string(session)), ("title", .string(title)),
        ("reason", .string(reason.rawValue)), ("maxMessageBytes", JSONValue(maxMessageBytes)), ("tree", tree),
      ])
    case .patch(let operations):
      .object([("type", "patch"), ("ops", .array(operations.map(\.json)))])
    case .error(let error):
      .object([
        ("type", "error"), ("code", .string(error.code.rawValue)), ("id", JSONValue(error.elementID)),
        ("message", .string(error.message)),
      ])
    case .ack(let sequence):
      .object([("type", "ack"), ("seq", JSONValue(sequence))])
    }
  }

  /// The message's text.
  public var text: String { json.serialized }
}

/// Why a page gets the whole page (a `reset` message), so it can tell its user what happened.
public enum ResetReason: String, Equatable, Sendable {
  /// A new session: the tab asked for none.
  case new
  /// The tab's own session, as it left it (a reconnect or a reload).
  case resumed
  /// The tab fell behind on its messages, or said `hello` again on the same socket.
  case refresh
  /// A new session: the session asked for is another tab's (this tab is a copy of it).
  case duplicate
  /// A new session: the session asked for ended (it waited longer than the resume window, or the
  /// server ended it to make room).
  case expired
  /// A new session: the session asked for was made by an earlier run of the server.
  case serverRestarted
}
