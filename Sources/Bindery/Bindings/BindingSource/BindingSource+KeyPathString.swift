extension BindingSource {
  /// The value at a string key path of `source` (`"person.firstName"`, `"members.@count"`).
  ///
  /// The path is resolved at once against the source's keys (``KeyValueCoding``) and its value type
  /// checked against the property's, so an unknown key or a type that does not fit throws here, before
  /// anything is bound. The binding then behaves as one made with a typed key path: it follows everything
  /// the path reads, is two-way when every step is a property and the last can be written, and shows
  /// the placeholders while the path cannot be resolved or its value is `nil`. A path that may be `nil`
  /// fits a property that may not, as a typed key path that may be `nil` does: `nil` shows
  /// the null placeholder, else `false` for a `Bool`, else the property keeps its value.
  ///
  /// ```swift
  /// firstNameField.bind(\.text, to: try .keyPath(controller, "person.firstName"))
  /// ```
  ///
  /// - Throws: ``KeyValueCodingError`` with the column of the key at fault.
  public static func keyPath<Source: KeyValueCoding>(
    _ source: Source,
    _ path: String
  ) throws(KeyValueCodingError) -> Self {
    try keyPath(source, KeyValuePath(path, in: type(of: source)))
  }

  /// The value at a key path already resolved against the source's class (as the expression compiler
  /// and spec files hold them); a path resolved against another class is resolved again against the
  /// source's.
  ///
  /// - Throws: ``KeyValueCodingError`` when the path's value type does not fit the property.
  public static func keyPath<Source: KeyValueCoding>(
    _ source: Source,
    _ path: KeyValuePath
  ) throws(KeyValueCodingError) -> Self {
    let path =
      ObjectIdentifier(path.rootType) == ObjectIdentifier(Source.self)
      ? path : try KeyValuePath(path.text, in: type(of: source))
    try KeyValueSourceAccess<Source, Value>.check(path: path, hasNullPlaceholder: true)
    // A plain chain of properties: the typed binding, with its fast paths.
    if let typed = path.composedKeyPath as? KeyPath<Source, Value> { return keyPath(source, typed).named(path.text) }
    if let typed = path.composedKeyPath as? KeyPath<Source, Value?> { return keyPath(source, typed).named(path.text) }
    return Self(connector: KeyValuePathConnector<Source, Value, Value>(source: source, path: path, lift: { $0 }))
  }

  /// The value at a string key path of `source`, converted by `transformer`: the path's value type must
  /// fit the transformer's input, and its output the property; both are checked here.
  ///
  /// ```swift
  /// countLabel.bind(\.text, to: try .keyPath(team, "members.@count", converted: ClosureTransformer { "\($0)" }))
  /// ```
  ///
  /// - Throws: ``KeyValueCodingError`` with the column of the key at fault.
  public static func keyPath<Source: KeyValueCoding, Transformer: BindingTransformer>(
    _ source: Source,
    _ path: String,
    converted transformer: Transformer
  ) throws(KeyValueCodingError) -> Self where Transformer.Output == Value {
    let path = try KeyValuePath(path, in: type(of: source))
    if let typed = path.composedKeyPath as? KeyPath<Source, Transformer.Input> {
      return keyPath(source, typed, converted: transformer).named(path.text)
    }
    try KeyValueSourceAccess<Source, Transformer.Input>.check(path: path, hasNullPlaceholder: false)
    return Self(
      connector: KeyValuePathConnector<Source, Transformer.Input, Value>(
        source: source, path: path, lift: { transformer.transform($0) },
        unlift: { try transformer.reverseTransform($0) }, isReversible: transformer.isReversible)
    ).converted(named: conversionName(of: transformer))
  }

  /// The value at a string key path of `source`, converted by `transformer`, for an optional property: a
  /// `nil` written to the property is not written back.
  ///
  /// - Throws: ``KeyValueCodingError`` with the column of the key at fault.
  public static func keyPath<Source: KeyValueCoding, Transformer: BindingTransformer, Wrapped>(
    _ source: Source,
    _ path: String,
    converted transformer: Transformer
  ) throws(KeyValueCodingError) -> Self where Value == Wrapped?, Transformer.Output == Wrapped {
    let path = try KeyValuePath(path, in: type(of: source))
    if let typed = path.composedKeyPath as? KeyPath<Source, Transformer.Input> {
      return keyPath(source, typed, converted: transformer).named(path.text)
    }
    try KeyValueSourceAccess<Source, Transformer.Input>.check(path: path, hasNullPlaceholder: false)
    return Self(
      connector: KeyValuePathConnector<Source, Transformer.Input, Value>(
        source: source, path: path, lift: { Optional(transformer.transform($0)) },
        unlift: { value in try value.map { try transformer.reverseTransform($0) } },
        isReversible: transformer.isReversible)
    ).converted(named: conversionName(of: transformer))
  }

  /// The value at a string key path of `source`, shown in one form and edited in another,
  /// as a typed key path can be; both transformers' types are checked here.
  ///
  /// - Throws: ``KeyValueCodingError`` with the column of the key at fault.
  public static func keyPath<
    Source: KeyValueCoding, Transformer: BindingTransformer, EditingTransformer: BindingTransformer
  >(
    _ source: Source,
    _ path: String,
    converted transformer: Transformer,
    editing editingTransformer: EditingTransformer
  ) throws(KeyValueCodingError) -> Self
  where
    Transformer.Output == Value, EditingTransformer.Input == Transformer.Input,
    EditingTransformer.Output == Transformer.Output
  {
    let path = try KeyValuePath(path, in: type(of: source))
    if let typed = path.composedKeyPath as? KeyPath<Source, Transformer.Input> {
      return keyPath(source, typed, converted: transformer, editing: editingTransformer).named(path.text)
    }
    try KeyValueSourceAccess<Source, Transformer.Input>.check(path: path, hasNullPlaceholder: false)
    let forms = EditingForms(display: transformer, editing: editingTransformer)
    return Self(
      connector: KeyValuePathConnector<Source, Transformer.Input, Value>(
        source: source, path: path, lift: { transformer.transform($0) },
        unlift: { try forms.read($0, isEditing: false) }, isReversible: forms.isReversible,
        editingLift: { editingTransformer.transform($0) },
        editingUnlift: { value, isEditing in try forms.read(value, isEditing: isEditing) })
    ).converted(named: conversionName(of: transformer) + ", editing: " + conversionName(of: editingTransformer))
  }

  /// The value at a string key path of `source`, shown in one form and edited in another, for an
  /// optional property: a `nil` written to the property is not written back.
  ///
  /// - Throws: ``KeyValueCodingError`` with the column of the key at fault.
  public static func keyPath<
    Source: KeyValueCoding, Transformer: BindingTransformer, EditingTransformer: BindingTransformer, Wrapped
  >(
    _ source: Source,
    _ path: String,
    converted transformer: Transformer,
    editing editingTransformer: EditingTransformer
  ) throws(KeyValueCodingError) -> Self
  where
    Value == Wrapped?, Transformer.Output == Wrapped, EditingTransformer.Input == Transformer.Input,
    EditingTransformer.Output == Transformer.Output
  {
    let path = try KeyValuePath(path, in: type(of: source))
    if let typed = path.composedKeyPath as? KeyPath<Source, Transformer.Input> {
      return keyPath(source, typed, converted: transformer, editing: editingTransformer).named(path.text)
    }
    try KeyValueSourceAccess<Source, Transformer.Input>.check(path: path, hasNullPlaceholder: false)
    let forms = EditingForms(display: transformer, editing: editingTransformer)
    return Self(
      connector: KeyValuePathConnector<Source, Transformer.Input, Value>(
        source: source, path: path, lift: { Optional(transformer.transform($0)) },
        unlift: { value in try value.map { try forms.read($0, isEditing: false) } },
        isReversible: forms.isReversible,
        editingLift: { Optional(editingTransformer.transform($0)) },
        editingUnlift: { value, isEditing in try value.map { try forms.read($0, isEditing: isEditing) } })
    ).converted(named: conversionName(of: transformer) + ", editing: " + conversionName(of: editingTransformer))
  }
}

