import Bindery

/// Checks an expression against the type of the property it is bound to and makes its source: a
/// string key path when the expression is one, or one through a transformer that converts back
/// (two-way), a computation otherwise (read-only).
struct ExpressionBinder<Value> {
  let expression: CompiledExpression

  private func error(_ message: String, _ kind: ExpressionError.Kind = .type) -> ExpressionError {
    ExpressionError(message, at: expression.syntax.location, in: expression.source, kind: kind)
  }

  func source(
    context: any KeyValueCoding,
    root: (any KeyValueCoding)?,
    section: (any KeyValueCoding)? = nil,
    transformers: BindingTransformerRegistry,
    isolation: (any Actor)? = nil
  ) throws(ExpressionError) -> BindingSource<Value> {
    guard var node = expression.node else { throw error("the expression has no value to bind", .syntax) }
    let scope = ExpressionScope(data: context, root: root, section: section)
    let attributes = try BindingAttributes<Value>(
      expression, scope: scope, registry: transformers, options: BindingOptions(), isolation: isolation)
    if attributes.transformer == nil, let name = node.constant as? EnumCaseName {
      node = try resolved(name)
    } else if attributes.transformer == nil, let names = node.constant as? OptionNames {
      node = try resolved(names)
    }
    func finished(_ source: BindingSource<Value>) -> BindingSource<Value> {
      var source = source.placeholders(attributes.placeholders)
      if let validation = attributes.validation { source = source.validated(validation) }
      source.setOptions = attributes.setOptions
      if let pacing = attributes.pacing?.value { source = source.pacingEdits(pacing) }
      return source
    }
    func object(for pathScope: KeyPathScope) -> any KeyValueCoding {
      switch pathScope {
      case .data: context
      case .root: root ?? context
      case .section: section ?? context
      }
    }
    func mapped(_ failure: KeyValueCodingError) -> ExpressionError { error(failure.description) }
    /// A direction that writes the source, asked for where nothing can be written, is refused at the
    /// attribute (rather than falling back to read-only).
    func checkWritesBack(_ writable: Bool, _ what: @autoclosure () -> String) throws(ExpressionError) {
      guard let (direction, location) = attributes.direction, direction != .sourceToTarget, !writable else { return }
      throw ExpressionError(
        "direction .\(direction == .both ? "both" : "targetToSource") writes the source, but \(what()) cannot be written",
        at: location,
        in: expression.source, kind: .attribute)
    }

    // Two-way forms.
    if attributes.transformer == nil {
      switch node.form {
      case .keyPath(let pathScope, let path)?:
        try checkWritesBack(path.isWritable, path.text)
        do {
          try path.checkBindable(to: Value.self, hasNullPlaceholder: attributes.placeholders.nullValue != nil)
          func open<Source: KeyValueCoding>(_ source: Source) throws(KeyValueCodingError) -> BindingSource<Value> {
            try .keyPath(source, path)
          }
          return finished(try open(object(for: pathScope)))
        } catch {
          throw mapped(error)
        }
      case .negatedKeyPath(let pathScope, let path)?:
        if Value.self == Bool.self, same(baseType(path.valueType), Bool.self) {
          try checkWritesBack(path.isWritable, path.text)
          do {
            func open<Source: KeyValueCoding>(_ source: Source) throws(KeyValueCodingError) -> BindingSource<Bool> {
              try .keyPath(source, path.text, converted: NegateBooleanTransformer())
            }
            if let negated = try open(object(for: pathScope)) as? BindingSource<Value> { return finished(negated) }
          } catch {
            throw mapped(error)
          }
        }
      case nil:
        break
      }
    }

    // Everything else: computed, read-only.
    let transformer = attributes.transformer
    let converter = try ValueConverter<Value>(
      from: transformer.map { $0.outputType ?? Any.self } ?? node.type,
      nullPlaceholder: attributes.placeholders.nullValue,
      error: { message in error(message) }
    )
    if let transformer, let inputType = transformer.inputType, !same(baseType(inputType), Any.self),
      !same(baseType(inputType), baseType(node.type)), !same(baseType(node.type), Any.self)
    {
      throw error("the transformer \(transformer.name) takes a \(typeName(inputType)), not a \(typeName(node.type))")
    }
    if attributes.editingTransformer != nil, transformer == nil {
      throw error("an editingTransformer needs a transformer for display", .attribute)
    }
    // A key path through a transformer that converts back to a value of the property's own type: two-way,
    // with its editing form. (Other transformers' values are converted, one-way, below.)
    if let transformer, transformer.isReversible, let output = transformer.outputType,
      same(baseType(output), baseType(Value.self)), case .keyPath(let pathScope, let path)? = node.form
    {
      let editing = attributes.editingTransformer
      func differ(_ one: Any.Type?, _ other: Any.Type?) -> Bool {
        guard let one, let other else { return false }
        return !same(one, other)
      }
      if let editing,
        differ(editing.inputType, transformer.inputType) || differ(editing.outputType, transformer.outputType)
      {
        throw error("the editing transformer \(editing.name) does not convert the same types as \(transformer.name)")
      }
      try checkWritesBack(path.isWritable, path.text)
      func open<Source: KeyValueCoding>(_ source: Source) throws(KeyValueCodingError) -> BindingSource<Value> {
        try .keyPath(source, path, registered: transformer, editing: editing)
      }
      do {
        return finished(try open(object(for: pathScope)))
      } catch {
        throw mapped(error)
      }
    }
    if attributes.editingTransformer != nil {
      throw error("an editing form needs a key path and a transformer that converts back", .attribute)
    }
    if attributes.validation != nil {
      throw error("a validator checks what a user enters: it needs a key path bound both ways", .attribute)
    }
    if let (_, location) = attributes.pacing {
      throw ExpressionError(
        "pacing paces what a user enters: it needs a key path bound both ways", at: location, in: expression.source,
        kind: .attribute)
    }
    try checkWritesBack(
      false, transformer.map { "a value shown through \($0.name), which does not convert back," } ?? "a computed value")
    let evaluate = node.evaluate
    func open<Source: KeyValueCoding>(_ source: Source) -> BindingSource<Value> {
      .computed(
        from: source,
        named: expression.source,
        keepingTargetValue: { [weak root, weak section] data in
          let value = evaluate(ExpressionScope(data: data, root: root, section: section))
          guard let transformer else { return converter.convert(value) }
          return converter.convert((try? transformer.transform(value)) ?? nil)
        }
      )
    }
    var source = open(context).converted(named: transformer?.name)
    source.setOptions = attributes.setOptions
    return source
  }

