/// Reads the text of a binding expression into its syntax.
///
/// The grammar, in EBNF (the README and DocC show it too):
///
/// ```
/// bindingExpression = [ expression ] [ attributes ] ;
/// attributes        = "{" [ attribute { "," attribute } [ "," ] ] "}" ;
/// attribute         = identifier [ ":" bindingExpression ] ;
/// expression        = and { "||" and } ;
/// and               = equality { "&&" equality } ;
/// equality          = comparison { ( "==" | "!=" | "===" | "!==" ) comparison } ;
/// comparison        = unary { ( "<" | "<=" | ">" | ">=" ) unary } ;
/// unary             = ( "!" | "-" ) unary | postfix ;
/// postfix           = primary { "." ( "length" | "count" ) } ;
/// primary           = constant | keyPath | array | "(" expression ")" ;
/// keyPath           = [ ( "$data" | "$root" ) "." ] identifier { "." identifier } ;
/// array             = "[" [ bindingExpression { "," bindingExpression } [ "," ] ] "]" ;
/// constant          = "true" | "false" | "$true" | "$false" | "null" | "nil"
///                   | integer | double | string | "." identifier ;
/// integer           = digit { digit } ;
/// double            = digit { digit } "." { digit } [ exponent ] | "." digit { digit } [ exponent ]
///                   | digit { digit } exponent ;
/// exponent          = ( "e" | "E" ) [ "+" | "-" ] digit { digit } ;
/// string            = '"' { character | escape } '"' | "'" { character | escape } "'" ;
/// escape            = "\n" | "\t" | "\r" | "\0" | "\\" | '\"' | "\'" | "\u{" hex { hex } "}" ;
/// ```
///
/// In a key path, `.length` and `.count` read the length of a string or a collection when the value
/// before them has no key of that name.
public struct ExpressionParser {
  /// How deeply expressions may nest (parentheses, `!`, arrays, attributes) before the text is
  /// rejected, so no input can exhaust the stack.
  public static let maximumDepth = 128

  private let source: String
  private let tokens: [Token]
  private var index = 0
  private var depth = 0

  private init(source: String, tokens: [Token]) {
    self.source = source
    self.tokens = tokens
  }

  /// Parses a whole binding expression.
  ///
  /// - Throws: ``ExpressionError`` with the line and column of the first problem.
  public static func parse(_ source: String) throws(ExpressionError) -> BindingExpressionSyntax {
    var parser = ExpressionParser(source: source, tokens: try Lexer.tokens(of: source))
    let expression = try parser.bindingExpression()
    guard case .end = parser.current.kind else {
      throw parser.error("unexpected \(parser.current.describedForMessage) after the expression", at: parser.current)
    }
    return expression
  }

  // MARK: Tokens

  private var current: Token { tokens[index] }

  private mutating func advance() -> Token {
    let token = tokens[index]
    if index < tokens.count - 1 { index += 1 }
    return token
  }

  private func isPunctuation(_ character: Character) -> Bool { current.kind == .punctuation(character) }

  private func isOperator(_ text: String) -> Bool { current.kind == .operator(text) }

  private func error(_ message: String, at token: Token) -> ExpressionError {
    ExpressionError(message, at: token.location, in: source)
  }

  private mutating func expect(_ character: Character, _ message: String) throws(ExpressionError) {
    guard isPunctuation(character) else { throw error(message, at: current) }
    _ = advance()
  }

  private mutating func nested<Result>(
    _ body: (inout ExpressionParser) throws(ExpressionError) -> Result
  ) throws(ExpressionError) -> Result {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else {
      throw error("the expression nests more than \(Self.maximumDepth) levels deep", at: current)
    }
    return try body(&self)
  }

  // MARK: Grammar

  private mutating func bindingExpression() throws(ExpressionError) -> BindingExpressionSyntax {
    try nested { (parser: inout ExpressionParser) throws(ExpressionError) in
      let location = parser.current.location
      var primary: ExpressionSyntax?
      if !parser.isPunctuation("{"), !parser.endsBindingExpression {
        primary = try parser.expression()
      }
      var attributes: [AttributeSyntax] = []
      if parser.isPunctuation("{") {
        attributes = try parser.attributeList()
      }
      return BindingExpressionSyntax(primary: primary, attributes: attributes, location: location)
    }
  }

