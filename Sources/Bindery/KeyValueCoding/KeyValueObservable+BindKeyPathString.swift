extension KeyValueObservable {
  /// Binds a property of this object to a string key path of a source object (`"person.firstName"`).
  ///
  /// The path is resolved at once against the source's keys (``KeyValueCoding``), and its value type
  /// checked against the property's: an unknown key or a type that does not fit throws here, before
  /// anything is bound. The binding then behaves like one made with a typed key path: it follows
  /// everything the path reads (re-targeting when `person` is replaced), is two-way when every step
  /// is a property and the last can be written, and shows `placeholders` when the path is not
  /// applicable (an optional property on the way is `nil`) or its value is `nil`.
  ///
  /// A path that may be `nil` fits a non-optional property only when a null placeholder is given,
  /// or when the property is a `Bool` (`nil` is `false`).
  ///
  /// ```swift
  /// try firstNameField.bind(\.text, to: controller, keyPath: "person.firstName")
  /// try countLabel.bind(\.text, to: team, keyPath: "members.@count", transformer: ClosureTransformer { "\($0)" })
  /// ```
  ///
  /// - Throws: ``KeyValueCodingError`` with the column of the key at fault.
  @discardableResult
  public func bind<Source: KeyValueCoding, Value>(
    _ property: ReferenceWritableKeyPath<Self, Value>,
    to source: Source,
    keyPath text: String,
    options: BindingOptions = BindingOptions(),
    placeholders: BindingPlaceholders<Value> = .none,
    file: StaticString = #fileID,
    line: UInt = #line
  ) throws(KeyValueCodingError) -> PropertyBinding {
    try bind(
      property, to: source, path: KeyValuePath(text, in: type(of: source)), options: options,
      placeholders: placeholders, file: file, line: line)
  }

  /// Binds a property of this object to a key path already resolved against the source's class (as
  /// the expression compiler and spec files hold them), without resolving its text again.
  ///
  /// - Throws: ``KeyValueCodingError`` when the path's value type does not fit the property; a path
  ///   resolved against another class is resolved again against the source's.
  @discardableResult
  public func bind<Source: KeyValueCoding, Value>(
    _ property: ReferenceWritableKeyPath<Self, Value>,
    to source: Source,
    path resolved: KeyValuePath,
    options: BindingOptions = BindingOptions(),
    placeholders: BindingPlaceholders<Value> = .none,
    file: StaticString = #fileID,
    line: UInt = #line
  ) throws(KeyValueCodingError) -> PropertyBinding {
    let path =
      ObjectIdentifier(resolved.rootType) == ObjectIdentifier(Source.self)
      ? resolved : try KeyValuePath(resolved.text, in: type(of: source))
    let access = try KeyValueSourceAccess<Source, Value>(path: path, placeholders: placeholders)
    if let typed = path.composedKeyPath as? KeyPath<Source, Value> {
      // A plain chain of properties: the typed binding, with its fast paths.
      return bind(property, to: source, typed, options: options, placeholders: placeholders, file: file, line: line)
    }
    return BindingFactory.make(
      target: self,
      property,
      source: source,
      access.sourcePath,
      toTarget: { [weak self] marked in
        if let value = access.value(of: marked), !isNilValue(value) { return value }
        if let value = placeholders.nullValue ?? access.fallback { return value }
        // The types checked at bind time make this the target's current value, never reached.
        guard let self else { access.unreachable() }
        return self[keyPath: property]
      },
      toSource: { .value($0) },
      isIdentity: false,
      isReversible: path.isWritable,
      marker: { $0.marker },
      placeholders: placeholders,
      options: options,
      file: file,
      line: line
    )
  }

  /// Binds a property of this object to a string key path of a source object through a transformer.
  ///
  /// The path's value type must fit the transformer's input, and its output the property; both are
  /// checked before anything is bound.
  ///
  /// - Throws: ``KeyValueCodingError`` with the column of the key at fault.
  @discardableResult
  public func bind<Source: KeyValueCoding, Transformer: BindingTransformer>(
    _ property: ReferenceWritableKeyPath<Self, Transformer.Output>,
    to source: Source,
    keyPath text: String,
    transformer: Transformer,
    options: BindingOptions = BindingOptions(),
    placeholders: BindingPlaceholders<Transformer.Output> = .none,
    file: StaticString = #fileID,
    line: UInt = #line
  ) throws(KeyValueCodingError) -> PropertyBinding {
    try bindKeyPathString(
      property, to: source, text, transformer: transformer, lift: { $0 }, unlift: { $0 },
      options: options, placeholders: placeholders, file: file, line: line
    ) { typed in
      bind(
        property, to: source, typed, transformer: transformer, options: options, placeholders: placeholders,
        file: file, line: line)
    }
  }

  /// Binds an optional property of this object to a string key path through a transformer whose
  /// output is not optional; a `nil` written to the property is not written back.
  ///
  /// - Throws: ``KeyValueCodingError`` with the column of the key at fault.
  @discardableResult
  public func bind<Source: KeyValueCoding, Transformer: BindingTransformer>(
    _ property: ReferenceWritableKeyPath<Self, Transformer.Output?>,
    to source: Source,
    keyPath text: String,
    transformer: Transformer,
    options: BindingOptions = BindingOptions(),
    placeholders: BindingPlaceholders<Transformer.Output?> = .none,
    file: StaticString = #fileID,
    line: UInt = #line
  ) throws(KeyValueCodingError) -> PropertyBinding {
    try bindKeyPathString(
      property, to: source, text, transformer: transformer, lift: { $0 }, unlift: { $0 },
      options: options, placeholders: placeholders, file: file, line: line
    ) { typed in
      bind(
        property, to: source, typed, transformer: transformer, options: options, placeholders: placeholders,
        file: file, line: line)
    }
  }

  private func bindKeyPathString<Source: KeyValueCoding, Transformer: BindingTransformer, Value>(
    _ property: ReferenceWritableKeyPath<Self, Value>,
    to source: Source,
    _ text: String,
    transformer: Transformer,
    lift: @escaping (Transformer.Output) -> Value,
    unlift: @escaping (Value) -> Transformer.Output?,
    options: BindingOptions,
    placeholders: BindingPlaceholders<Value>,
    file: StaticString,
    line: UInt,
    typedBinding: (KeyPath<Source, Transformer.Input>) -> PropertyBinding
  ) throws(KeyValueCodingError) -> PropertyBinding {
    let path = try KeyValuePath(text, in: type(of: source))
    // A plain chain of properties: the typed binding, with its fast paths.
    if let typed = path.composedKeyPath as? KeyPath<Source, Transformer.Input> { return typedBinding(typed) }
    let access = try KeyValueSourceAccess<Source, Transformer.Input>(path: path, placeholders: .none)
    let fallback = placeholders.nullValue
    return BindingFactory.make(
      target: self,
      property,
      source: source,
      access.sourcePath,
      toTarget: { [weak self] marked in
        if let value = access.value(of: marked), fallback == nil || !isNilValue(value) {
          return lift(transformer.transform(value))
        }
        if let fallback { return fallback }
        if let value = access.fallback { return lift(transformer.transform(value)) }
        guard let self else { access.unreachable() }
        return self[keyPath: property]
      },
      toSource: { value in
        guard let output = unlift(value) else { return nil }
        return .value(try transformer.reverseTransform(output))
      },
      isIdentity: false,
      isReversible: path.isWritable && transformer.isReversible,
      marker: { $0.marker },
      placeholders: placeholders,
      options: options,
      file: file,
      line: line
    )
  }
}

