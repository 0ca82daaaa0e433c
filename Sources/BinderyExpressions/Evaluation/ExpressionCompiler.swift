import Bindery

/// An expression node checked against the types it reads: its static type and how to evaluate it.
struct CompiledNode {
  /// The type of the values it computes (`NullValue` for `null`, `EnumCaseName` for `.name`).
  let type: Any.Type
  let evaluate: (ExpressionScope) -> Any?
  /// A key path on its own (two-way), or `!` of one (two-way through negation).
  let form: Form?
  /// The value, when the node is a constant: a literal, `-` of a number literal, or a case name.
  var constant: Any?
  /// The index of the parameter, when the node is a parameter on its own (`$value`).
  var parameter: Int?
  /// The node as a test of source objects made ready for given parameters, when it is a Boolean of
  /// a form that can be (a search template's string match, and `&&` or `||` of those).
  var boundTest: BoundTest?

  enum Form {
    case keyPath(KeyPathScope, KeyValuePath)
    case negatedKeyPath(KeyPathScope, KeyValuePath)
  }

  init(type: Any.Type, evaluate: @escaping (ExpressionScope) -> Any?, form: Form? = nil, constant: Any? = nil) {
    self.type = type
    self.evaluate = evaluate
    self.form = form
    self.constant = constant
  }

  /// A node that always computes `value`.
  static func constant<Value>(_ value: Value) -> CompiledNode {
    CompiledNode(type: Value.self, evaluate: { _ in value }, constant: value)
  }

  /// A node that always computes `value`, seen as a value of `type`.
  static func constant(_ value: Any, of type: Any.Type) -> CompiledNode {
    CompiledNode(type: type, evaluate: { _ in value }, constant: value)
  }
}

/// Checks an expression's syntax against the types of its source and root, and builds the
/// closures that evaluate it.
///
/// It recurses once per level of the syntax tree, which the parser bounds
/// (``ExpressionParser/maximumDepth``); the operands of a chain are compiled and evaluated in a loop.
struct ExpressionCompiler {
  let source: String
  let dataType: any KeyValueCoding.Type
  let rootType: (any KeyValueCoding.Type)?
  /// The type of `$section.`: the groups of a sectioned list; `nil` outside one.
  var sectionType: (any KeyValueCoding.Type)? = nil
  /// The parameters' names (`value` for `$value`), and their types in the same order.
  var parameterNames: [String] = []
  var parameterTypes: [Any.Type] = []
  /// What the expression prepares from its parameters' values, once for many evaluations.
  var preparations = ParameterPreparations()

  func error(_ message: String, at location: TextPosition, _ kind: ExpressionError.Kind) -> ExpressionError {
    ExpressionError(message, at: location, in: source, kind: kind)
  }

  /// The node of `syntax`. Each kind of node is compiled by a function of its own, so a level of
  /// the tree costs little stack.
  func compile(_ syntax: ExpressionSyntax) throws(ExpressionError) -> CompiledNode {
    switch syntax {
    case .bool(let value, _): .constant(value)
    case .integer(let value, _): .constant(value)
    case .double(let value, _): .constant(value)
    case .string(let value, _): .constant(value)
    case .null: CompiledNode(type: NullValue.self, evaluate: { _ in nil })
    case .enumCase(let name, _): .constant(EnumCaseName(name: name))
    case .array(let elements, _): try array(elements)
    case .keyPath(let scope, let keys, let location): try keyPath(scope: scope, keys: keys, at: location)
    case .not(let operand, _): try not(operand)
    case .negate(let operand, let location): try negate(operand, at: location)
    case .length(let operand, let location): try length(operand, at: location)
    case .chain(let first, let operations): try chain(first, operations)
    case .type(let name, let location): try type(named: name, at: location)
    case .typedEnumCase(let type, let name, let location): try typedCase(name, of: type, at: location)
    case .options(let type, let members, let location): try options(members, of: type, at: location)
    case .structure(let kind, let parameters, let location): try structure(kind, parameters, at: location)
    case .parameter(let name, let location): try parameter(named: name, at: location)
    }
  }

  /// `$value`: the value of a parameter, given when the expression is evaluated.
  private func parameter(named name: String, at location: TextPosition) throws(ExpressionError) -> CompiledNode {
    guard let index = parameterNames.firstIndex(of: name) else {
      let known =
        parameterNames.isEmpty
        ? "this expression has no parameters"
        : "its parameters are " + parameterNames.map { "$" + $0 }.joined(separator: ", ")
      throw error("unknown parameter $\(name.shortened): \(known)", at: location, .key)
    }
    var node = CompiledNode(type: parameterTypes[index], evaluate: { $0.parameters?.value(at: index) })
    node.parameter = index
    return node
  }

