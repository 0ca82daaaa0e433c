public import Bindery

/// A binding expression as written: an optional primary expression and optional attributes
/// (`account.balance { formatter: currency, nullPlaceholder: "—" }`).
public struct BindingExpressionSyntax: Sendable, Equatable {
  /// The primary expression: where the value comes from.
  public var primary: ExpressionSyntax?
  /// The attributes after it, in order.
  public var attributes: [BindingAttributeSyntax]
  /// Where the binding expression starts.
  public var location: TextPosition

  /// The attribute named `name`.
  public func attribute(named name: String) -> BindingAttributeSyntax? {
    attributes.first { $0.name == name }
  }

  /// Whether two binding expressions are the same, wherever they are written.
  public static func == (lhs: BindingExpressionSyntax, rhs: BindingExpressionSyntax) -> Bool {
    lhs.primary == rhs.primary && lhs.attributes == rhs.attributes
  }
}

/// `name` or `name: value` in a binding expression's attributes.
public struct BindingAttributeSyntax: Sendable, Equatable {
  /// The attribute's name.
  public var name: String
  /// Its value, itself a binding expression; `nil` for a bare name (a flag).
  public var value: BindingExpressionSyntax?
  /// Where the name is.
  public var location: TextPosition

  /// Whether two attributes are the same, wherever they are written.
  public static func == (lhs: BindingAttributeSyntax, rhs: BindingAttributeSyntax) -> Bool {
    lhs.name == rhs.name && lhs.value == rhs.value
  }
}

/// Where a key path starts.
public enum KeyPathScope: String, Sendable, Equatable {
  /// The source (`$data.`, the default).
  case data
  /// The top-level view model (`$root.`).
  case root
  /// The section of a row of a sectioned list (`$section.`): the group the row's item is in.
  case section
}

/// A binary operator, by precedence from loosest: `||`; `&&`; `==` `!=` `===` `!==`; `<` `<=` `>` `>=`
/// and the string matches `contains` `beginswith` `endswith` `like` `matches`.
public enum BinaryOperator: String, Sendable, Equatable, CaseIterable {
  /// `||`: either is true.
  case or = "||"
  /// `&&`: both are true.
  case and = "&&"
  /// `==`: equal values.
  case equal = "=="
  /// `!=`: different values.
  case notEqual = "!="
  /// `===`: the same object, or equal values.
  case identical = "==="
  /// `!==`: not the same object, or different values.
  case notIdentical = "!=="
  /// `<`.
  case less = "<"
  /// `<=`.
  case lessOrEqual = "<="
  /// `>`.
  case greater = ">"
  /// `>=`.
  case greaterOrEqual = ">="
  /// `contains`: the string on the right is part of the string on the left.
  case contains = "contains"
  /// `beginswith`: the string on the left starts with the string on the right.
  case beginsWith = "beginswith"
  /// `endswith`: the string on the left ends with the string on the right.
  case endsWith = "endswith"
  /// `like`: the whole string on the left matches the pattern on the right, where `*` stands for
  /// any characters (or none) and `?` for one character.
  case like = "like"
  /// `matches`: the whole string on the left matches the regular expression on the right.
  case matches = "matches"

  /// The precedence level, from 0 (`||`, the loosest) to 3 (`<` `<=` `>` `>=` and the string matches).
  public var precedence: Int {
    switch self {
    case .or: 0
    case .and: 1
    case .equal, .notEqual, .identical, .notIdentical: 2
    case .less, .lessOrEqual, .greater, .greaterOrEqual, .contains, .beginsWith, .endsWith, .like, .matches: 3
    }
  }

  /// Whether the operator matches strings (`contains`, `beginswith`, `endswith`, `like`, `matches`),
  /// written as a word in any case (`CONTAINS`, `beginsWith`) and taking the options `[c]`, `[d]`, `[cd]`.
  var isStringMatch: Bool {
    switch self {
    case .contains, .beginsWith, .endsWith, .like, .matches: true
    default: false
    }
  }

  /// The string-matching operator written as `word`, in any case (`CONTAINS`, `beginsWith`).
  init?(word: String) {
    guard let op = BinaryOperator(rawValue: word.lowercased()), op.isStringMatch else { return nil }
    self = op
  }
}

/// One `operator operand` of a chain of binary operators (``ExpressionSyntax/chain(_:_:)``).
public struct BinaryOperation: Sendable, Equatable {
  /// How a string-matching operator compares characters: the options written after it in brackets,
  /// as in `contains[cd]`.
  public struct StringOptions: OptionSet, Sendable, Hashable {
    /// The bits of the options.
    public let rawValue: Int

