/// A parsed display pattern: literal text with `%{valueN}@` placeholders (Cocoa's displayPatternValue).
///
/// Syntax: `%{value1}@` is replaced by the first input, `%{value2}@` by the second, and so on; `%%` is a
/// literal `%`. Anything else is literal text.
struct DisplayPattern: Sendable, Equatable {
  enum Part: Sendable, Equatable {
    case text(String)
    /// A zero-based input index.
    case value(Int)
  }

  let parts: [Part]

  /// Parses `pattern` for `inputCount` inputs.
  ///
  /// - Throws: ``BindingPatternError`` with the column of the first problem.
  init(_ pattern: String, inputCount: Int) throws(BindingPatternError) {
    var parts: [Part] = []
    var literal = ""
    var index = pattern.startIndex
    func column(_ at: String.Index) -> Int { pattern.distance(from: pattern.startIndex, to: at) + 1 }
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
        throw .malformedPlaceholder(pattern: pattern, column: column(index))
      }
      let digits = rest[rest.index(rest.startIndex, offsetBy: 6)..<close.lowerBound]
      guard let number = Int(digits), number >= 1 else {
        throw .malformedPlaceholder(pattern: pattern, column: column(index))
      }
      guard number <= inputCount else {
        throw .missingInput(pattern: pattern, column: column(index), placeholder: number, inputCount: inputCount)
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

/// Why a display pattern was rejected.
public enum BindingPatternError: Error, Equatable, CustomStringConvertible {
  /// A `%` that does not start `%{valueN}@` (N from 1) or `%%`.
  case malformedPlaceholder(pattern: String, column: Int)
  /// A placeholder for an input that was not given.
  case missingInput(pattern: String, column: Int, placeholder: Int, inputCount: Int)

  /// The message, with the column of the problem.
  public var description: String {
    switch self {
    case .malformedPlaceholder(let pattern, let column):
      "pattern \"\(pattern)\", column \(column): expected %{valueN}@ (N from 1) or %%"
    case .missingInput(let pattern, let column, let placeholder, let inputCount):
      "pattern \"\(pattern)\", column \(column): %{value\(placeholder)}@ has no input (\(inputCount) given)"
    }
  }
}