  /// `<Name>`: the registered type, as a value.
  private func type(named name: String, at location: TextPosition) throws(ExpressionError) -> CompiledNode {
    guard let type = ExpressionTypeRegistry.shared.type(named: name) else {
      throw error(
        "no type is registered as <\(name.shortened)> (register it with ExpressionTypeRegistry.shared.register(type:))",
        at: location, .key)
    }
    return .constant(type as Any, of: Any.Type.self)
  }

  /// `$Type.case`: the case of the enumeration registered as `Type`, else a case name that only an
  /// enumeration of that name has (found when bound or compared).
  private func typedCase(_ name: String, of type: String, at location: TextPosition) throws(ExpressionError)
    -> CompiledNode
  {
    switch ExpressionTypeRegistry.shared.entry(named: type) {
    case .enumeration(let enumeration)?:
      let cases: EnumerationCases
      do {
        cases = try EnumerationCases.of(enumeration)
      } catch {
        throw self.error("$\(type.shortened) cannot name its cases: \(error.reason)", at: location, .type)
      }
      guard let value = cases.value(named: name) else { throw error(cases.unknown(name), at: location, .key) }
      return .constant(value, of: enumeration)
    case .options(let options, let members, _)?:
      guard let value = members[name] else {
        throw error(Self.unknownMember(name, of: options, members), at: location, .key)
      }
      return .constant(value, of: options)
    case .type?:
      throw error("$\(type.shortened) is a registered type, not an enumeration", at: location, .type)
    case nil:
      return .constant(EnumCaseName(name: name, typeName: type))
    }
  }

  /// `$Type { .a, .b }`: the union of the members of the option set registered as `Type`; `{ .a, .b }`:
  /// member names, found in the option set of the property it is bound to.
  private func options(
    _ members: [(name: String, location: TextPosition)],
    of type: String?,
    at location: TextPosition
  ) throws(ExpressionError) -> CompiledNode {
    guard let type else { return .constant(OptionNames(names: members.map(\.name))) }
    guard case .options(let options, let table, let union)? = ExpressionTypeRegistry.shared.entry(named: type) else {
      throw error(
        "no option set is registered as $\(type.shortened) (register it with "
          + "ExpressionTypeRegistry.shared.register(options:members:))", at: location, .key)
    }
    var values: [Any] = []
    for member in members {
      guard let value = table[member.name] else {
        throw error(Self.unknownMember(member.name, of: options, table), at: member.location, .key)
      }
      values.append(value)
    }
    return .constant(union(values), of: options)
  }

  /// Why an option set has no member `name`.
  static func unknownMember(_ name: String, of type: Any.Type, _ members: [String: Any]) -> String {
    "\(typeName(type)) has no member \"\(name.shortened)\"; its members are \(members.keys.sorted().joined(separator: ", "))"
  }

  /// `[a, b { attribute: 1 }]`: the elements' values; an element's attributes stay in the syntax, for
  /// what reads the array to interpret.
  private func array(_ elements: [BindingExpressionSyntax]) throws(ExpressionError) -> CompiledNode {
    var compiled: [CompiledNode] = []
    for element in elements {
      guard let primary = element.primary else {
        throw error("an array element needs a value", at: element.location, .syntax)
      }
      compiled.append(try compile(primary))
    }
    return CompiledNode(type: [Any?].self, evaluate: { scope in compiled.map { $0.evaluate(scope) } })
  }

  /// `!operand`: two-way when the operand is a key path.
  private func not(_ operand: ExpressionSyntax) throws(ExpressionError) -> CompiledNode {
    let compiled = try compile(operand)
    try requireBoolean(compiled, operand, for: "!")
    let form: CompiledNode.Form? =
      if case .keyPath(let scope, let path)? = compiled.form { .negatedKeyPath(scope, path) } else { nil }
    let evaluate = compiled.evaluate
    return CompiledNode(type: Bool.self, evaluate: { !ExpressionValues.isTrue(evaluate($0)) }, form: form)
  }

