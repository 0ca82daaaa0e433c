/// A message from the server to a page.
///
/// ```json
/// {"type":"reset","session":"3F2A…","title":"People","tree":{"id":"Page","kind":"panel",…}}
/// {"type":"patch","ops":[{"op":"set","id":"FullNameLabel","key":"text","value":"Ada"}]}
/// {"type":"error","code":"unknownElement","id":"Nope","message":"no element has the id \"Nope\""}
/// ```
public enum ServerMessage: Equatable, Sendable {
  /// The whole page: sent after `hello`, and instead of patches a page fell behind on.
  case reset(session: String, title: String, tree: JSONValue)
  /// The changes of one propagation, in order.
  case patch([PatchOperation])
  /// A message the page sent was refused.
  case error(WebInputError)

  /// The message as JSON.
  public var json: JSONValue {
    switch self {
    case .reset(let session, let title, let tree):
      .object([("type", "reset"), ("session", .string(session)), ("title", .string(title)), ("tree", tree)])
    case .patch(let operations):
      .object([("type", "patch"), ("ops", .array(operations.map(\.json)))])
    case .error(let error):
      .object([
        ("type", "error"), ("code", .string(error.code.rawValue)), ("id", JSONValue(error.elementID)),
        ("message", .string(error.message)),
      ])
    }
  }

  /// The message's text.
  public var text: String { json.serialized }
}
