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
    let expression = try CompiledExpression.cached(text, data: type(of: context), root: root.map { type(of: $0) })
    let binding = try ExpressionBinder(target: self, property: property, expression: expression, file: file, line: line)
      .bind(context: context, root: root, transformers: transformers, options: options, perform: true)
    guard let binding else { throw ExpressionError("nothing was bound", at: .start, in: text, kind: .type) }
    return binding
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
    let expression = try CompiledExpression.cached(text, data: type(of: context), root: root.map { type(of: $0) })
    let binder = ExpressionBinder(target: self, property: property, expression: expression, file: file, line: line)
    _ = try binder.bind(context: context, root: root, transformers: transformers, options: options, perform: false)
    return { [weak context, weak root] () throws(ExpressionError) -> PropertyBinding in
      guard let context else { throw ExpressionError("the data context is gone", at: .start, in: text, kind: .type) }
      let binding = try binder.bind(
        context: context, root: root, transformers: transformers, options: options, perform: true)
      guard let binding else { throw ExpressionError("nothing was bound", at: .start, in: text, kind: .type) }
      return binding
    }
  }
}

/// Makes the binding an expression asks for: through a string key path when the expression is one
/// (two-way), through a computation otherwise (read-only).
struct ExpressionBinder<Target: KeyValueObservable, Value> {
  let target: Target
  let property: ReferenceWritableKeyPath<Target, Value>
  let expression: CompiledExpression
  let file: StaticString
  let line: UInt

  private func error(_ message: String, _ kind: ExpressionError.Kind = .type) -> ExpressionError {
    ExpressionError(message, at: expression.syntax.location, in: expression.source, kind: kind)
  }

  func bind(
    context: any KeyValueCoding,
    root: (any KeyValueCoding)?,
    transformers: BindingTransformerRegistry,
    options: BindingOptions,
    perform: Bool
  ) throws(ExpressionError) -> PropertyBinding? {
    guard var node = expression.node else { throw error("the expression has no value to bind", .syntax) }
    let scope = ExpressionScope(data: context, root: root)
    let attributes = try BindingAttributes<Value>(
      expression, scope: scope, registry: transformers, options: options)
    if attributes.transformer == nil, let name = node.constant as? EnumCaseName {
      node = try resolved(name)
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
          guard perform else {
            try path.checkBindable(to: Value.self, hasNullPlaceholder: attributes.placeholders.nullValue != nil)
            return nil
          }
          return try bindKeyPath(object(for: pathScope), path, attributes)
        } catch {
          throw mapped(error)
        }
      case .negatedKeyPath(let pathScope, let path)?:
        if let boolProperty = property as? ReferenceWritableKeyPath<Target, Bool>,
          same(baseType(path.valueType), Bool.self)
        {
          do {
            guard perform else { return nil }
            return try bindNegated(boolProperty, object(for: pathScope), path.text, attributes.options)
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
      current: target[keyPath: property],
      error: { message in error(message) }
    )
    if let transformer, let inputType = transformer.inputType, !same(baseType(inputType), Any.self),
      !same(baseType(inputType), baseType(node.type)), !same(baseType(node.type), Any.self)
    {
      throw error("the transformer \(transformer.name) takes a \(typeName(inputType)), not a \(typeName(node.type))")
    }
    guard perform else { return nil }
    let evaluate = node.evaluate
    return target.bind(
      property,
      to: context,
      computing: { [weak root] data in
        let value = evaluate(ExpressionScope(data: data, root: root))
        guard let transformer else { return converter.convert(value) }
        return converter.convert((try? transformer.transform(value)) ?? nil)
      },
      named: expression.source,
      options: attributes.options,
      file: file,
      line: line
    )
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

  private func bindKeyPath(
    _ source: any KeyValueCoding,
    _ path: KeyValuePath,
    _ attributes: BindingAttributes<Value>
  ) throws(KeyValueCodingError) -> PropertyBinding {
    func open<Source: KeyValueCoding>(_ source: Source) throws(KeyValueCodingError) -> PropertyBinding {
      try target.bind(
        property, to: source, path: path, options: attributes.options, placeholders: attributes.placeholders,
        file: file, line: line)
    }
    return try open(source)
  }

  private func bindNegated(
    _ boolProperty: ReferenceWritableKeyPath<Target, Bool>,
    _ source: any KeyValueCoding,
    _ text: String,
    _ options: BindingOptions
  ) throws(KeyValueCodingError) -> PropertyBinding {
    func open<Source: KeyValueCoding>(_ source: Source) throws(KeyValueCodingError) -> PropertyBinding {
      try target.bind(
        boolProperty, to: source, keyPath: text, transformer: NegateBooleanTransformer(), options: options,
        file: file, line: line)
    }
    return try open(source)
  }
}