    /// Creates options from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `[c]`: upper and lower case are the same (`"Café" contains[c] "CAF"`).
    public static let caseInsensitive = StringOptions(rawValue: 1)
    /// `[d]`: a letter with diacritics is the letter without them (`"café" contains[d] "cafe"`).
    public static let diacriticInsensitive = StringOptions(rawValue: 2)

    /// The options as written: `[c]`, `[d]`, `[cd]`, or nothing.
    var written: String {
      guard !isEmpty else { return "" }
      return "[" + (contains(.caseInsensitive) ? "c" : "") + (contains(.diacriticInsensitive) ? "d" : "") + "]"
    }
  }

  /// The operator.
  public var `operator`: BinaryOperator
  /// The operand on its right.
  public var operand: ExpressionSyntax
  /// Where the operator is.
  public var location: TextPosition
  /// The options of a string-matching operator (`contains[cd]`); empty for the others.
  public var options: StringOptions

  /// Creates an operation.
  public init(
    _ operator: BinaryOperator,
    _ operand: ExpressionSyntax,
    at location: TextPosition,
    options: StringOptions = []
  ) {
    self.operator = `operator`
    self.operand = operand
    self.location = location
    self.options = options
  }

  /// Whether two operations are the same, wherever they are written.
  public static func == (lhs: BinaryOperation, rhs: BinaryOperation) -> Bool {
    lhs.operator == rhs.operator && lhs.options == rhs.options && lhs.operand == rhs.operand
  }
}

/// A primary expression, as written.
///
/// Binary operators of one precedence level form one ``chain(_:_:)`` (`a || b || c` is one chain
/// of three operands), so a long chain is a wide node rather than a deep tree: no syntax tree the
/// parser builds is deeper than ``ExpressionParser/maximumDepth``.
public indirect enum ExpressionSyntax: Sendable, Equatable {
  /// `true`, `$true`.
  case bool(Bool, TextPosition)
  /// `123`.
  case integer(Int, TextPosition)
  /// `.5`, `1.`, `3e-5`.
  case double(Double, TextPosition)
  /// `"text"`, `'text'`.
  case string(String, TextPosition)
  /// `null`, `nil`.
  case null(TextPosition)
  /// `.caseName`.
  case enumCase(String, TextPosition)
  /// `[a, b { attribute: 1 }]`.
  case array([BindingExpressionSyntax], TextPosition)
  /// `person.firstName`, `$root.isSaving`: the keys with their locations.
  case keyPath(KeyPathScope, [(name: String, location: TextPosition)], TextPosition)
  /// `!operand`.
  case not(ExpressionSyntax, TextPosition)
  /// `-operand`.
  case negate(ExpressionSyntax, TextPosition)
  /// `first op operand op operand …`: binary operators of one precedence level, applied from left
  /// to right (`a == b != c` is `(a == b) != c`).
  case chain(ExpressionSyntax, [BinaryOperation])
  /// `operand.length` or `operand.count` after something that is not a key path (`"ab".length`).
  case length(ExpressionSyntax, TextPosition)
  /// `<NumberFormatter>`: the type registered under that name (``ExpressionTypeRegistry``).
  case type(String, TextPosition)
  /// `$Mode.editing`, or the older `$enum.Mode.editing`: a case of the enumeration registered as `Mode`.
  case typedEnumCase(type: String, name: String, TextPosition)
  /// `{ .bold, .italic }` (of the bound property's type), `$TextStyle { .bold }`, or the older
  /// `$options.TextStyle { bold }`: members of an option set.
  case options(type: String?, [(name: String, location: TextPosition)], TextPosition)
  /// `$CGPoint { x: 1, y: 2 }`: a structure constant and its parameters, by their canonical names
  /// (``StructureKind/Parameter/name``), in the order of ``StructureKind/parameters``; a parameter that
  /// may be left out and was is not there.
  case structure(StructureKind, [BindingAttributeSyntax], TextPosition)
  /// `$value`: a parameter, named when the expression is compiled and given its value when it is
  /// evaluated (a search field's text in a filter template: `name contains[cd] $value`).
  case parameter(String, TextPosition)

  /// Where the expression starts.
  public var location: TextPosition {
    switch self {
    case .bool(_, let location), .integer(_, let location), .double(_, let location), .string(_, let location),
      .null(let location), .enumCase(_, let location), .array(_, let location), .keyPath(_, _, let location),
      .not(_, let location), .negate(_, let location), .length(_, let location), .type(_, let location),
      .typedEnumCase(_, _, let location), .options(_, _, let location), .structure(_, _, let location),
      .parameter(_, let location):
      location
    case .chain(let first, _):
      first.location
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
    case (.chain(let firstA, let a), .chain(let firstB, let b)):
      firstA == firstB && a == b
    case (.type(let a, _), .type(let b, _)): a == b
    case (.typedEnumCase(let typeA, let a, _), .typedEnumCase(let typeB, let b, _)): typeA == typeB && a == b
    case (.options(let typeA, let a, _), .options(let typeB, let b, _)):
      typeA == typeB && a.map(\.name) == b.map(\.name)
    case (.structure(let kindA, let a, _), .structure(let kindB, let b, _)): kindA == kindB && a == b
    case (.parameter(let a, _), .parameter(let b, _)): a == b
    default: false
    }
  }
}

