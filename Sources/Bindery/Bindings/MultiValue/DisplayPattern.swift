/// A parsed display pattern: literal text with `%{valueN}@` placeholders (Cocoa's displayPatternValue).
///
/// Syntax: `%{value1}@` is replaced by the first input, `%{value2}@` by the second, and so on; `%%` is a
/// literal `%`. Anything else is literal text.
package struct DisplayPattern: Sendable, Equatable {
  enum Part: Sendable, Equatable {
    case text(String)
    /// A zero-based input index.
    case value(Int)
  }

  let parts: [Part]

  /// Parses `pattern` for `inputCount` inputs.
  ///
  /// - Throws: ``ExpressionError`` at the first problem: `.syntax` for a `%` that starts no
  ///   placeholder, `.key` for a placeholder with no input.
  package init(_ pattern: String, inputCount: Int) throws(ExpressionError) {
    var parts: [Part] = []
    var literal = ""
    var index = pattern.startIndex
    func malformed(_ at: String.Index) -> ExpressionError {
      ExpressionError(
        "expected %{valueN}@ (N from 1) or %%", at: TextPosition(of: at, in: pattern), in: pattern, kind: .syntax)
    }
    while index < pattern.endIndex {
      let character = pattern[index]
      guard character == "%" else {
        literal.append(character)
        index = pattern.index(after: index)
        continue
      }
      let rest = pattern[pattern.index(after: index)...]
      if rest.hasPrefix("%") {
        literal.append("%")
        index = pattern.index(index, offsetBy: 2)
        continue
      }
      guard rest.hasPrefix("{value"), let close = rest.firstRange(of: "}@") else {
        throw malformed(index)
      }
      let digits = rest[rest.index(rest.startIndex, offsetBy: 6)..<close.lowerBound]
      guard let number = Int(digits), number >= 1 else {
        throw malformed(index)
      }
      guard number <= inputCount else {
        let message = "%{value\(number)}@ has no input (\(inputCount) given)"
        throw ExpressionError(message, at: TextPosition(of: index, in: pattern), in: pattern, kind: .key)
      }
      if !literal.isEmpty {
        parts.append(.text(literal))
        literal = ""
      }
      parts.append(.value(number - 1))
      index = close.upperBound
    }
    if !literal.isEmpty { parts.append(.text(literal)) }
    self.parts = parts
  }

  /// The pattern with each placeholder replaced by its input's text.
  func render(_ values: [String]) -> String {
    var result = ""
    for part in parts {
      switch part {
      case .text(let text): result += text
      case .value(let index): result += index < values.count ? values[index] : ""
      }
    }
    return result
  }
}
