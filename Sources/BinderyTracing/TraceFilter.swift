/// Which properties a trace logs: `Type.property` patterns, separated by commas, where `*` stands for
/// any type or any property (`HeadlessLabel.text,Person.*`, `*.fullName`, `*`).
///
/// A change is logged when its property (the one written) or what it came from matches a pattern.
public struct TraceFilter: Sendable, Equatable, CustomStringConvertible {
  /// One `Type.property` pattern.
  public struct Pattern: Sendable, Equatable {
    /// The type's name, or `nil` for any (`*`).
    public var type: String?
    /// The property's name (the first key of a path), or `nil` for any (`*`).
    public var property: String?

    /// Whether `name` (`Type.property.more`) matches.
    func matches(_ name: String) -> Bool {
      guard let dot = name.firstIndex(of: ".") else { return false }
      let typeName = name[..<dot]
      let rest = name[name.index(after: dot)...]
      let first = rest.prefix { $0 != "." && $0 != " " && $0 != "{" }
      return (type.map { $0 == typeName } ?? true) && (property.map { $0 == first } ?? true)
    }
  }

  /// The patterns; a change matching any of them is logged.
  public var patterns: [Pattern]

  /// Reads a filter: `Type.property` patterns separated by commas, `*` for any type or property.
  ///
  /// - Throws: ``TraceFilterError`` at the first malformed pattern (empty, without a dot, with a
  ///   character a Swift name does not have).
  public init(_ text: String) throws(TraceFilterError) {
    var patterns: [Pattern] = []
    var offset = 0
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      defer { offset += part.count + 1 }
      let pattern = part.trimmingWhitespace
      let halves = pattern.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
      guard pattern == "*" || halves.count == 2, halves.allSatisfy(Self.isNameOrStar) else {
        throw TraceFilterError(
          "expected Type.property (or * for any), not \"\(pattern.prefix(40))\"", column: offset + 1)
      }
      if pattern == "*" {
        patterns.append(Pattern(type: nil, property: nil))
      } else {
        patterns.append(
          Pattern(
            type: halves[0] == "*" ? nil : String(halves[0]), property: halves[1] == "*" ? nil : String(halves[1])))
      }
    }
    self.patterns = patterns
  }

  /// The filter that matches no property by name: a trace with it logs only the bindings made with
  /// `BindingOptions.isTraced`, and leaves recording off for the others.
  ///
  /// ```swift
  /// BindingTracer.start(logger: logger, filter: .tracedBindings)
  /// label.bind(\.text, to: person, \.fullName, options: BindingOptions(isTraced: true))  // logged
  /// ```
  public static let tracedBindings = TraceFilter(patterns: [])

  private init(patterns: [Pattern]) {
    self.patterns = patterns
  }

  /// Whether a name (`Type.property…`) matches a pattern.
  public func matches(_ name: String) -> Bool {
    patterns.contains { $0.matches(name) }
  }

  /// The patterns, comma-separated.
  public var description: String {
    patterns.map { "\($0.type ?? "*").\($0.property ?? "*")" }.joined(separator: ",")
  }

  private static func isNameOrStar(_ text: Substring) -> Bool {
    if text == "*" { return true }
    guard let first = text.first, first.isLetter || first == "_" else { return false }
    return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "<" || $0 == ">" }
  }
}

/// A malformed trace filter: what is wrong, and at which character (from 1).
public struct TraceFilterError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong.
  public let message: String
  /// The character (from 1) where the malformed pattern starts.
  public let column: Int

  init(_ message: String, column: Int) {
    self.message = message
    self.column = column
  }

  /// `column 12: expected Type.property …`.
  public var description: String { "column \(column): \(message)" }
}

extension Substring {
  /// Without leading and trailing whitespace.
  var trimmingWhitespace: Substring {
    var text = self
    while text.first?.isWhitespace == true { text.removeFirst() }
    while text.last?.isWhitespace == true { text.removeLast() }
    return text
  }
}
