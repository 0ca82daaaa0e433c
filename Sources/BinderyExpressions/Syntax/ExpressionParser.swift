public import Bindery

/// Reads the text of a binding expression into its syntax.
///
/// It reads the grammar written once, in EBNF, on the BinderyExpressions module's DocC page
/// (`BinderyExpressions.docc/BinderyExpressions.md`): one function per rule, by recursive descent.
///
/// In a key path, `.length` and `.count` read the length of a string or a collection when the value
/// before them has no key of that name.
///
/// What the parser builds is bounded, so no text can exhaust the stack or the memory of what reads
/// it: at most ``maximumTokenCount`` tokens, nested at most ``maximumDepth`` levels deep.
public struct ExpressionParser {
  /// How deeply an expression may nest before the text is rejected, at the token or operator past
  /// the limit.
  ///
  /// Every kind of nesting counts one level: a binding expression (the whole text, each attribute
  /// value and each array element), a parenthesis, an array, `!`, `-`, `.length`, and a chain of
  /// binary operators of one precedence (`a || b && c` is two levels: the `||` chain and the `&&`
  /// chain inside it; `a || b || c || …` is one level, however long). The limit keeps reading,
  /// checking, evaluating, printing and releasing the deepest expression allowed within a 512 KB
  /// stack, in a debug build.
  public static let maximumDepth = 64

  /// How many tokens (names, constants, operators and punctuation) an expression may have before the
  /// text is rejected, at the first token past the limit.
  public static let maximumTokenCount = 10_000

  private let source: String
  private var lexer: Lexer
  private var current: Token
  private var tokenCount = 0
  /// How many parentheses, arrays and binding expressions enclose the current token.
  private var depth = 0
  /// The height of the expression last read (a leaf is 1).
  private var height = 0
  /// The error that stopped reading.
  private var failure: ExpressionError?
  /// Where the last `$options.Type` was read: its bare attributes are its members.
  private var legacyOptions: TextPosition?

  private init(source: String) throws(ExpressionError) {
    self.source = source
    lexer = Lexer(source)
    current = try lexer.next()
    if current.kind != .end { tokenCount = 1 }
  }

  /// Parses a whole binding expression.
  ///
  /// - Throws: ``ExpressionError`` with the line and column of the first problem, among them an
  ///   expression past ``maximumTokenCount`` or ``maximumDepth``.
  public static func parse(_ source: String) throws(ExpressionError) -> BindingExpressionSyntax {
    var parser = try ExpressionParser(source: source)
    do {
      let expression = try parser.bindingExpression()
      guard case .end = parser.current.kind else {
        throw parser.fail("unexpected \(parser.current.describedForMessage) after the expression", at: parser.current)
      }
      return expression
    } catch {
      throw parser.failure ?? ExpressionError("the expression cannot be read", at: .start, in: source)
    }
  }

  // MARK: Tokens

  @discardableResult
  private mutating func advance() throws(Stop) -> Token {
    let token = current
    guard token.kind != .end else { return token }
    let next: Token
    do {
      next = try lexer.next()
    } catch {
      failure = error
      throw Stop()
    }
    if next.kind != .end {
      tokenCount += 1
      guard tokenCount <= Self.maximumTokenCount else {
        throw fail("the expression has more than \(Self.maximumTokenCount) tokens", at: next)
      }
    }
    current = next
    return token
  }

  private func isPunctuation(_ character: Character) -> Bool { current.kind == .punctuation(character) }

  private func isOperator(_ text: String) -> Bool { current.kind == .operator(text) }

  /// Why reading stopped: the error is kept in ``failure``, so the functions that read recursively
  /// throw nothing larger than this (a level of nesting costs less stack).
  private struct Stop: Error {}

  /// Records the error `message` at `token` and stops reading.
  private mutating func fail(_ message: String, at token: Token) -> Stop {
    fail(message, at: token.location)
  }

  /// Records the error `message` at `location` and stops reading.
  private mutating func fail(_ message: String, at location: TextPosition) -> Stop {
    failure = ExpressionError(message, at: location, in: source)
    return Stop()
  }

  private var tooDeepMessage: String { "the expression nests more than \(Self.maximumDepth) levels deep" }

