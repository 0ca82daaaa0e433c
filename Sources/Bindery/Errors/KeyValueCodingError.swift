/// Why a string key path does not resolve, or does not fit where it is used.
///
/// Every case carries the column (counted in characters from 1) of the key that failed, in the text
/// that was resolved.
public enum KeyValueCodingError: LocatedError, Equatable, Sendable {
  /// The path, or one of its keys, is empty (`person..name`, `""`).
  case emptyKey(path: String, column: Int)
  /// The type has no key of that name; `suggestions` are its closest keys.
  case unknownKey(type: String, key: String, suggestions: [String], column: Int)
  /// A key follows a value that has no keys (`person.age.digits`: an `Int`).
  case notAnObject(type: String, key: String, column: Int)
  /// A collection operator is unknown, misplaced, or applied to something that is not a to-many
  /// property of objects.
  case invalidCollectionOperator(path: String, reason: String, column: Int)
  /// The path's value type does not fit the property it is bound to.
  case typeMismatch(path: String, pathType: String, expected: String)
  /// A value of the wrong type was written through the path.
  case wrongValueType(path: String, expected: String, got: String)
  /// The path has more keys than ``KeyValuePath/maximumKeyCount``; `column` is that of the first
  /// key past the limit.
  case pathTooLong(path: String, limit: Int, column: Int)

  /// The column of the key that failed (1 for type mismatches).
  public var column: Int {
    switch self {
    case .emptyKey(_, let column), .unknownKey(_, _, _, let column), .notAnObject(_, _, let column),
      .invalidCollectionOperator(_, _, let column), .pathTooLong(_, _, let column):
      column
    case .typeMismatch, .wrongValueType: 1
    }
  }

  /// Where in the path the key that failed is: line 1, its column (1 for type mismatches).
  public var location: TextPosition { TextPosition(line: 1, column: column, offset: column - 1) }

  /// The same as ``description``.
  public var message: String { description }

  /// A message a user can act on; a key or path longer than 80 characters is cut short.
  public var description: String { description(quotingAtMost: 80) }

  /// The message, with each key or path it quotes cut to its first `limit` characters and an
  /// ellipsis when longer (the expression language quotes at most 40).
  package func description(quotingAtMost limit: Int) -> String {
    let cut = { (text: String) in Self.cut(text, to: limit) }
    return switch self {
    case .emptyKey(let path, _):
      path.isEmpty ? "the key path is empty" : "empty key in \"\(cut(path))\""
    case .unknownKey(let type, let key, let suggestions, _):
      "\(type) has no key \"\(cut(key))\""
        + (suggestions.isEmpty ? "" : "; did you mean \(suggestions.map { "\"\(cut($0))\"" }.joined(separator: ", "))?")
    case .notAnObject(let type, let key, _):
      "cannot read \"\(cut(key))\" of a \(type): it has no keys"
    case .invalidCollectionOperator(let path, let reason, _):
      "\(cut(reason)) in \"\(cut(path))\""
    case .typeMismatch(let path, let pathType, let expected):
      "\"\(cut(path))\" is a \(pathType), but the property bound to it is a \(expected)"
    case .wrongValueType(let path, let expected, let got):
      "\"\(cut(path))\" takes a \(expected), not a \(got)"
    case .pathTooLong(let path, let limit, _):
      "\"\(cut(path))\" has more than \(limit) keys"
    }
  }

  /// `text`, or its first `limit` characters and an ellipsis.
  static func cut(_ text: String, to limit: Int = 80) -> String {
    guard text.utf8.count > limit,
      let end = text.index(text.startIndex, offsetBy: max(limit, 0), limitedBy: text.endIndex),
      end != text.endIndex
    else { return text }
    return text[..<end] + "…"
  }
}