  /// `.name` bound to the property: the case of the property's enumeration named `name`.
  private func resolved(_ name: EnumCaseName) throws(ExpressionError) -> CompiledNode {
    let type = baseType(Value.self)
    let cases: EnumerationCases
    do {
      cases = try EnumerationCases.of(type)
    } catch {
      throw self.error("\(name) cannot be shown by a property of type \(typeName(Value.self)): \(error.reason)")
    }
    guard name.names(type) else {
      throw error(
        "no enumeration is registered as $\(name.typeName ?? ""), and the property is a \(typeName(Value.self)) "
          + "(register it with ExpressionTypeRegistry.shared.register(enumeration:))", .key)
    }
    guard let value = cases.value(named: name.name) else { throw error(cases.unknown(name.name)) }
    return .constant(value, of: type)
  }

  /// `{ .a, .b }` bound to the property: the union of those members of the property's option set.
  private func resolved(_ names: OptionNames) throws(ExpressionError) -> CompiledNode {
    let type = baseType(Value.self)
    guard case .options(_, let members, let union)? = ExpressionTypeRegistry.shared.options(of: type) else {
      throw error(
        "\(names) cannot be shown by a property of type \(typeName(Value.self)): no option set of that type is "
          + "registered (register it with ExpressionTypeRegistry.shared.register(options:members:))")
    }
    var values: [Any] = []
    for name in names.names {
      guard let value = members[name] else {
        throw error(ExpressionCompiler.unknownMember(name, of: type, members), .key)
      }
      values.append(value)
    }
    return .constant(union(values), of: type)
  }
}