  /// Enters a parenthesis, an array or a binding expression: what the parser reads recursively.
  private mutating func enter() throws(Stop) {
    depth += 1
    guard depth <= Self.maximumDepth else { throw fail(tooDeepMessage, at: current) }
  }

  /// The height of a node over children of height `height`, checked against the limit.
  private mutating func checkedHeight(over height: Int, at location: TextPosition) throws(Stop) -> Int {
    guard height < Self.maximumDepth else { throw fail(tooDeepMessage, at: location) }
    return height + 1
  }

  // MARK: Grammar
  //
  // Each function that returns an expression leaves its height in `height` (a leaf is 1). The
  // functions on the recursive path (expression, unary, postfix, primary, parenthesized, array,
  // bindingExpression, attributeList) keep few locals, so a level of nesting costs little stack.

  private mutating func bindingExpression() throws(Stop) -> BindingExpressionSyntax {
    try enter()
    defer { depth -= 1 }
    let location = current.location
    var primary: ExpressionSyntax?
    var tallest = 0
    // Whether the primary is `$options.Type`, decided before its attributes are read (they may hold
    // another).
    var isLegacy = false
    if !isPunctuation("{"), !endsBindingExpression {
      primary = try expression()
      if let primary, case .options = primary, primary.location == legacyOptions { isLegacy = true }
      tallest = height
    }
    var attributes: [BindingAttributeSyntax] = []
    var members: [(name: String, location: TextPosition)] = []
    let braces = current.location
    if isPunctuation("{") {
      attributes = try attributeList(members: &members)
      tallest = max(tallest, height)
    }
    height = try checkedHeight(over: tallest, at: location)
    primary = try constantWithParameters(
      primary, attributes: &attributes, members: members, braces: braces, isLegacy: isLegacy)
    return BindingExpressionSyntax(primary: primary, attributes: attributes, location: location)
  }

  /// The constants whose values are given in the attribute list (the constant, then its parameters
  /// among any other attributes, in any order): a structure takes its parameters out of `attributes`, options
  /// take `members` (or, in the older `$options.Type { Member }`, the bare names); `{ .a, .b }` with
  /// no primary is options of the bound property's type.
  private mutating func constantWithParameters(
    _ primary: ExpressionSyntax?,
    attributes: inout [BindingAttributeSyntax],
    members: [(name: String, location: TextPosition)],
    braces: TextPosition,
    isLegacy: Bool
  ) throws(Stop) -> ExpressionSyntax? {
    if let primary, let nested = Self.nestedWholeConstant(in: primary, top: true) {
      throw fail(
        "\(nested.text) must be the whole expression, with its values in the \"{ }\" after it", at: nested.location)
    }
    switch primary {
    case .structure(let kind, _, let location)?:
      if let member = members.first {
        throw fail("an option value (.\(member.name.shortened)) cannot follow $\(kind.rawValue)", at: member.location)
      }
      return .structure(kind, try parameters(of: kind, from: &attributes, braces: braces), location)
    case .options(let type?, _, let location)?:
      var names = members
      if isLegacy {
        // `$options.Type { Member }`: bare names are the members.
        names += attributes.filter { $0.value == nil }.map { ($0.name, $0.location) }
        attributes.removeAll { $0.value == nil }
      }
      return .options(type: type, names, location)
    case nil:
      guard !members.isEmpty else { return nil }
      return .options(type: nil, members, braces)
    case let primary?:
      if let member = members.first {
        throw fail(
          "an option value (.\(member.name.shortened)) may follow only $Type or nothing, not \(primary.quoted)",
          at: member.location)
      }
      return primary
    }
  }

  /// The parameters of a `kind` structure, taken out of `attributes`, by their canonical names.
  private mutating func parameters(
    of kind: StructureKind,
    from attributes: inout [BindingAttributeSyntax],
    braces: TextPosition
  ) throws(Stop) -> [BindingAttributeSyntax] {
    var parameters: [BindingAttributeSyntax] = []
    for parameter in kind.parameters {
      let given = attributes.filter { parameter.names.contains($0.name) }
      if given.count > 1 {
        throw fail(
          "$\(kind.rawValue) takes \(parameter.names.joined(separator: " or ")), not both", at: given[1].location)
      }
      guard let attribute = given.first else {
        if parameter.isOptional { continue }
        let names = parameter.names.dropFirst().map { " (or \($0))" }.joined()
        throw fail("$\(kind.rawValue) needs \(parameter.name)\(names)", at: braces)
      }
      guard let value = attribute.value else {
        throw fail("the parameter \(attribute.name) of $\(kind.rawValue) needs a value", at: attribute.location)
      }
      attributes.removeAll { $0.name == attribute.name }
      parameters.append(BindingAttributeSyntax(name: parameter.name, value: value, location: attribute.location))
    }
    return parameters
  }

