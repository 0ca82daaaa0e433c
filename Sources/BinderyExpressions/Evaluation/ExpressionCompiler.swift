@_spi(BinderyInternals) import Bindery

/// An expression node checked against the types it reads: its static type and how to evaluate it.
struct CompiledNode {
  /// The type of the values it computes (`NullValue` for `null`, `EnumCaseName` for `.name`).
  let type: Any.Type
  let evaluate: (ExpressionScope) -> Any?
  /// A key path on its own (two-way), or `!` of one (two-way through negation).
  let form: Form?

  enum Form {
    case keyPath(KeyPathScope, KeyValuePath)
    case negatedKeyPath(KeyPathScope, KeyValuePath)
  }
}

/// Checks an expression's syntax against the types of its data context and root, and builds the
/// closures that evaluate it.
struct ExpressionCompiler {
  let source: String
  let dataType: any KeyValueCoding.Type
  let rootType: (any KeyValueCoding.Type)?

  func error(_ message: String, at location: SourceLocation, _ kind: ExpressionError.Kind) -> ExpressionError {
    ExpressionError(message, at: location, in: source, kind: kind)
  }

  func compile(_ syntax: ExpressionSyntax) throws(ExpressionError) -> CompiledNode {
    switch syntax {
    case .bool(let value, _): return constant(value)
    case .integer(let value, _): return constant(value)
    case .double(let value, _): return constant(value)
    case .string(let value, _): return constant(value)
    case .null: return CompiledNode(type: NullValue.self, evaluate: { _ in nil }, form: nil)
    case .enumCase(let name, _): return constant(EnumCaseName(name: name))
    case .array(let elements, _):
      var compiled: [CompiledNode] = []
      for element in elements {
        guard let primary = element.primary else {
          throw error("an array element needs a value", at: element.location, .syntax)
        }
        compiled.append(try compile(primary))
      }
      return CompiledNode(
        type: [Any?].self, evaluate: { scope in compiled.map { $0.evaluate(scope) } }, form: nil)
    case .keyPath(let scope, let keys, let location):
      return try keyPath(scope: scope, keys: keys, at: location)
    case .not(let operand, _):
      let compiled = try compile(operand)
      try requireBoolean(compiled, operand, for: "!")
      let form: CompiledNode.Form? =
        if case .keyPath(let scope, let path)? = compiled.form { .negatedKeyPath(scope, path) } else { nil }
      return CompiledNode(type: Bool.self, evaluate: { !ExpressionValues.isTrue(compiled.evaluate($0)) }, form: form)
    case .negate(let operand, let location):
      let compiled = try compile(operand)
      let base = baseType(compiled.type)
      guard isNumeric(base) else {
        throw error("\"-\" needs a number; \(operand) is a \(typeName(compiled.type))", at: location, .type)
      }
      return CompiledNode(
        type: compiled.type,
        evaluate: { scope in
          switch ExpressionValues.unwrap(compiled.evaluate(scope)) {
          case let integer as Int: -integer
          case let double as Double: -double
          case let other?: RuntimeTypes.double(other).map { -$0 }
          case nil: nil
          }
        },
        form: nil
      )
    case .length(let operand, let location):
      let compiled = try compile(operand)
      try requireLength(compiled.type, of: "\(operand)", at: location)
      return CompiledNode(type: Int.self, evaluate: { ExpressionValues.length(compiled.evaluate($0)) }, form: nil)
    case .binary(let op, let lhs, let rhs, let location):
      return try binary(op, lhs, rhs, at: location)
    }
  }

  private func constant<Value>(_ value: Value) -> CompiledNode {
    CompiledNode(type: Value.self, evaluate: { _ in value }, form: nil)
  }

  private func requireBoolean(_ node: CompiledNode, _ syntax: ExpressionSyntax, for op: String) throws(ExpressionError)
  {
    let base = baseType(node.type)
    guard same(base, Bool.self) || same(base, NullValue.self) || same(base, Any.self) else {
      throw error("\"\(op)\" needs a Boolean; \(syntax) is a \(typeName(node.type))", at: syntax.location, .type)
    }
  }

  private func requireLength(_ type: Any.Type, of text: String, at location: SourceLocation) throws(ExpressionError) {
    let base = baseType(type)
    guard same(base, String.self) || base is any Collection.Type || same(base, Any.self) else {
      throw error(".length needs a string or a collection; \(text) is a \(typeName(type))", at: location, .type)
    }
  }