/// Reads and writes a resolved string key path for a binding whose source values are `Value`.
///
/// The binding's source value is a `MarkedValue<Value?>`: not applicable when the path stops early,
/// `nil` when its last property is `nil`.
struct KeyValueSourceAccess<Source, Value> {
  let path: KeyValuePath
  /// What a `nil` or a marker becomes when there is no placeholder: `nil` for an optional `Value`,
  /// `false` for `Bool`, the null placeholder otherwise.
  private let nilValue: Value?

  init(path: KeyValuePath, placeholders: BindingPlaceholders<Value>) throws(KeyValueCodingError) {
    try Self.check(path: path, hasNullPlaceholder: placeholders.nullValue != nil)
    self.init(checkedPath: path, placeholders: placeholders)
  }

  /// Access to a path whose type was checked against `Value` (``check(path:hasNullPlaceholder:)``).
  init(checkedPath path: KeyValuePath, placeholders: BindingPlaceholders<Value>) {
    self.path = path
    let noneOfValue = (Value.self as? any _AnyOptional.Type)?._none as? Value
    if let noneOfValue {
      nilValue = noneOfValue
    } else if Value.self == Bool.self {
      nilValue = false as? Value
    } else {
      nilValue = placeholders.nullValue
    }
  }

  /// Whether a `Value` property fits the path's values.
  static func check(path: KeyValuePath, hasNullPlaceholder: Bool) throws(KeyValueCodingError) {
    let pathType = path.valueType
    let fits: Bool
    if pathType == Value.self || RuntimeTypes.optional(of: pathType) == Value.self || Value.self == Any.self
      || Value.self == Any?.self
    {
      fits = true
    } else if let optional = pathType as? any _AnyOptional.Type, optional._wrappedType == Value.self {
      // The path may be nil; the property may not.
      fits = Value.self == Bool.self || hasNullPlaceholder
    } else {
      fits = false
    }
    guard fits else {
      throw .typeMismatch(
        path: path.text, pathType: RuntimeTypes.readableName(pathType), expected: RuntimeTypes.readableName(Value.self))
    }
  }

  /// The value of a reading, if it has one.
  func value(of marked: MarkedValue<Value?>) -> Value? {
    if case .value(let value) = marked { return value }
    return nil
  }

  /// What the target gets for a reading with no value (a `nil` or a marker), when that is known; the
  /// types checked at init make a reading with no value impossible otherwise.
  var fallback: Value? { nilValue }

  /// A reading with no value for a path that cannot be `nil`, whose target is gone too.
  func unreachable() -> Never {
    preconditionFailure("\(path.text): a path that cannot be nil read nothing, and its target is gone")
  }

  /// `nil` of the last property's type, to write a `nil` through the path.
  static func none(of path: KeyValuePath) -> Any {
    guard case .key(let key, _)? = path.steps.last, let optional = key.valueType as? any _AnyOptional.Type else {
      return Value?.none as Any
    }
    return optional._none
  }
}

extension KeyValueSourceAccess where Source: AnyObject {
  var sourcePath: SourcePath<Source, MarkedValue<Value?>> {
    let path = self.path
    return SourcePath(
      text: path.text,
      read: { source in
        switch path.resolve(in: source) {
        case .notApplicable: .marker(.notApplicable)
        case .marker(let marker): .marker(marker)
        case .value(let value): .value(value as? Value)
        }
      },
      write: path.isWritable
        ? { marked, source in
          guard case .value(let value) = marked else { return }
          _ = try? path.write(value.map { $0 as Any } ?? Self.none(of: path), in: source)
        } : nil,
      validate: { marked, source in
        guard case .value(let value) = marked, let (object, key) = path.leaf(in: source),
          let validating = object as? any KeyValueValidating
        else { return }
        try validating.validateValue(value, for: key.keyPath)
      }
    )
  }
}