  /// A structure or options constant inside an operator or parentheses (`!$CGPoint`), which cannot
  /// take its values; `top` is the primary itself, which can.
  private static func nestedWholeConstant(in expression: ExpressionSyntax, top: Bool) -> (
    text: String, location: TextPosition
  )? {
    switch expression {
    case .structure(let kind, _, let location):
      return top ? nil : ("$\(kind.rawValue)", location)
    case .options(let type, _, let location):
      return top ? nil : ("$\(type ?? "options")", location)
    case .not(let operand, _), .negate(let operand, _), .length(let operand, _):
      return nestedWholeConstant(in: operand, top: false)
    case .chain(let first, let operations):
      if let found = nestedWholeConstant(in: first, top: false) { return found }
      for operation in operations {
        if let found = nestedWholeConstant(in: operation.operand, top: false) { return found }
      }
      return nil
    default:
      return nil
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

  /// The attributes, and the option values (`.bold`) among them in `members`; `height` is that of
  /// the tallest value.
  private mutating func attributeList(members: inout [(name: String, location: TextPosition)]) throws(Stop)
    -> [BindingAttributeSyntax]
  {
    let open = try advance().location
    var attributes: [BindingAttributeSyntax] = []
    var tallest = 0
    while !current.closesAttributes {
      if current.isDot {
        members.append(try member())
        try separator(after: "the option value \".\(members.last?.name.shortened ?? "")\"", openedAt: open)
        continue
      }
      attributes.append(try attribute(openedAt: open, after: attributes))
      tallest = max(tallest, height)
      try separator(after: "the attribute \"\(attributes.last?.name.shortened ?? "")\"", openedAt: open)
    }
    try advance()
    height = tallest
    return attributes
  }

  /// Reads the `,` after an attribute or option value (`item`, as a message names it), or checks that
  /// `}` follows it.
  private mutating func separator(after item: @autoclosure () -> String, openedAt open: TextPosition) throws(Stop) {
    if isPunctuation(",") {
      try advance()
    } else if !isPunctuation("}") {
      throw unclosedOrUnexpected("{", "}", openedAt: open, expected: "expected \",\" or \"}\" after \(item())")
    }
  }

  /// `.name`: an option value in an attribute list.
  private mutating func member() throws(Stop) -> (name: String, location: TextPosition) {
    let dot = try advance()
    guard case .identifier(let name) = current.kind else {
      throw fail("expected an option name after \".\"", at: current.kind == .end ? dot : current)
    }
    try advance()
    if current.isColon { throw fail("an option value (.\(name.shortened)) takes no value", at: current) }
    return (name, dot.location)
  }

  /// `name` or `name: value`; `height` is that of the value (0 for none).
  private mutating func attribute(openedAt open: TextPosition, after attributes: [BindingAttributeSyntax])
    throws(Stop) -> BindingAttributeSyntax
  {
    let name = try attributeName(openedAt: open, after: attributes)
    height = 0
    guard current.isColon else { return BindingAttributeSyntax(name: name.text, value: nil, location: name.location) }
    let colon = try advance().location
    let value = try bindingExpression()
    try requireValue(value, of: name.text, at: colon)
    return BindingAttributeSyntax(name: name.text, value: value, location: name.location)
  }

  /// Reads an attribute's name, not one of `attributes`.
  private mutating func attributeName(openedAt open: TextPosition, after attributes: [BindingAttributeSyntax])
    throws(Stop) -> (text: String, location: TextPosition)
  {
    guard case .identifier(let name) = current.kind else {
      if case .end = current.kind { throw fail("this \"{\" has no closing \"}\"", at: open) }
      throw fail("expected an attribute name, found \(current.describedForMessage)", at: current)
    }
    let nameToken = try advance()
    if attributes.contains(where: { $0.name == name }) {
      throw fail("the attribute \"\(name.shortened)\" is given twice", at: nameToken)
    }
    return (name, nameToken.location)
  }

  /// Checks that `value`, after `name:` at `colon`, is not empty.
  private mutating func requireValue(_ value: BindingExpressionSyntax, of name: String, at colon: TextPosition)
    throws(Stop)
  {
    if value.primary == nil && value.attributes.isEmpty {
      throw fail("expected a value after \"\(name.shortened):\"", at: colon)
    }
  }

  /// The error at a token that neither continues nor closes a list: the list is not closed at the
  /// end of the text, or `expected` is what was expected.
  private mutating func unclosedOrUnexpected(
    _ opening: String,
    _ closing: String,
    openedAt open: TextPosition,
    expected: String
  ) -> Stop {
    if case .end = current.kind { return fail("this \"\(opening)\" has no closing \"\(closing)\"", at: open) }
    return fail(expected, at: current)
  }

  /// A chain of one precedence level being read: its operands so far, and the operator waiting for
  /// its right operand.
  private struct OpenChain {
    var first: ExpressionSyntax
    var operations: [BinaryOperation] = []
    var tallest: Int
    var pending: BinaryOperator
    var pendingLocation: TextPosition
    var pendingOptions: BinaryOperation.StringOptions
  }

  /// Binary operators by precedence, without recursion: operators of one level form one chain; a
  /// tighter operator opens a chain inside, a looser one closes the chains tighter than itself.
  private mutating func expression() throws(Stop) -> ExpressionSyntax {
    var open: [OpenChain] = []
    var operand = try unary()
    while try takeOperator(after: operand, into: &open) {
      operand = try unary()
    }
    return try closeAll(&open, with: operand)
  }

  /// Reads a binary operator after `operand` (of height `height`), if one comes next: closes the
  /// chains tighter than it with `operand`, then continues the chain of its level or opens one.
  private mutating func takeOperator(after operand: ExpressionSyntax, into open: inout [OpenChain]) throws(Stop)
    -> Bool
  {
    let op: BinaryOperator
    switch current.kind {
    case .operator(let text):
      guard let symbol = BinaryOperator(rawValue: text) else { return false }
      op = symbol
    case .identifier(let word):
      guard let match = BinaryOperator(word: word) else { return false }
      op = match
    default:
      return false
    }
    let opToken = try advance()
    let location = opToken.location
    let options: BinaryOperation.StringOptions = if op.isStringMatch { try stringOptions(after: opToken) } else { [] }
    guard startsOperand else {
      throw fail("expected an expression after \"\(opToken.text)\(options.written)\"", at: current)
    }
    var operand = operand
    while let last = open.last, last.pending.precedence > op.precedence {
      operand = try close(open.removeLast(), with: operand)
    }
    // Continued in place (a copy of the chain would make each append copy its operations).
    if let last = open.indices.last, open[last].pending.precedence == op.precedence {
      let operation = BinaryOperation(
        open[last].pending, operand, at: open[last].pendingLocation, options: open[last].pendingOptions)
      open[last].operations.append(operation)
      open[last].tallest = max(open[last].tallest, height)
      open[last].pending = op
      open[last].pendingLocation = location
      open[last].pendingOptions = options
    } else {
      open.append(
        OpenChain(first: operand, tallest: height, pending: op, pendingLocation: location, pendingOptions: options))
    }
    return true
  }

  /// `[c]`, `[d]`, `[cd]` (or `[dc]`, in any case) right after a string-matching operator `opToken`,
  /// with no space between: `contains [c]` is `contains` of an array.
  private mutating func stringOptions(after opToken: Token) throws(Stop) -> BinaryOperation.StringOptions {
    guard isPunctuation("["), current.location.offset == opToken.location.offset + opToken.text.count else {
      return []
    }
    let open = try advance()
    let expected = "expected c, d or cd between the brackets after \"\(opToken.text)\""
    guard case .identifier(let letters) = current.kind else { throw fail(expected, at: current) }
    var options: BinaryOperation.StringOptions = []
    for letter in letters.lowercased() {
      let option: BinaryOperation.StringOptions
      switch letter {
      case "c": option = .caseInsensitive
      case "d": option = .diacriticInsensitive
      default: throw fail(expected + ", found \"\(letters.shortened)\"", at: current)
      }
      guard !options.contains(option) else {
        throw fail("the option \"\(letter)\" is given twice after \"\(opToken.text)\"", at: current)
      }
      options.insert(option)
    }
    try advance()
    guard isPunctuation("]") else {
      throw unclosedOrUnexpected("[", "]", openedAt: open.location, expected: "expected \"]\" after the options")
    }
    try advance()
    return options
  }

  /// Every open chain, closed from the innermost, the last with `operand`.
  private mutating func closeAll(_ open: inout [OpenChain], with operand: ExpressionSyntax) throws(Stop)
    -> ExpressionSyntax
  {
    var operand = operand
    while let last = open.popLast() {
      operand = try close(last, with: operand)
    }
    return operand
  }

  /// `chain`, closed with `operand` (of height `height`) as its pending operator's right operand.
  private mutating func close(_ chain: OpenChain, with operand: ExpressionSyntax) throws(Stop)
    -> ExpressionSyntax
  {
    var operations = chain.operations
    operations.append(BinaryOperation(chain.pending, operand, at: chain.pendingLocation, options: chain.pendingOptions))
    height = try checkedHeight(over: max(chain.tallest, height), at: operations[0].location)
    return .chain(chain.first, operations)
  }

  /// Whether the current token can start an operand.
  private var startsOperand: Bool {
    switch current.kind {
    case .identifier, .dollar, .integer, .double, .string: true
    case .operator(let text): text == "!" || text == "-" || text == "<"
    case .punctuation(let character): character == "(" || character == "[" || character == "."
    case .end: false
    }
  }

  /// Prefix operators, read in a loop and applied from the innermost.
  private mutating func unary() throws(Stop) -> ExpressionSyntax {
    guard current.isPrefixOperator else { return try postfix() }
    let prefixes = try prefixOperators()
    let operand = try postfix()
    return try applying(prefixes, to: operand)
  }

  /// The prefix operators before an operand, outermost first.
  private mutating func prefixOperators() throws(Stop) -> [Token] {
    var prefixes: [Token] = []
    while current.isPrefixOperator {
      let opToken = try advance()
      guard startsOperand else { throw fail("expected an expression after \"\(opToken.text)\"", at: current) }
      prefixes.append(opToken)
    }
    return prefixes
  }

  /// `operand` (of height `height`) under `prefixes`, the innermost last.
  private mutating func applying(_ prefixes: [Token], to operand: ExpressionSyntax) throws(Stop)
    -> ExpressionSyntax
  {
    var operand = operand
    for opToken in prefixes.reversed() {
      height = try checkedHeight(over: height, at: opToken.location)
      operand = opToken.text == "!" ? .not(operand, opToken.location) : .negate(operand, opToken.location)
    }
    return operand
  }

  private mutating func postfix() throws(Stop) -> ExpressionSyntax {
    let startsKeyPath = startsKeyPath
    let primary = try primary()
    // Key paths take `.length` as one of their keys.
    guard !startsKeyPath, current.isDot else { return primary }
    return try lengths(of: primary)
  }

  /// Whether the current token starts a key path (which takes `.length` as a key).
  private var startsKeyPath: Bool {
    switch current.kind {
    case .identifier(let name): name != "true" && name != "false" && name != "null" && name != "nil"
    case .dollar(let name): name == "data" || name == "root" || name == "section"
    default: false
    }
  }

  /// `.length` and `.count` after `operand` (of height `height`).
  private mutating func lengths(of operand: ExpressionSyntax) throws(Stop) -> ExpressionSyntax {
    var expression = operand
    while isPunctuation(".") {
      let dot = try advance()
      guard case .identifier(let name) = current.kind, name == "length" || name == "count" else {
        throw fail("only .length or .count may follow this expression", at: dot)
      }
      try advance()
      height = try checkedHeight(over: height, at: dot.location)
      expression = .length(expression, dot.location)
    }
    return expression
  }

  private mutating func primary() throws(Stop) -> ExpressionSyntax {
    switch current.opening {
    case .parenthesis: return try parenthesized()
    case .bracket: return try array()
    case nil:
      height = 1
      return try leaf()
    }
  }

  /// `( expression )`.
  private mutating func parenthesized() throws(Stop) -> ExpressionSyntax {
    let open = try openParenthesis()
    defer { depth -= 1 }
    let inner = try expression()
    try closeParenthesis(openedAt: open)
    return inner
  }

  /// Reads `(` and enters it; returns where it is.
  private mutating func openParenthesis() throws(Stop) -> TextPosition {
    let open = try advance().location
    try enter()
    guard startsOperand else { throw fail("expected an expression after \"(\"", at: current) }
    return open
  }

  /// Reads the `)` that closes the `(` at `open`.
  private mutating func closeParenthesis(openedAt open: TextPosition) throws(Stop) {
    guard isPunctuation(")") else { throw fail("expected \")\" to close the \"(\" at \(open)", at: current) }
    try advance()
  }

  /// `[ element, … ]`.
  private mutating func array() throws(Stop) -> ExpressionSyntax {
    let open = try advance().location
    try enter()
    defer { depth -= 1 }
    var elements: [BindingExpressionSyntax] = []
    var tallest = 0
    while !isPunctuation("]") {
      if case .end = current.kind { throw fail("this \"[\" has no closing \"]\"", at: open) }
      let element = try bindingExpression()
      if element.primary == nil && element.attributes.isEmpty {
        throw fail("expected an array element, found \(current.describedForMessage)", at: current)
      }
      elements.append(element)
      tallest = max(tallest, height)
      if isPunctuation(",") {
        try advance()
      } else if !isPunctuation("]") {
        throw unclosedOrUnexpected("[", "]", openedAt: open, expected: "expected \",\" or \"]\" in the array")
      }
    }
    try advance()
    height = try checkedHeight(over: tallest, at: open)
    return .array(elements, open)
  }

  /// A constant or a key path: what contains no other expression.
  private mutating func leaf() throws(Stop) -> ExpressionSyntax {
    let token = current
    switch token.kind {
    case .integer(let value):
      try advance()
      return .integer(value, token.location)
    case .double(let value):
      try advance()
      return .double(value, token.location)
    case .string(let value):
      try advance()
      return .string(value, token.location)
    case .identifier(let name):
      switch name {
      case "true", "false":
        try advance()
        return .bool(name == "true", token.location)
      case "null", "nil":
        try advance()
        return .null(token.location)
      default:
        return try keyPath(scope: .data, start: token.location)
      }
    case .dollar(let name):
      switch name {
      case "true", "false":
        try advance()
        return .bool(name == "true", token.location)
      case "data", "root", "section":
        try advance()
        guard isPunctuation(".") else {
          throw fail("expected \".\" and a key after $\(name)", at: current)
        }
        try advance()
        return try keyPath(scope: KeyPathScope(rawValue: name) ?? .data, start: token.location)
      default:
        return try typedConstant(name, at: token)
      }
    case .punctuation("."):
      try advance()
      guard case .identifier(let name) = current.kind else {
        throw fail("expected an enumeration case name after \".\"", at: current)
      }
      try advance()
      return .enumCase(name, token.location)
    case .operator("<"):
      return try typeConstant(at: token)
    case .end:
      throw fail("expected an expression", at: token)
    default:
      throw fail("expected an expression, found \(token.describedForMessage)", at: token)
    }
  }

  /// After `$name` (not a scope or a Boolean): a structure (`$CGPoint`, its parameters follow), a typed
  /// case (`$Mode.editing`, `$enum.Mode.editing`, `$enum.editing` for `.editing`), or typed options
  /// (`$TextStyle { .bold }`, `$options.TextStyle { bold }`).
  private mutating func typedConstant(_ name: String, at token: Token) throws(Stop) -> ExpressionSyntax {
    try advance()
    if let kind = StructureKind(rawValue: name) {
      guard isPunctuation("{") else {
        throw fail("expected \"{\" with the parameters of $\(name) after it", at: current)
      }
      return .structure(kind, [], token.location)
    }
    var type = name
    if name == "enum" || name == "options" {
      guard isPunctuation(".") else { throw fail("expected \".\" and a type name after $\(name)", at: current) }
      try advance()
      guard case .identifier(let named) = current.kind, name == "enum" || Self.isTypeName(named) else {
        throw fail("expected a type name after $\(name).", at: current)
      }
      let namedToken = try advance()
      if name == "enum", isPunctuation("."), !Self.isTypeName(named) {
        throw fail("expected a type name after $enum.", at: namedToken)
      }
      type = named
      if name == "enum", !isPunctuation(".") { return .enumCase(named, token.location) }
      if name == "options" {
        guard isPunctuation("{") else {
          throw fail("expected \"{\" with the members of $options.\(named.shortened) after it", at: current)
        }
        legacyOptions = token.location
        return .options(type: named, [], token.location)
      }
    }
    if isPunctuation("{"), Self.isTypeName(type) { return .options(type: type, [], token.location) }
    // `$value`: a parameter, when the name is not a type's and nothing follows it.
    if name == type, !Self.isTypeName(name), !isPunctuation("."), !isPunctuation("{") {
      return .parameter(name, token.location)
    }
    guard isPunctuation("."), Self.isTypeName(type) else {
      throw fail(
        "unknown name $\(name.shortened): expected $data, $root, $section, $true, $false, $Type.case, $Type { .option }, "
          + "a parameter ($value) "
          + "or a structure (\(StructureKind.allCases.map { "$" + $0.rawValue }.joined(separator: ", ")))",
        at: token)
    }
    try advance()
    guard case .identifier(let caseName) = current.kind else {
      throw fail("expected a case name after $\(type.shortened).", at: current)
    }
    try advance()
    return .typedEnumCase(type: type, name: caseName, token.location)
  }

  /// Whether `name` can name an enumeration or option set after `$`: it starts with a capital letter
  /// (so `$roo.isSaving`, a mistyped `$root`, is an error) and is not a structure constant's.
  private static func isTypeName(_ name: String) -> Bool {
    guard let first = name.first, first.isUppercase else { return false }
    return StructureKind(rawValue: name) == nil
  }

  /// `<Name>` or `<Module.Name>`: a registered type.
  private mutating func typeConstant(at open: Token) throws(Stop) -> ExpressionSyntax {
    try advance()
    var name = ""
    repeat {
      if !name.isEmpty {
        try advance()
        name += "."
      }
      guard case .identifier(let part) = current.kind else {
        throw fail("expected a type name after \"<\"", at: current)
      }
      name += part
      try advance()
    } while isPunctuation(".")
    guard case .operator(">") = current.kind else {
      if case .end = current.kind { throw fail("this \"<\" has no closing \">\"", at: open) }
      throw fail("expected \">\" after the type name \(name.shortened)", at: current)
    }
    try advance()
    return .type(name, open.location)
  }

  private mutating func keyPath(scope: KeyPathScope, start: TextPosition) throws(Stop)
    -> ExpressionSyntax
  {
    var keys: [(name: String, location: TextPosition)] = []
    guard case .identifier(let first) = current.kind else {
      throw fail("expected a key, found \(current.describedForMessage)", at: current)
    }
    keys.append((first, try advance().location))
    while isPunctuation(".") {
      let dot = try advance()
      guard case .identifier(let name) = current.kind else {
        throw fail("expected a key after \".\"", at: current.kind == .end ? dot : current)
      }
      keys.append((name, try advance().location))
    }
    return .keyPath(scope, keys, start)
  }
}

extension Token {
  /// What a token opens that the parser reads recursively.
  enum Opening {
    case parenthesis
    case bracket
  }

  /// `(` or `[`.
  var opening: Opening? {
    guard case .punctuation(let character) = kind else { return nil }
    return character == "(" ? .parenthesis : (character == "[" ? .bracket : nil)
  }

  /// `!` or `-`.
  var isPrefixOperator: Bool {
    guard case .operator(let text) = kind else { return false }
    return text == "!" || text == "-"
  }

  /// `:`.
  var isColon: Bool {
    guard case .punctuation(let character) = kind else { return false }
    return character == ":"
  }

  /// `}`.
  var closesAttributes: Bool {
    guard case .punctuation(let character) = kind else { return false }
    return character == "}"
  }

  /// `.`.
  var isDot: Bool {
    guard case .punctuation(let character) = kind else { return false }
    return character == "."
  }

  /// `"&&"`, `the end of the expression`, for messages (a long token is cut short).
  var describedForMessage: String {
    switch kind {
    case .end: "the end of the expression"
    case .string: "the string \(text.shortened)"
    default: "\"\(text.shortened)\""
    }
  }
}

extension String {
  /// The text, cut to its first 40 characters and `…` when longer, to quote in a message.
  var shortened: String {
    guard let end = index(startIndex, offsetBy: 40, limitedBy: endIndex), end < endIndex else { return self }
    return self[..<end] + "…"
  }
}