/// Binds a target to a resolved string key path whose values are `PathValue`, lifted to the target's
/// `Value`.
struct KeyValuePathConnector<Source: KeyValueCoding, PathValue, Value>: SourceConnector {
  let source: Source
  let path: KeyValuePath
  /// A path value as the property's value; `nil` when it does not convert.
  let lift: (PathValue) -> Value?
  var unlift: ((Value) throws -> PathValue?)?
  var isReversible = true
  /// The editing form, if the source has one: as ``lift`` and ``unlift``, the latter told whether the
  /// user is editing.
  var editingLift: ((PathValue) -> Value?)?
  var editingUnlift: ((Value, Bool) throws -> PathValue?)?

  func connect<Target: KeyValueObservable>(
    _ target: Target,
    _ property: ReferenceWritableKeyPath<Target, Value>,
    _ request: BindingRequest<Value>
  ) -> PropertyBinding {
    let converts = PathValue.self != Value.self
    // Converted paths take the transformer's own `nil` handling; the null placeholder goes first.
    let access = KeyValueSourceAccess<Source, PathValue>(
      checkedPath: path,
      placeholders: converts
        ? .none : BindingPlaceholders(nullValue: request.placeholders.nullValue.flatMap { $0 as? PathValue }))
    let unlift = self.unlift ?? { $0 as? PathValue }
    let nullValue = request.placeholders.nullValue
    // What the property shows when nothing converts: `nil`, `false`, or the value it has (the one it
    // had at first once it is gone, never written then).
    let noValue = RuntimeTypes.none(as: Value.self) ?? (Value.self == Bool.self ? false as? Value : nil)
    let initial = noValue ?? target[keyPath: property]
    func display(_ lift: @escaping (PathValue) -> Value?) -> (MarkedValue<PathValue?>) -> Value {
      { [weak target] marked in
        if let value = access.value(of: marked), nullValue == nil || !isNilValue(value), let shown = lift(value) {
          return shown
        }
        if let nullValue { return nullValue }
        if let value = access.fallback, let shown = lift(value) { return shown }
        if let noValue { return noValue }
        // A path that may be nil, for a property that may not: the property keeps its value.
        return target?[keyPath: property] ?? initial
      }
    }
    let editing = editingLift.map { editingLift in
      EditingConversion<MarkedValue<PathValue?>, Value>(
        toTarget: display(editingLift),
        toSource: { [editingUnlift] value, isEditing in
          try (editingUnlift?(value, isEditing) ?? unlift(value)).map { .value($0) }
        }
      )
    }
    return BindingFactory.make(
      target: target,
      property,
      source: source,
      access.sourcePath,
      Conversion(
        toTarget: display(lift), toSource: { value in try unlift(value).map { .value($0) } },
        isReversible: path.isWritable && isReversible, marker: { $0.marker }, placeholders: request.placeholders,
        editing: editing, validation: request.validation),
      options: request.options,
      file: request.file,
      line: request.line
    )
  }
}
