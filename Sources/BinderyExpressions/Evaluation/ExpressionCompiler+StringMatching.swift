import Bindery

/// What `contains`, `beginswith`, `endswith`, `like` and `matches` mean: both operands are strings
/// (a `String`, optional or not, or a value whose type is known only when it is read), checked when
/// the expression is compiled; a `nil` operand, or a value that turns out not to be a string, makes
/// the match false.
///
/// - `[c]` folds case (upper, then lower case), `[d]` folds diacritics (``DiacriticFolding``),
///   `[cd]` both, on both sides, once per evaluation (once for a constant).
/// - `like` matches the whole string with `*` (any characters, or none) and `?` (one character);
///   `\` takes the next character as it is. It never backtracks more than to its last `*`.
/// - `matches` is a regular expression (Swift's `Regex`) matching the whole string. A constant
///   pattern is compiled with the expression, and a pattern that is not a regular expression is
///   refused then; a pattern read from a key path is compiled when it changes, and one that is not a
///   regular expression makes the match false.
extension ExpressionCompiler {
  /// The most characters a `matches` pattern may have: a regular expression is user input too.
  static let maximumPatternLength = 1_000

  /// The function that matches the values of `lhs` and `rhs` with `operation`'s operator and options,
  /// and what computes its right operand: `rhs`'s value, or, for a parameter (`$value`), what is
  /// prepared from its value once for many evaluations (``ExpressionParameters``).
  ///
  /// - Throws: ``ExpressionError`` of kind `.type` at an operand that is not a string, or at a
  ///   constant pattern that is not a regular expression.
  func stringMatch(_ operation: BinaryOperation, _ lhs: Side, _ rhs: Side) throws(ExpressionError)
    -> (match: (Any?, Any?) -> Bool, operand: (ExpressionScope) -> Any?)
  {
    let op = operation.operator
    try requireString(lhs, for: op, options: operation.options)
    try requireString(rhs, for: op, options: operation.options)
    let fold = StringFold(operation.options)
    if op == .matches {
      let match = try regularExpressionMatch(
        lhs, rhs, fold: fold, ignoresCase: operation.options.contains(.caseInsensitive))
      return (match, rhs.node.evaluate)
    }
    if op == .like, let constant = rhs.node.constant as? String {
      let pattern = LikePattern(fold.apply(constant))
      return (
        { left, _ in
          guard let left = ExpressionValues.unwrap(left) as? String else { return false }
          return pattern.matches(fold.apply(left))
        }, rhs.node.evaluate
      )
    }
    let match: (String, String) -> Bool =
      switch op {
      // The empty string is part of every string (the standard library's `contains` says no).
      case .contains: { $1.isEmpty || $0.contains($1) }
      case .beginsWith: { $0.hasPrefix($1) }
      case .endsWith: { $0.hasSuffix($1) }
      default: { LikePattern($1).matches($0) }
      }
    let kind: ASCIIFoldedMatch.Kind? =
      switch op {
      case .contains: .contains
      case .beginsWith: .beginsWith
      case .endsWith: .endsWith
      default: nil
      }
    if let parameter = rhs.node.parameter {
      return preparedMatch(op, match, fold, kind: kind, parameter: parameter)
    }
    return (Self.folded(match, fold, kind: kind, constantRight: rhs.node.constant as? String), rhs.node.evaluate)
  }

  /// `match` of `left` folded and `right` (already folded): bytes on the stack when both are ASCII
  /// once folded, else the folded strings.
  private static func foldedMatch(
    _ match: (String, String) -> Bool, _ fold: StringFold, kind: ASCIIFoldedMatch.Kind?, _ left: String, _ right: String
  ) -> Bool {
    if let kind, let answer = ASCIIFoldedMatch.matches(kind, left, pattern: right, fold: fold) { return answer }
    return match(fold.apply(left), right)
  }