  private func length(_ operand: ExpressionSyntax, at location: TextPosition) throws(ExpressionError) -> CompiledNode {
    let compiled = try compile(operand)
    try requireLength(compiled.type, of: operand.quoted, at: location)
    let evaluate = compiled.evaluate
    return CompiledNode(type: Int.self, evaluate: { ExpressionValues.length(evaluate($0)) })
  }

  func requireBoolean(_ node: CompiledNode, _ syntax: ExpressionSyntax, for op: String) throws(ExpressionError) {
    try requireBoolean(node.type, describe: { syntax.quoted }, at: syntax.location, for: op)
  }

  func requireBoolean(
    _ type: Any.Type,
    describe: () -> String,
    at location: TextPosition,
    for op: String
  ) throws(ExpressionError) {
    let base = baseType(type)
    guard same(base, Bool.self) || same(base, NullValue.self) || same(base, Any.self) else {
      throw error("\"\(op)\" needs a Boolean; \(describe()) is a \(typeName(type))", at: location, .type)
    }
  }

  private func requireLength(_ type: Any.Type, of text: String, at location: TextPosition) throws(ExpressionError) {
    let base = baseType(type)
    guard same(base, String.self) || base is any Collection.Type || same(base, Any.self) else {
      throw error(".length needs a string or a collection; \(text) is a \(typeName(type))", at: location, .type)
    }
  }

  // MARK: Negation

  /// `-operand`: a number of the operand's type; `-` of a number literal is a constant.
  private func negate(_ operand: ExpressionSyntax, at location: TextPosition) throws(ExpressionError) -> CompiledNode {
    let compiled = try compile(operand)
    switch compiled.constant {
    case let integer as Int: return .constant(-integer)  // a literal is at most Int.max
    case let double as Double: return .constant(-double)
    default: break
    }
    let base = baseType(compiled.type)
    guard let negation = Negation.of(base) else {
      let needs = base is any UnsignedInteger.Type ? "a signed number" : "a number"
      throw error("\"-\" needs \(needs); \(operand.quoted) is a \(typeName(compiled.type))", at: location, .type)
    }
    let evaluate = compiled.evaluate
    return CompiledNode(type: compiled.type, evaluate: { negation(ExpressionValues.unwrap(evaluate($0))) })
  }

  // MARK: Chains of binary operators

  /// What follows the first operand of a chain.
  private enum Step {
    case and((ExpressionScope) -> Any?)
    case or((ExpressionScope) -> Any?)
    case compare((Any?, Any?) -> Bool, (ExpressionScope) -> Any?)
  }

  /// `first op operand op operand …`, from left to right, evaluated in a loop. Only the operands are
  /// compiled here (recursively); each step is checked and made by ``step(_:_:_:after:)``.
  private func chain(_ firstSyntax: ExpressionSyntax, _ operations: [BinaryOperation]) throws(ExpressionError)
    -> CompiledNode
  {
    let first = try compile(firstSyntax)
    var steps: [Step] = []
    steps.reserveCapacity(operations.count)
    var rights: [CompiledNode] = []
    rights.reserveCapacity(operations.count)
    for index in operations.indices {
      let right = try compile(operations[index].operand)
      steps.append(try step(right, firstSyntax, operations[...index], after: first))
      rights.append(right)
    }
    var node = CompiledNode(type: Bool.self, evaluate: Self.evaluate(first.evaluate, steps, operations))
    node.boundTest = boundTest(first, rights, operations)
    return node
  }

  /// The step of the last of `operations`, whose right operand compiled to `right`: what is left of
  /// its operator is `first` for the first operation, the chain so far (a Boolean) for the others.
  private func step(
    _ right: CompiledNode,
    _ firstSyntax: ExpressionSyntax,
    _ operations: ArraySlice<BinaryOperation>,
    after first: CompiledNode
  ) throws(ExpressionError) -> Step {
    let operation = operations[operations.endIndex - 1]
    let left: Side
    if operations.count == 1 {
      left = Side(node: first, location: firstSyntax.location, describe: { firstSyntax.quoted })
    } else {
      let before = operations.dropLast()
      left = Side(
        node: CompiledNode(type: Bool.self, evaluate: { _ in nil }), location: firstSyntax.location,
        describe: { ExpressionSyntax.chain(firstSyntax, Array(before)).quoted })
    }
    let operand = operation.operand
    let rightSide = Side(node: right, location: operand.location, describe: { operand.quoted })
    switch operation.operator {
    case .and, .or:
      let op = operation.operator.rawValue
      try requireBoolean(left.type, describe: left.describe, at: left.location, for: op)
      try requireBoolean(right.type, describe: rightSide.describe, at: rightSide.location, for: op)
      return operation.operator == .and ? .and(right.evaluate) : .or(right.evaluate)
    case let op where op.isStringMatch:
      let (match, operand) = try stringMatch(operation, left, rightSide)
      return .compare(match, operand)
    default:
      return .compare(try comparison(operation.operator, left, rightSide, at: operation.location), right.evaluate)
    }
  }

