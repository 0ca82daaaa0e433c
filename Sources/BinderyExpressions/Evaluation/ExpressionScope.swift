public import Bindery

/// The objects an expression reads: the source (`$data.`, the default) and the
/// top-level view model (`$root.`).
public struct ExpressionScope {
  /// The source: the object key paths start from (`$data.`, the default).
  public var data: any KeyValueCoding
  /// The top-level view model; `nil` when the expression may not use `$root.`.
  public var root: (any KeyValueCoding)?

  /// Creates a scope.
  public init(data: any KeyValueCoding, root: (any KeyValueCoding)? = nil) {
    self.data = data
    self.root = root
  }
}

/// `.name` in an expression: an enumeration case, found by its name in the enumeration it is compared
/// with, or in the type of the property (or placeholder) it is bound to, when the expression is bound.
public struct EnumCaseName: Hashable, Sendable, CustomStringConvertible {
  /// The case's name.
  public var name: String

  /// `.name`.
  public var description: String { ".\(name)" }
}