  /// Whether the current token ends a binding expression with no primary (`{ a: }` is an error, caught
  /// by the caller).
  private var endsBindingExpression: Bool {
    switch current.kind {
    case .end: true
    case .punctuation(let character): character == "," || character == "}" || character == "]"
    default: false
    }
  }

  private mutating func attributeList() throws(ExpressionError) -> [AttributeSyntax] {
    let open = advance()
    var attributes: [AttributeSyntax] = []
    while !isPunctuation("}") {
      guard case .identifier(let name) = current.kind else {
        if case .end = current.kind { throw error("this \"{\" has no closing \"}\"", at: open) }
        throw error("expected an attribute name, found \(current.describedForMessage)", at: current)
      }
      let nameToken = advance()
      if attributes.contains(where: { $0.name == name }) {
        throw error("the attribute \"\(name)\" is given twice", at: nameToken)
      }
      var value: BindingExpressionSyntax?
      if isPunctuation(":") {
        let colon = advance()
        let parsed = try bindingExpression()
        if parsed.primary == nil && parsed.attributes.isEmpty {
          throw error("expected a value after \"\(name):\"", at: colon)
        }
        value = parsed
      }
      attributes.append(AttributeSyntax(name: name, value: value, location: nameToken.location))
      if isPunctuation(",") {
        _ = advance()
      } else if !isPunctuation("}") {
        if case .end = current.kind { throw error("this \"{\" has no closing \"}\"", at: open) }
        throw error("expected \",\" or \"}\" after the attribute \"\(name)\"", at: current)
      }
    }
    _ = advance()
    return attributes
  }

  private mutating func expression() throws(ExpressionError) -> ExpressionSyntax {
    try binary(level: 0)
  }

  private static let levels: [[BinaryOperator]] = [
    [.or], [.and], [.identical, .notIdentical, .equal, .notEqual], [.less, .lessOrEqual, .greater, .greaterOrEqual],
  ]

  private mutating func binary(level: Int) throws(ExpressionError) -> ExpressionSyntax {
    guard level < Self.levels.count else { return try unary() }
    var lhs = try binary(level: level + 1)
    while case .operator(let text) = current.kind, let op = BinaryOperator(rawValue: text),
      Self.levels[level].contains(op)
    {
      let opToken = advance()
      guard startsOperand else {
        throw error("expected an expression after \"\(text)\"", at: current)
      }
      let rhs = try binary(level: level + 1)
      lhs = .binary(op, lhs, rhs, opToken.location)
    }
    return lhs
  }

  /// Whether the current token can start an operand.
  private var startsOperand: Bool {
    switch current.kind {
    case .identifier, .dollar, .integer, .double, .string: true
    case .operator(let text): text == "!" || text == "-"
    case .punctuation(let character): character == "(" || character == "[" || character == "."
    case .end: false
    }
  }

  private mutating func unary() throws(ExpressionError) -> ExpressionSyntax {
    if isOperator("!") || isOperator("-") {
      let opToken = advance()
      guard startsOperand else { throw error("expected an expression after \"\(opToken.text)\"", at: current) }
      return try nested { (parser: inout ExpressionParser) throws(ExpressionError) in
        let operand = try parser.unary()
        return opToken.text == "!" ? .not(operand, opToken.location) : .negate(operand, opToken.location)
      }
    }
    return try postfix()
  }

  private mutating func postfix() throws(ExpressionError) -> ExpressionSyntax {
    let startsKeyPath: Bool =
      switch current.kind {
      case .identifier(let name): !["true", "false", "null", "nil"].contains(name)
      case .dollar(let name): name == "data" || name == "root"
      default: false
      }
    var expression = try primary()
    // Key paths take `.length` as one of their keys.
    while !startsKeyPath, isPunctuation(".") {
      let dot = advance()
      guard case .identifier(let name) = current.kind, name == "length" || name == "count" else {
        throw error("only .length or .count may follow this expression", at: dot)
      }
      _ = advance()
      expression = .length(expression, dot.location)
    }
    return expression
  }

