public import Bindery

extension KeyValueObservable {
  /// Binds a property of this object to a binding expression evaluated on a data context.
  ///
  /// The expression is parsed, its keys resolved and its types checked against the property now;
  /// any problem throws an ``ExpressionError`` with its line and column, and nothing is bound. The
  /// binding follows everything the expression reads.
  ///
  /// A key path (`person.firstName`) is two-way when it can be written, as is `!` of a Boolean key
  /// path (`!isSaving`, through ``NegateBooleanTransformer``); the other spec-file shorthands
  /// (`x === null`, `x !== null`, `x.length === 0`, `x.length > 0`) and every other expression are
  /// read-only. Attributes: `nullPlaceholder`, `notApplicablePlaceholder`,
  /// `multipleValuesPlaceholder`, `noSelectionPlaceholder`, `transformer` (or `formatter`, a name of
  /// `transformers`), `updatesContinuously`, `conditionallySetsEnabled`.
  ///
  /// ```swift
  /// try firstNameField.bind(\.text, to: controller, expression: "person.firstName")
  /// try firstNameField.bind(\.isEnabled, to: controller, expression: "person !== null")
  /// try firstNameField.bind(\.isEnabled, to: controller, expression: "!isSaving")
  /// try nickLabel.bind(\.text, to: controller, expression: #"person.nickname { nullPlaceholder: "—" }"#)
  /// ```
  ///
  /// - Parameters:
  ///   - root: The top-level view model, for `$root.` key paths.
  ///   - transformers: Where `transformer:` attributes are looked up.
  /// - Throws: ``ExpressionError``.
  @discardableResult
  public func bind<Context: KeyValueCoding, Value>(
    _ property: ReferenceWritableKeyPath<Self, Value>,
    to context: Context,
    expression text: String,
    root: (any KeyValueCoding)? = nil,
    transformers: BindingTransformerRegistry = .shared,
    options: BindingOptions = BindingOptions(),
    file: StaticString = #fileID,
    line: UInt = #line
  ) throws(ExpressionError) -> PropertyBinding {
    let source = try BindingSource<Value>.expression(context, text, root: root, transformers: transformers)
    return bind(property, to: source, options: options, file: file, line: line)
  }

  /// Checks everything ``bind(_:to:expression:root:transformers:options:file:line:)`` would check, and
  /// binds nothing: for loaders that must bind all or nothing.
  ///
  /// - Throws: ``ExpressionError``.
  public func checkBinding<Context: KeyValueCoding, Value>(
    _ property: ReferenceWritableKeyPath<Self, Value>,
    to context: Context,
    expression text: String,
    root: (any KeyValueCoding)? = nil,
    transformers: BindingTransformerRegistry = .shared,
    options: BindingOptions = BindingOptions()
  ) throws(ExpressionError) {
    _ = try prepareBinding(
      property, to: context, expression: text, root: root, transformers: transformers, options: options)
  }

  /// Checks everything ``bind(_:to:expression:root:transformers:options:file:line:)`` would check and
  /// returns what makes the binding, so a loader checks everything first and then binds without
  /// compiling the expression again.
  ///
  /// - Returns: Makes the binding (it throws only if the objects changed type since the check).
  /// - Throws: ``ExpressionError``.
  public func prepareBinding<Context: KeyValueCoding, Value>(
    _ property: ReferenceWritableKeyPath<Self, Value>,
    to context: Context,
    expression text: String,
    root: (any KeyValueCoding)? = nil,
    transformers: BindingTransformerRegistry = .shared,
    options: BindingOptions = BindingOptions(),
    file: StaticString = #fileID,
    line: UInt = #line
  ) throws(ExpressionError) -> () throws(ExpressionError) -> PropertyBinding {
    let source = try BindingSource<Value>.expression(context, text, root: root, transformers: transformers)
    return { [weak self] () throws(ExpressionError) -> PropertyBinding in
      guard let self else { throw ExpressionError("the bound object is gone", at: .start, in: text, kind: .type) }
      return bind(property, to: source, options: options, file: file, line: line)
    }
  }
}

/// Checks an expression against the type of the property it is bound to and makes its source: a
/// string key path when the expression is one (two-way), a computation otherwise (read-only).
struct ExpressionBinder<Value> {
  let expression: CompiledExpression

  private func error(_ message: String, _ kind: ExpressionError.Kind = .type) -> ExpressionError {
    ExpressionError(message, at: expression.syntax.location, in: expression.source, kind: kind)
  }

  func source(
    context: any KeyValueCoding,
    root: (any KeyValueCoding)?,
    transformers: BindingTransformerRegistry
  ) throws(ExpressionError) -> BindingSource<Value> {
    guard var node = expression.node else { throw error("the expression has no value to bind", .syntax) }
    let scope = ExpressionScope(data: context, root: root)
    let attributes = try BindingAttributes<Value>(
      expression, scope: scope, registry: transformers, options: BindingOptions())
    if attributes.transformer == nil, let name = node.constant as? EnumCaseName {
      node = try resolved(name)
    }
    func finished(_ source: BindingSource<Value>) -> BindingSource<Value> {
      var source = source.placeholders(attributes.placeholders)
      source.setOptions = attributes.setOptions
      return source
    }
    func object(for pathScope: KeyPathScope) -> any KeyValueCoding {
      pathScope == .root ? (root ?? context) : context
    }
    func mapped(_ failure: KeyValueCodingError) -> ExpressionError { error(failure.description) }

    // Two-way forms.
    if attributes.transformer == nil {
      switch node.form {
      case .keyPath(let pathScope, let path)?:
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
    let evaluate = node.evaluate
    func open<Source: KeyValueCoding>(_ source: Source) -> BindingSource<Value> {
      .computed(
        from: source,
        named: expression.source,
        keepingTargetValue: { [weak root] data in
          let value = evaluate(ExpressionScope(data: data, root: root))
          guard let transformer else { return converter.convert(value) }
          return converter.convert((try? transformer.transform(value)) ?? nil)
        }
      )
    }
    var source = open(context)
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
    guard let value = cases.value(named: name.name) else { throw error(cases.unknown(name.name)) }
    return .constant(value, of: type)
  }
}
