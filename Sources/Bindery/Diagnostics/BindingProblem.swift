/// A problem found when a binding was made, reported to ``BindingDiagnostics/problemHandler``.
///
/// ```swift
/// BindingDiagnostics.problemHandler = { problem in logger.warning("\(problem)") }
/// ```
public struct BindingProblem: CustomStringConvertible, @unchecked Sendable {
  /// What is wrong.
  public enum Kind: Sendable, Equatable {
    /// A property is bound to itself: it would write its own value back to itself.
    case boundToItself
    /// The binding closes a loop of one-way bindings: a change would go round for ever (or until the
    /// values settle).
    case loop
  }

  /// What is wrong.
  public let kind: Kind
  /// The bindings of the loop, in the order a change travels, starting with the one just made (for
  /// ``Kind/boundToItself``, that binding alone).
  public let bindings: [PropertyBinding]
  /// The properties a change goes through, `Type.property`, ending where it started.
  public let path: [String]

  /// `a loop of one-way bindings: A.value → B.value → C.value → A.value (made at …)`.
  public var description: String {
    let made = bindings.map(\.location).joined(separator: ", ")
    switch kind {
    case .boundToItself:
      return "\(path.first ?? "a property") is bound to itself (made at \(made))"
    case .loop:
      return "a loop of one-way bindings: \(path.joined(separator: " → ")) (made at \(made))"
    }
  }
}
