import Bindery

/// A token of the binding-expression language.
struct Token: Equatable, Sendable {
  enum Kind: Equatable, Sendable {
    case identifier(String)
    /// `$data`, `$root`, `$true`, `$false`, and other `$name`s (reported as errors by the parser).
    case dollar(String)
    case integer(Int)
    case double(Double)
    case string(String)
    case punctuation(Character)
    case `operator`(String)
    case end
  }

  let kind: Kind
  let location: TextPosition
  /// The token's text as written.
  let text: String
}
