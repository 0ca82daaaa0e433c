public import Bindery

/// The objects an expression reads: the source (`$data.`, the default), the top-level view model
/// (`$root.`), in a row or header of a sectioned list the row's section (`$section.`), and the
/// values of its parameters (`$value`).
public struct ExpressionScope {
  /// The source: the object key paths start from (`$data.`, the default).
  public var data: any KeyValueCoding
  /// The top-level view model; `nil` when the expression may not use `$root.`.
  public var root: (any KeyValueCoding)?
  /// The section (the group) of a row of a sectioned list; `nil` when the expression may not use
  /// `$section.`.
  public var section: (any KeyValueCoding)?
  /// The values of the expression's parameters (`$value`); `nil` when it has none, or none is given.
  public var parameters: ExpressionParameters?

  /// Creates a scope.
  public init(
    data: any KeyValueCoding,
    root: (any KeyValueCoding)? = nil,
    section: (any KeyValueCoding)? = nil,
    parameters: ExpressionParameters? = nil
  ) {
    self.data = data
    self.root = root
    self.section = section
    self.parameters = parameters
  }
}

/// `.name` in an expression: an enumeration case, found by its name in the enumeration it is compared
/// with, or in the type of the property (or placeholder) it is bound to, when the expression is bound.
public struct EnumCaseName: Hashable, Sendable, CustomStringConvertible {
  /// The case's name.
  public var name: String
  /// The enumeration's name, when written (`$Mode.editing` of an enumeration not registered as
  /// `Mode`): the case is then found only in an enumeration of that name.
  public var typeName: String?

  /// `.name`, or `$Type.name`.
  public var description: String { typeName.map { "$\($0).\(name)" } ?? ".\(name)" }

  /// Whether `type`'s name is the written one, if any.
  func names(_ type: Any.Type) -> Bool {
    typeName.map { $0 == ExpressionTypeRegistry.name(of: type) } ?? true
  }
}

/// `{ .bold, .italic }` in an expression: members of an option set, found by their names in the
/// option set the property it is bound to has (registered with ``ExpressionTypeRegistry``).
public struct OptionNames: Hashable, Sendable, CustomStringConvertible {
  /// The members' names.
  public var names: [String]

  /// `{.bold, .italic}`.
  public var description: String { "{" + names.map { ".\($0)" }.joined(separator: ", ") + "}" }
}