  /// Evaluates a chain: `||` and `&&` chains stop at the first operand that decides them.
  private static func evaluate(
    _ first: @escaping (ExpressionScope) -> Any?,
    _ steps: [Step],
    _ operations: [BinaryOperation]
  ) -> (ExpressionScope) -> Any? {
    if operations.allSatisfy({ $0.operator == .or }) {
      let operands = steps.compactMap { step -> ((ExpressionScope) -> Any?)? in
        if case .or(let operand) = step { operand } else { nil }
      }
      return { scope in
        if ExpressionValues.isTrue(first(scope)) { return true }
        for operand in operands where ExpressionValues.isTrue(operand(scope)) { return true }
        return false
      }
    }
    if operations.allSatisfy({ $0.operator == .and }) {
      let operands = steps.compactMap { step -> ((ExpressionScope) -> Any?)? in
        if case .and(let operand) = step { operand } else { nil }
      }
      return { scope in
        guard ExpressionValues.isTrue(first(scope)) else { return false }
        for operand in operands where !ExpressionValues.isTrue(operand(scope)) { return false }
        return true
      }
    }
    return { scope in
      var value = first(scope)
      for step in steps {
        switch step {
        case .and(let operand): value = ExpressionValues.isTrue(value) && ExpressionValues.isTrue(operand(scope))
        case .or(let operand): value = ExpressionValues.isTrue(value) || ExpressionValues.isTrue(operand(scope))
        case .compare(let compare, let operand): value = compare(value, operand(scope))
        }
      }
      return value
    }
  }

  // MARK: Key paths

  private func keyPath(
    scope: KeyPathScope,
    keys: [(name: String, location: TextPosition)],
    at location: TextPosition
  ) throws(ExpressionError) -> CompiledNode {
    let contextType: any KeyValueCoding.Type
    switch scope {
    case .data: contextType = dataType
    case .root:
      guard let rootType else {
        throw error("$root is not available here: no top-level view model was given", at: location, .key)
      }
      contextType = rootType
    case .section:
      guard let sectionType else {
        throw error(
          "$section is not available here: only the rows and headers of a list of sections have a section",
          at: location, .key)
      }
      contextType = sectionType
    }
    let names = keys.map(\.name)
    let path: KeyValuePath
    var takesLength = false
    do {
      path = try KeyValuePath(names.joined(separator: "."), in: contextType)
    } catch {
      // `name.length` and `items.count`: the length of the value before, when it has no such key.
      guard names.count > 1, let last = names.last, last == "length" || last == "count",
        let prefix = try? KeyValuePath(names.dropLast().joined(separator: "."), in: contextType)
      else { throw mapped(error, keys: keys) }
      try requireLength(
        prefix.valueType, of: names.dropLast().joined(separator: ".").shortened, at: keys[keys.count - 1].location)
      path = prefix
      takesLength = true
    }
    let evaluate: (ExpressionScope) -> Any? = { expressionScope in
      let object: AnyObject? =
        switch scope {
        case .data: expressionScope.data
        case .root: expressionScope.root
        case .section: expressionScope.section
        }
      guard let object else { return nil }
      switch path.resolve(in: object) {
      case .value(let value): return value
      case .notApplicable, .marker: return nil
      }
    }
    if takesLength {
      return CompiledNode(type: Int.self, evaluate: { ExpressionValues.length(evaluate($0)) })
    }
    return CompiledNode(type: path.valueType, evaluate: evaluate, form: .keyPath(scope, path))
  }

  /// A key path error, at the key it names, with long keys cut short.
  private func mapped(
    _ error: KeyValueCodingError,
    keys: [(name: String, location: TextPosition)]
  ) -> ExpressionError {
    var start = 1
    var index = 0
    for (position, key) in keys.enumerated() {
      if start <= error.column { index = position }
      start += key.name.count + 1
    }
    // Messages of the expression language quote at most 40 characters of a key or path.
    return self.error(error.description(quotingAtMost: 40), at: keys[index].location, .key)
  }
}