  /// A match with a parameter on the right (`name contains[cd] $value`): its value is folded (and
  /// made a `like` pattern) once per set of values, as a constant is once per expression, and each
  /// evaluation reads what was prepared.
  private func preparedMatch(
    _ op: BinaryOperator,
    _ match: @escaping (String, String) -> Bool,
    _ fold: StringFold,
    kind: ASCIIFoldedMatch.Kind?,
    parameter: Int
  ) -> (match: (Any?, Any?) -> Bool, operand: (ExpressionScope) -> Any?) {
    let isLike = op == .like
    let preparation = preparations.add { values -> Any? in
      guard values.indices.contains(parameter), let text = ExpressionValues.unwrap(values[parameter]) as? String
      else { return nil }
      return isLike ? LikePattern(fold.apply(text)) as Any : fold.apply(text) as Any
    }
    let operand: (ExpressionScope) -> Any? = { $0.parameters?.preparation(at: preparation) }
    if isLike {
      return (
        { left, right in
          guard let pattern = right as? LikePattern, let left = ExpressionValues.unwrap(left) as? String else {
            return false
          }
          return pattern.matches(fold.apply(left))
        }, operand
      )
    }
    return (
      { left, right in
        guard let right = right as? String, let left = ExpressionValues.unwrap(left) as? String else { return false }
        return Self.foldedMatch(match, fold, kind: kind, left, right)
      }, operand
    )
  }

  /// `match` of the folded strings; a constant on the right is folded once.
  private static func folded(
    _ match: @escaping (String, String) -> Bool,
    _ fold: StringFold,
    kind: ASCIIFoldedMatch.Kind?,
    constantRight: String?
  ) -> (Any?, Any?) -> Bool {
    if let constantRight {
      let right = fold.apply(constantRight)
      return { left, _ in
        guard let left = ExpressionValues.unwrap(left) as? String else { return false }
        return foldedMatch(match, fold, kind: kind, left, right)
      }
    }
    return { left, right in
      guard let left = ExpressionValues.unwrap(left) as? String, let right = ExpressionValues.unwrap(right) as? String
      else { return false }
      return match(fold.apply(left), fold.apply(right))
    }
  }

  /// Refuses an operand that cannot be a string.
  private func requireString(_ side: Side, for op: BinaryOperator, options: BinaryOperation.StringOptions)
    throws(ExpressionError)
  {
    let written = "\"\(op.rawValue)\(options.written)\""
    let base = side.base
    if same(base, NullValue.self) {
      throw error("\(written) needs a string, not null", at: side.location, .type)
    }
    guard same(base, String.self) || same(base, Any.self) else {
      throw error("\(written) needs a string; \(side.describe()) is a \(typeName(side.type))", at: side.location, .type)
    }
  }

  // MARK: Regular expressions

  /// `matches`: a constant pattern compiled now, or a pattern read from a key path compiled when it
  /// changes.
  private func regularExpressionMatch(_ lhs: Side, _ rhs: Side, fold: StringFold, ignoresCase: Bool)
    throws(ExpressionError) -> (Any?, Any?) -> Bool
  {
    // Case is folded by the regular expression (`[A-Z]` with `[c]` matches "a"); diacritics in the
    // pattern and the string.
    let fold = StringFold(diacritics: fold.diacritics)
    if let pattern = rhs.node.constant as? String {
      let regex: Regex<AnyRegexOutput>
      switch RegexCache.compile(fold.apply(pattern), ignoresCase: ignoresCase) {
      case .success(let compiled): regex = compiled
      case .failure(let problem): throw error(problem.message, at: rhs.location, .type)
      }
      return { left, _ in
        guard let left = ExpressionValues.unwrap(left) as? String else { return false }
        return (try? regex.wholeMatch(in: fold.apply(left))) != nil
      }
    }
    let cache = RegexCache(ignoresCase: ignoresCase)
    return { left, right in
      guard let left = ExpressionValues.unwrap(left) as? String, let right = ExpressionValues.unwrap(right) as? String,
        let regex = cache.regex(for: fold.apply(right))
      else { return false }
      return (try? regex.wholeMatch(in: fold.apply(left))) != nil
    }
  }
}

/// The regular expression of the last pattern read from a key path, so a pattern is compiled only
/// when it changes; evaluations on several threads share it.
final class RegexCache: Sendable {
  /// Why a pattern is not a regular expression.
  struct Problem: Error {
    let message: String
  }

