/// A place in a text Bindery was given (an expression, a pattern, a key path, a spec file, a message):
/// line and column counted from 1 (columns in characters), plus the offset of the character in the text.
public struct TextPosition: Sendable, Equatable, Comparable, CustomStringConvertible {
  /// The line, from 1.
  public var line: Int
  /// The column, from 1, in characters.
  public var column: Int
  /// The position of the character in the text, in characters from 0; -1 when the reader of the text
  /// knows only the line and column (a spec file's YAML).
  public var offset: Int

  /// Creates a location.
  public init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  /// The start of a text.
  public static let start = TextPosition(line: 1, column: 1, offset: 0)

  /// The place of `index` in `text`: lines end at `\n`; columns and the offset count characters.
  package init(of index: String.Index, in text: String) {
    var line = 1
    var column = 1
    var offset = 0
    var cursor = text.startIndex
    while cursor < index, cursor < text.endIndex {
      if text[cursor] == "\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
      offset += 1
      cursor = text.index(after: cursor)
    }
    self.init(line: line, column: column, offset: offset)
  }

  /// Orders by offset.
  public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool { lhs.offset < rhs.offset }

  /// `line:column`.
  public var description: String { "\(line):\(column)" }
}
