/// One change of a page, as the server sends it inside a `patch` message.
///
/// ```json
/// {"op":"set","id":"FullNameLabel","key":"text","value":"Ada Lovelace"}
/// {"op":"list","id":"PeopleList","removed":[2],"moved":[{"from":0,"to":3}],"inserted":[{"index":0,"row":{…}}]}
/// ```
public enum PatchOperation: Equatable, Sendable {
  /// A property of an element has a new value.
  case set(id: String, key: String, value: JSONValue)
  /// A list's rows changed: `removed` are indexes of the old rows, `moved` go from old to new
  /// indexes, `inserted` are new rows at indexes of the new rows (as ``Bindery/CollectionChange``).
  case list(id: String, removed: [Int], moved: [(from: Int, to: Int)], inserted: [(index: Int, row: JSONValue)])

  /// Compares operations field by field.
  public static func == (lhs: PatchOperation, rhs: PatchOperation) -> Bool {
    switch (lhs, rhs) {
    case (.set(let a, let b, let c), .set(let d, let e, let f)): a == d && b == e && c == f
    case (.list(let id, let removed, let moved, let inserted), .list(let id2, let removed2, let moved2, let inserted2)):
      id == id2 && removed == removed2 && moved.map(\.from) == moved2.map(\.from) && moved.map(\.to) == moved2.map(\.to)
        && inserted.map(\.index) == inserted2.map(\.index) && inserted.map(\.row) == inserted2.map(\.row)
    default: false
    }
  }

  /// The operation as JSON.
  public var json: JSONValue {
    switch self {
    case .set(let id, let key, let value):
      .object([("op", "set"), ("id", .string(id)), ("key", .string(key)), ("value", value)])
    case .list(let id, let removed, let moved, let inserted):
      .object([
        ("op", "list"), ("id", .string(id)),
        ("removed", .array(removed.map { .number(Double($0)) })),
        ("moved", .array(moved.map { .object([("from", .number(Double($0.from))), ("to", .number(Double($0.to)))]) })),
        ("inserted", .array(inserted.map { .object([("index", .number(Double($0.index))), ("row", $0.row)]) })),
      ])
    }
  }
}
