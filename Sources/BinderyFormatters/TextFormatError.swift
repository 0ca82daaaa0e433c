public import Bindery

/// Why text typed by a user is not a value of a ``TextFormat``.
public struct TextFormatError: LocatedError, Equatable, Sendable {
  /// The text that was typed.
  public var text: String
  /// What was expected, such as `a whole number` or `a date`.
  public var expected: String
  /// A value in the right form, such as `1,234`, to show the user.
  public var example: String
  /// The position in `text` (counted in characters from 1) where reading failed, when known.
  public var column: Int?

  /// Creates an error.
  public init(text: String, expected: String, example: String, column: Int? = nil) {
    self.text = text
    self.expected = expected
    self.example = example
    self.column = column
  }

  /// Where in ``text`` reading failed: line 1 and ``column``, or the start when that is not known.
  public var location: TextPosition {
    let column = column ?? 1
    return TextPosition(line: 1, column: column, offset: column - 1)
  }

  /// What to tell the person who typed the text: `Enter a whole number, like 1,234`.
  public var message: String {
    "Enter \(expected), like \(example)"
  }

  /// For programs and logs, with the text and where reading failed:
  /// `"12abc" is not a whole number (at column 3; like "1,234")`.
  public var description: String {
    let quoted = text.isEmpty ? "empty text" : "\"\(text)\""
    let position = column.map { "at column \($0); " } ?? ""
    return "\(quoted) is not \(expected) (\(position)like \"\(example)\")"
  }
}
