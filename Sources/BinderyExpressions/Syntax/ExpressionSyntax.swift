/// A binding expression as written: an optional primary expression and optional attributes
/// (`account.balance { formatter: currency, nullPlaceholder: "—" }`).
public struct BindingExpressionSyntax: Sendable, Equatable {
  /// The primary expression: where the value comes from.
  public var primary: ExpressionSyntax?
  /// The attributes after it, in order.
  public var attributes: [AttributeSyntax]
  /// Where the binding expression starts.
  public var location: SourceLocation

  /// The attribute named `name`.
  public func attribute(named name: String) -> AttributeSyntax? {
    attributes.first { $0.name == name }
  }
}

/// `name` or `name: value` in a binding expression's attributes.
public struct AttributeSyntax: Sendable, Equatable {
  /// The attribute's name.
  public var name: String
  /// Its value, itself a binding expression; `nil` for a bare name (a flag).
  public var value: BindingExpressionSyntax?
  /// Where the name is.
  public var location: SourceLocation
}

/// Where a key path starts.
public enum KeyPathScope: String, Sendable, Equatable {
  /// The current data context (`$data.`, the default).
  case data
  /// The top-level view model (`$root.`).
  case root
}

/// A binary operator, by precedence from loosest: `||`; `&&`; `==` `!=` `===` `!==`; `<` `<=` `>` `>=`.
public enum BinaryOperator: String, Sendable, Equatable {
  case or = "||"
  case and = "&&"
  case equal = "=="
  case notEqual = "!="
  case identical = "==="
  case notIdentical = "!=="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
}

/// A primary expression, as written.
public indirect enum ExpressionSyntax: Sendable, Equatable {
  /// `true`, `$true`.
  case bool(Bool, SourceLocation)
  /// `123`.
  case integer(Int, SourceLocation)
  /// `.5`, `1.`, `3e-5`.
  case double(Double, SourceLocation)
  /// `"text"`, `'text'`.
  case string(String, SourceLocation)
  /// `null`, `nil`.
  case null(SourceLocation)
  /// `.caseName`.
  case enumCase(String, SourceLocation)
  /// `[a, b { attribute: 1 }]`.
  case array([BindingExpressionSyntax], SourceLocation)
  /// `person.firstName`, `$root.isSaving`: the keys with their locations.
  case keyPath(KeyPathScope, [(name: String, location: SourceLocation)], SourceLocation)
  /// `!operand`.
  case not(ExpressionSyntax, SourceLocation)
  /// `-operand`.
  case negate(ExpressionSyntax, SourceLocation)
  /// `lhs op rhs`; the location is the operator's.
  case binary(BinaryOperator, ExpressionSyntax, ExpressionSyntax, SourceLocation)
  /// `operand.length` or `operand.count` after something that is not a key path (`"ab".length`).
  case length(ExpressionSyntax, SourceLocation)

  /// Where the expression starts.
  public var location: SourceLocation {
    switch self {
    case .bool(_, let location), .integer(_, let location), .double(_, let location), .string(_, let location),
      .null(let location), .enumCase(_, let location), .array(_, let location), .keyPath(_, _, let location),
      .not(_, let location), .negate(_, let location), .length(_, let location):
      location
    case .binary(_, let lhs, _, _):
      lhs.location
    }
  }

  /// Whether two expressions are the same, wherever they are written.
  public static func == (lhs: ExpressionSyntax, rhs: ExpressionSyntax) -> Bool {
    switch (lhs, rhs) {
    case (.bool(let a, _), .bool(let b, _)): a == b
    case (.integer(let a, _), .integer(let b, _)): a == b
    case (.double(let a, _), .double(let b, _)): a == b
    case (.string(let a, _), .string(let b, _)): a == b
    case (.null, .null): true
    case (.enumCase(let a, _), .enumCase(let b, _)): a == b
    case (.array(let a, _), .array(let b, _)): a == b
    case (.keyPath(let scopeA, let a, _), .keyPath(let scopeB, let b, _)):
      scopeA == scopeB && a.map(\.name) == b.map(\.name)
    case (.not(let a, _), .not(let b, _)), (.negate(let a, _), .negate(let b, _)),
      (.length(let a, _), .length(let b, _)):
      a == b
    case (.binary(let opA, let lA, let rA, _), .binary(let opB, let lB, let rB, _)):
      opA == opB && lA == lB && rA == rB
    default: false
    }
  }
}

extension ExpressionSyntax: CustomStringConvertible {
  /// The expression with every operation in parentheses, to show how it was read.
  public var description: String {
    switch self {
    case .bool(let value, _): "\(value)"
    case .integer(let value, _): "\(value)"
    case .double(let value, _): "\(value)"
    case .string(let value, _): "\"\(value)\""
    case .null: "null"
    case .enumCase(let name, _): ".\(name)"
    case .array(let elements, _): "[\(elements.map { $0.primary?.description ?? "" }.joined(separator: ", "))]"
    case .keyPath(let scope, let keys, _):
      (scope == .root ? "$root." : "") + keys.map(\.name).joined(separator: ".")
    case .not(let operand, _): "!(\(operand))"
    case .negate(let operand, _): "-(\(operand))"
    case .binary(let op, let lhs, let rhs, _): "(\(lhs) \(op.rawValue) \(rhs))"
    case .length(let operand, _): "(\(operand)).length"
    }
  }
}