  /// A regular expression shared by the evaluations of one expression: `Regex` is a value whose
  /// matching program is built on first use; ``compile(_:ignoresCase:)`` uses it once, before it is
  /// shared, so threads that match with it at once only read it.
  private struct Shared: @unchecked Sendable {
    let regex: Regex<AnyRegexOutput>?
  }

  private let ignoresCase: Bool
  /// The last pattern and its regular expression, `nil` when it is not one.
  private let last = SharedLock<(pattern: String, shared: Shared)?>(nil)

  init(ignoresCase: Bool) {
    self.ignoresCase = ignoresCase
  }

  /// The regular expression of `pattern`; `nil` when it is not one.
  func regex(for pattern: String) -> Regex<AnyRegexOutput>? {
    if let known = last.withLock({ last -> Shared? in
      guard let last, last.pattern == pattern else { return nil }
      return last.shared
    }) {
      return known.regex
    }
    let shared = Shared(regex: try? Self.compile(pattern, ignoresCase: ignoresCase).get())
    last.withLock { $0 = (pattern, shared) }
    return shared.regex
  }

  /// `pattern` compiled, or why it cannot be: too long, or not a regular expression.
  static func compile(_ pattern: String, ignoresCase: Bool) -> Result<Regex<AnyRegexOutput>, Problem> {
    let length = pattern.count
    guard length <= ExpressionCompiler.maximumPatternLength else {
      return .failure(
        Problem(
          message: "a regular expression may have at most \(ExpressionCompiler.maximumPatternLength) characters; "
            + "this one has \(length)"))
    }
    do {
      let written = try Regex(pattern)
      let regex = ignoresCase ? written.ignoresCase() : written
      // Builds the matching program now, on this thread.
      _ = try? regex.wholeMatch(in: "")
      return .success(regex)
    } catch {
      return .failure(
        Problem(message: "\(ExpressionSyntax.stringLiteral(pattern).shortened) is not a regular expression: \(error)"))
    }
  }
}

/// A `like` pattern: `*` is any characters (or none), `?` one character, `\` takes the next
/// character as it is.
struct LikePattern {
  enum Kind: Equatable {
    case character(Character)
    case one
    case any
  }

  let parts: [Kind]

  init(_ pattern: String) {
    var parts: [Kind] = []
    var escaped = false
    for character in pattern {
      if escaped {
        parts.append(.character(character))
        escaped = false
        continue
      }
      switch character {
      case "\\": escaped = true
      case "*": if parts.last != .any { parts.append(.any) }
      case "?": parts.append(.one)
      default: parts.append(.character(character))
      }
    }
    if escaped { parts.append(.character("\\")) }
    self.parts = parts
  }

  /// Whether the whole of `text` matches, by the greedy algorithm that returns only to its last `*`:
  /// at most the length of the text times the length of the pattern steps, never exponential.
  func matches(_ text: String) -> Bool {
    let characters = Array(text)
    var index = 0
    var part = 0
    // The last `*` seen, and where in the text it starts matching.
    var star: Int?
    var starIndex = 0
    while index < characters.count {
      if part < parts.count, parts[part] == .one || parts[part] == .character(characters[index]) {
        index += 1
        part += 1
      } else if part < parts.count, parts[part] == .any {
        star = part
        starIndex = index
        part += 1
      } else if let star {
        // The last `*` takes one more character.
        part = star + 1
        starIndex += 1
        index = starIndex
      } else {
        return false
      }
    }
    while part < parts.count, parts[part] == .any { part += 1 }
    return part == parts.count
  }
}

/// How `[c]` and `[d]` fold a string before it is matched.
struct StringFold {
  let cases: Bool
  let diacritics: Bool

  init(_ options: BinaryOperation.StringOptions) {
    cases = options.contains(.caseInsensitive)
    diacritics = options.contains(.diacriticInsensitive)
  }

  init(diacritics: Bool) {
    cases = false
    self.diacritics = diacritics
  }

  /// `text` folded: without diacritics for `[d]`; for `[c]`, in upper then lower case, which folds
  /// case as Unicode does ("ß" is "ss", a final "ς" is "σ").
  func apply(_ text: String) -> String {
    let text = diacritics ? DiacriticFolding.fold(text) : text
    return cases ? text.uppercased().lowercased() : text
  }
}