extension ExpressionSyntax: CustomStringConvertible {
  /// The expression with every operation in parentheses, to show how it was read: a chain of one
  /// precedence in one pair, read from left to right (`a || b && c || d` is `(a || (b && c) || d)`).
  public var description: String {
    var text = ""
    write(to: &text)
    return text
  }

  fileprivate func write(to text: inout String) {
    switch self {
    case .bool(let value, _): text += "\(value)"
    case .integer(let value, _): text += "\(value)"
    case .double(let value, _): text += "\(value)"
    case .string(let value, _): text += Self.stringLiteral(value)
    case .null: text += "null"
    case .enumCase(let name, _): text += ".\(name)"
    case .array(let elements, _):
      text += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { text += ", " }
        element.write(to: &text)
      }
      text += "]"
    case .type(let name, _): text += "<\(name)>"
    case .typedEnumCase(let type, let name, _): text += "$\(type).\(name)"
    case .parameter(let name, _): text += "$\(name)"
    case .options(let type, let members, _):
      text += (type.map { "$\($0) " } ?? "") + "{" + members.map { ".\($0.name)" }.joined(separator: ", ") + "}"
    case .structure(let kind, let parameters, _):
      text += "$\(kind.rawValue) "
      BindingExpressionSyntax.write(parameters, to: &text)
    case .keyPath(let scope, let keys, _):
      text += (scope == .data ? "" : "$\(scope.rawValue).") + keys.map(\.name).joined(separator: ".")
    case .not(let operand, _):
      text += "!("
      operand.write(to: &text)
      text += ")"
    case .negate(let operand, _):
      text += "-("
      operand.write(to: &text)
      text += ")"
    case .chain(let first, let operations):
      text += "("
      first.write(to: &text)
      for operation in operations {
        text += " \(operation.operator.rawValue)\(operation.options.written) "
        operation.operand.write(to: &text)
      }
      text += ")"
    case .length(let operand, _):
      text += "("
      operand.write(to: &text)
      text += ").length"
    }
  }
}

extension ExpressionSyntax {
  /// The description, cut short when it is long, to quote in a message.
  var quoted: String { description.shortened }
}

extension BindingExpressionSyntax: CustomStringConvertible {
  /// The primary expression as ``ExpressionSyntax/description`` shows it, then the attributes.
  public var description: String {
    var text = ""
    write(to: &text)
    return text
  }

  /// A structure's parameters and an option set's members share one list with the attributes, as
  /// they are written (`$CGPoint {x: 0, y: 0, tag: 1}`), so the text reads back as the same syntax.
  fileprivate func write(to text: inout String) {
    switch primary {
    case .structure(let kind, let parameters, _)?:
      text += "$\(kind.rawValue) "
      Self.write(parameters + attributes, to: &text)
    case .options(let type, let members, _)?:
      text += type.map { "$\($0) " } ?? ""
      Self.write(attributes, after: members.map { ".\($0.name)" }, to: &text)
    default:
      primary?.write(to: &text)
      guard !attributes.isEmpty else { return }
      if primary != nil { text += " " }
      Self.write(attributes, to: &text)
    }
  }

  /// `{member, name: value, flag}`.
  fileprivate static func write(
    _ attributes: [BindingAttributeSyntax],
    after members: [String] = [],
    to text: inout String
  ) {
    text += "{" + members.joined(separator: ", ")
    for (index, attribute) in attributes.enumerated() {
      if index > 0 || !members.isEmpty { text += ", " }
      text += attribute.name
      if let value = attribute.value {
        text += ": "
        value.write(to: &text)
      }
    }
    text += "}"
  }
}