  // MARK: Key paths

  private func keyPath(
    scope: KeyPathScope,
    keys: [(name: String, location: SourceLocation)],
    at location: SourceLocation
  ) throws(ExpressionError) -> CompiledNode {
    let contextType: any KeyValueCoding.Type
    switch scope {
    case .data: contextType = dataType
    case .root:
      guard let rootType else {
        throw error("$root is not available here: no top-level view model was given", at: location, .key)
      }
      contextType = rootType
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
        prefix.valueType, of: names.dropLast().joined(separator: "."), at: keys[keys.count - 1].location)
      path = prefix
      takesLength = true
    }
    let evaluate: (ExpressionScope) -> Any? = { expressionScope in
      let object: AnyObject? = scope == .root ? expressionScope.root : expressionScope.data
      guard let object else { return nil }
      switch path.resolve(in: object) {
      case .value(let value): return value
      case .notApplicable, .marker: return nil
      }
    }
    if takesLength {
      return CompiledNode(type: Int.self, evaluate: { ExpressionValues.length(evaluate($0)) }, form: nil)
    }
    return CompiledNode(type: path.valueType, evaluate: evaluate, form: .keyPath(scope, path))
  }

  /// A key path error, at the key it names.
  private func mapped(
    _ error: KeyValueCodingError,
    keys: [(name: String, location: SourceLocation)]
  ) -> ExpressionError {
    var start = 1
    var index = 0
    for (position, key) in keys.enumerated() {
      if start <= error.column { index = position }
      start += key.name.count + 1
    }
    return self.error(error.description, at: keys[index].location, .key)
  }

  // MARK: Operators

  private func binary(
    _ op: BinaryOperator,
    _ lhsSyntax: ExpressionSyntax,
    _ rhsSyntax: ExpressionSyntax,
    at location: SourceLocation
  ) throws(ExpressionError) -> CompiledNode {
    let lhs = try compile(lhsSyntax)
    let rhs = try compile(rhsSyntax)
    let evaluate: (ExpressionScope) -> Any?
    switch op {
    case .and, .or:
      try requireBoolean(lhs, lhsSyntax, for: op.rawValue)
      try requireBoolean(rhs, rhsSyntax, for: op.rawValue)
      evaluate =
        op == .and
        ? { ExpressionValues.isTrue(lhs.evaluate($0)) && ExpressionValues.isTrue(rhs.evaluate($0)) }
        : { ExpressionValues.isTrue(lhs.evaluate($0)) || ExpressionValues.isTrue(rhs.evaluate($0)) }
    case .equal, .notEqual, .identical, .notIdentical:
      let a = baseType(lhs.type)
      let b = baseType(rhs.type)
      let comparable =
        same(a, NullValue.self) || same(b, NullValue.self) || same(a, Any.self) || same(b, Any.self) || same(a, b)
        || (isNumeric(a) && isNumeric(b)) || same(a, EnumCaseName.self) || same(b, EnumCaseName.self)
      guard comparable else {
        throw error(
          "cannot compare \(lhsSyntax) (a \(typeName(lhs.type))) with \(rhsSyntax) (a \(typeName(rhs.type)))",
          at: location, .type)
      }
      let byIdentity = op == .identical || op == .notIdentical
      let negated = op == .notEqual || op == .notIdentical
      evaluate = { scope in
        let left = lhs.evaluate(scope)
        let right = rhs.evaluate(scope)
        let same = byIdentity ? ExpressionValues.identical(left, right) : ExpressionValues.equal(left, right)
        return same != negated
      }
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      let a = baseType(lhs.type)
      let b = baseType(rhs.type)
      guard (isNumeric(a) && isNumeric(b)) || (same(a, String.self) && same(b, String.self)) else {
        throw error(
          "\"\(op.rawValue)\" compares two numbers or two strings, not a \(typeName(lhs.type)) and a \(typeName(rhs.type))",
          at: location, .type)
      }
      let accepts: (Int) -> Bool =
        switch op {
        case .less: { $0 < 0 }
        case .lessOrEqual: { $0 <= 0 }
        case .greater: { $0 > 0 }
        default: { $0 >= 0 }
        }
      evaluate = { scope in
        guard let order = ExpressionValues.order(lhs.evaluate(scope), rhs.evaluate(scope)) else { return false }
        return accepts(order)
      }
    }
    return CompiledNode(type: Bool.self, evaluate: evaluate, form: nil)
  }
}
