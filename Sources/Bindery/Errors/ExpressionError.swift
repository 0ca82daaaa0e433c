/// Why the text of a binding cannot be bound, and where: an expression (BinderyExpressions) whose text
/// is not an expression, whose key is unknown, whose types do not fit or whose attribute is wrong; or a
/// display pattern with a malformed placeholder or one that has no input.
///
/// ``formatted`` shows the line of the text with a caret under the column:
///
/// ```
/// 1:10: error: expected an expression after "&&"
///   person &&
///            ^
/// ```
public struct ExpressionError: LocatedError, Equatable, Sendable {
  /// What kind of problem it is.
  public enum Kind: Sendable, Equatable {
    /// The text is not an expression of the grammar.
    case syntax
    /// A key of a key path is unknown, or follows a value that has no keys; or a pattern's placeholder
    /// names an input that was not given.
    case key
    /// Types do not fit: an operator's operands, or the expression and the bound property.
    case type
    /// An attribute is unknown, or its value is wrong.
    case attribute
  }

  /// What kind of problem it is.
  public var kind: Kind
  /// What is wrong, for a user.
  public var message: String
  /// Where.
  public var location: TextPosition
  /// The whole text of the expression or pattern.
  public var source: String

  /// Creates an error.
  public init(_ message: String, at location: TextPosition, in source: String, kind: Kind = .syntax) {
    self.kind = kind
    self.message = message
    self.location = location
    self.source = source
  }

  /// `line:column: error: message`.
  public var description: String { "\(location): error: \(message)" }

  /// The description, the line of the text where the error is, and a caret under its column. A long
  /// line is cut to the 80 characters or so around the column, with `…` where it is cut.
  public var formatted: String {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let index = max(0, min(location.line - 1, lines.count - 1))
    let line = lines.isEmpty ? Substring("") : lines[index]
    let window = 40
    // The caret's offset in what is shown, which starts `window` characters before it at most.
    var caret = max(0, location.column - 1)
    var start = line.startIndex
    var lead = ""
    if caret > window, let cut = line.index(line.startIndex, offsetBy: caret - window, limitedBy: line.endIndex) {
      start = cut
      lead = "…"
      caret = window + 1
    }
    var shown = line[start...]
    var trail = ""
    if let end = shown.index(shown.startIndex, offsetBy: caret + window + 1, limitedBy: shown.endIndex),
      end < shown.endIndex
    {
      shown = shown[..<end]
      trail = "…"
    }
    return "\(description)\n  \(lead)\(shown)\(trail)\n  \(String(repeating: " ", count: caret))^"
  }
}
