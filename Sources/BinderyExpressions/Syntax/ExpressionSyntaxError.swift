/// Why the text of a binding expression is not an expression, and where.
///
/// ``formatted`` shows the line of the text with a caret under the column:
///
/// ```
/// 1:10: error: expected an expression after "&&"
///   person &&
///            ^
/// ```
public struct ExpressionSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, for a user.
  public var message: String
  /// Where.
  public var location: SourceLocation
  /// The whole text of the expression.
  public var source: String

  /// Creates an error.
  public init(_ message: String, at location: SourceLocation, in source: String) {
    self.message = message
    self.location = location
    self.source = source
  }

  /// `line:column: error: message`.
  public var description: String { "\(location): error: \(message)" }

  /// The description, the line of the text where the error is, and a caret under its column.
  public var formatted: String {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let index = max(0, min(location.line - 1, lines.count - 1))
    let line = lines.isEmpty ? "" : String(lines[index])
    let caretColumn = max(1, location.column)
    return "\(description)\n  \(line)\n  \(String(repeating: " ", count: caretColumn - 1))^"
  }
}