  private mutating func primary() throws(ExpressionError) -> ExpressionSyntax {
    let token = current
    switch token.kind {
    case .integer(let value):
      _ = advance()
      return .integer(value, token.location)
    case .double(let value):
      _ = advance()
      return .double(value, token.location)
    case .string(let value):
      _ = advance()
      return .string(value, token.location)
    case .identifier(let name):
      switch name {
      case "true", "false":
        _ = advance()
        return .bool(name == "true", token.location)
      case "null", "nil":
        _ = advance()
        return .null(token.location)
      default:
        return try keyPath(scope: .data, start: token.location)
      }
    case .dollar(let name):
      switch name {
      case "true", "false":
        _ = advance()
        return .bool(name == "true", token.location)
      case "data", "root":
        _ = advance()
        guard isPunctuation(".") else {
          throw error("expected \".\" and a key after $\(name)", at: current)
        }
        _ = advance()
        return try keyPath(scope: name == "root" ? .root : .data, start: token.location)
      default:
        throw error("unknown name $\(name) (use $data, $root, $true or $false)", at: token)
      }
    case .punctuation("."):
      _ = advance()
      guard case .identifier(let name) = current.kind else {
        throw error("expected an enumeration case name after \".\"", at: current)
      }
      _ = advance()
      return .enumCase(name, token.location)
    case .punctuation("("):
      _ = advance()
      return try nested { (parser: inout ExpressionParser) throws(ExpressionError) in
        guard parser.startsOperand else {
          throw parser.error("expected an expression after \"(\"", at: parser.current)
        }
        let inner = try parser.expression()
        guard parser.isPunctuation(")") else {
          throw parser.error("expected \")\" to close the \"(\" at \(token.location)", at: parser.current)
        }
        _ = parser.advance()
        return inner
      }
    case .punctuation("["):
      _ = advance()
      return try nested { (parser: inout ExpressionParser) throws(ExpressionError) in
        var elements: [BindingExpressionSyntax] = []
        while !parser.isPunctuation("]") {
          if case .end = parser.current.kind { throw parser.error("this \"[\" has no closing \"]\"", at: token) }
          let element = try parser.bindingExpression()
          if element.primary == nil && element.attributes.isEmpty {
            throw parser.error(
              "expected an array element, found \(parser.current.describedForMessage)", at: parser.current)
          }
          elements.append(element)
          if parser.isPunctuation(",") {
            _ = parser.advance()
          } else if !parser.isPunctuation("]") {
            if case .end = parser.current.kind { throw parser.error("this \"[\" has no closing \"]\"", at: token) }
            throw parser.error("expected \",\" or \"]\" in the array", at: parser.current)
          }
        }
        _ = parser.advance()
        return .array(elements, token.location)
      }
    case .end:
      throw error("expected an expression", at: token)
    default:
      throw error("expected an expression, found \(token.describedForMessage)", at: token)
    }
  }

  private mutating func keyPath(scope: KeyPathScope, start: SourceLocation) throws(ExpressionError)
    -> ExpressionSyntax
  {
    var keys: [(name: String, location: SourceLocation)] = []
    guard case .identifier(let first) = current.kind else {
      throw error("expected a key, found \(current.describedForMessage)", at: current)
    }
    keys.append((first, advance().location))
    while isPunctuation(".") {
      let dot = advance()
      guard case .identifier(let name) = current.kind else {
        throw error("expected a key after \".\"", at: current.kind == .end ? dot : current)
      }
      keys.append((name, advance().location))
    }
    return .keyPath(scope, keys, start)
  }
}

extension Token {
  /// `"&&"`, `the end of the expression`, for messages.
  var describedForMessage: String {
    switch kind {
    case .end: "the end of the expression"
    case .string: "the string \(text)"
    default: "\"\(text)\""
    }
  }
}
