/// A list of strings shown as one comma-separated string, and parsed back (JSKit's
/// `JSCommaSeparatedListValueTransformer`).
///
/// Forward, `["math", "poetry"]` becomes `"math, poetry"`. Back, `" math ,poetry, "` becomes
/// `["math", "poetry"]`: items are trimmed of spaces and empty items dropped.
///
/// ```swift
/// tagsField.bind(\.text, to: .keyPath(person, \.tags, converted: CommaSeparatedListTransformer()))
/// ```
public struct CommaSeparatedListTransformer: BindingTransformer, Sendable {
  /// Creates the transformer.
  public init() {}

  /// The items joined with `", "`.
  public func transform(_ value: [String]) -> String {
    value.joined(separator: ", ")
  }

  /// The text split at commas, each item trimmed of white space, empty items dropped.
  public func reverseTransform(_ value: String) throws -> [String] {
    value.split(separator: ",", omittingEmptySubsequences: false)
      .map { item in
        let trimmed = item.drop { $0.isWhitespace }
        return String(trimmed.reversed().drop { $0.isWhitespace }.reversed())
      }
      .filter { !$0.isEmpty }
  }

  /// Reversible.
  public var isReversible: Bool { true }
}
