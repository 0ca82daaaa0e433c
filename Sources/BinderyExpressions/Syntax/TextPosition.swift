/// A place in an expression's text: line and column counted from 1 (columns in characters), plus
/// the offset of the character in the text.
public struct TextPosition: Sendable, Equatable, Comparable, CustomStringConvertible {
  /// The line, from 1.
  public var line: Int
  /// The column, from 1, in characters.
  public var column: Int
  /// The position of the character in the text, from 0.
  public var offset: Int

  /// Creates a location.
  public init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  /// The start of a text.
  public static let start = TextPosition(line: 1, column: 1, offset: 0)

  /// Orders by offset.
  public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool { lhs.offset < rhs.offset }

  /// `line:column`.
  public var description: String { "\(line):\(column)" }
}
