extension BindingSource {
  /// The value at `keyPath` of `source`, which may be a marker (``MarkedValue``) instead, as a
  /// controller's selection is: no selection, multiple values, not applicable.
  ///
  /// A value is written to the property; a marker writes its placeholder (``placeholders(_:)``), and
  /// without one a `Bool` property is `false` and any other keeps the value it has. A user edit is
  /// written back as ``MarkedValue/value(_:)`` when the path can be written.
  ///
  /// ```swift
  /// field.bind(\.text, to: .marked(selection, \.firstName)
  ///   .placeholders(BindingPlaceholders(multipleValues: "Multiple Values", noSelection: "No Selection")))
  /// ```
  public static func marked<Source: AnyObject>(
    _ source: Source,
    _ keyPath: KeyPath<Source, MarkedValue<Value>>
  ) -> Self {
    let falseValue = Value.self == Bool.self ? false as? Value : nil
    var connector = PathConnector<Source, MarkedValue<Value>, Value>(
      source: source,
      path: SourcePath(keyPath),
      makeToTarget: { current in { $0.value ?? falseValue ?? current() } },
      toSource: { .value($0) },
      marker: { $0.marker }
    )
    connector.readsTargetValue = falseValue == nil
    return Self(connector: connector)
  }

  /// The value at `keyPath` of `source`, which may be a marker, for an optional property: a marker
  /// with no placeholder writes `nil`, and a `nil` written to the property is not written back.
  public static func marked<Source: AnyObject, Wrapped>(
    _ source: Source,
    _ keyPath: KeyPath<Source, MarkedValue<Wrapped>>
  ) -> Self where Value == Wrapped? {
    Self(
      connector: PathConnector<Source, MarkedValue<Wrapped>, Value>(
        source: source,
        path: SourcePath(keyPath),
        makeToTarget: { _ in { $0.value } },
        toSource: { value in value.map { .value($0) } },
        marker: { $0.marker }
      )
    )
  }

  /// The value at `keyPath` of `source`, which may be a marker, converted by `transformer`.
  ///
  /// Values go through the transformer; markers go around it and write their placeholder, so a
  /// transformer never sees a marker and a marker is never turned into text early.
  public static func marked<Source: AnyObject, Transformer: BindingTransformer>(
    _ source: Source,
    _ keyPath: KeyPath<Source, MarkedValue<Transformer.Input>>,
    converted transformer: Transformer
  ) -> Self where Transformer.Output == Value {
    let falseValue = Value.self == Bool.self ? false as? Value : nil
    var connector = PathConnector<Source, MarkedValue<Transformer.Input>, Value>(
      source: source,
      path: SourcePath(keyPath),
      makeToTarget: { current in { $0.value.map { transformer.transform($0) } ?? falseValue ?? current() } },
      toSource: { .value(try transformer.reverseTransform($0)) },
      isReversible: transformer.isReversible,
      marker: { $0.marker }
    )
    connector.readsTargetValue = falseValue == nil
    return Self(connector: connector)
  }

  /// The value at `keyPath` of `source`, which may be a marker, converted by `transformer`, for an
  /// optional property: a marker with no placeholder writes `nil`.
  public static func marked<Source: AnyObject, Transformer: BindingTransformer, Wrapped>(
    _ source: Source,
    _ keyPath: KeyPath<Source, MarkedValue<Transformer.Input>>,
    converted transformer: Transformer
  ) -> Self where Value == Wrapped?, Transformer.Output == Wrapped {
    Self(
      connector: PathConnector<Source, MarkedValue<Transformer.Input>, Value>(
        source: source,
        path: SourcePath(keyPath),
        makeToTarget: { _ in { $0.value.map { transformer.transform($0) } } },
        toSource: { value in try value.map { .value(try transformer.reverseTransform($0)) } },
        isReversible: transformer.isReversible,
        marker: { $0.marker }
      )
    )
  }

  /// The value at `keyPath` of `source`, which may be a marker, shown in one form and edited in
  /// another, as a key path can be; markers go around both forms.
  public static func marked<
    Source: AnyObject, Transformer: BindingTransformer, EditingTransformer: BindingTransformer
  >(
    _ source: Source,
    _ keyPath: KeyPath<Source, MarkedValue<Transformer.Input>>,
    converted transformer: Transformer,
    editing editingTransformer: EditingTransformer
  ) -> Self
  where
    Transformer.Output == Value, EditingTransformer.Input == Transformer.Input,
    EditingTransformer.Output == Transformer.Output
  {
    let falseValue = Value.self == Bool.self ? false as? Value : nil
    return Self(
      connector: connector(
        source, SourcePath(keyPath), EditingForms(display: transformer, editing: editingTransformer),
        input: { $0.value }, wrap: { .value($0) }, lift: { $0 }, unlift: { $0 }, marker: { $0.marker },
        noValue: { falseValue ?? $0() }, readsTargetValue: falseValue == nil))
  }

  /// The value at `keyPath` of `source`, which may be a marker, shown in one form and edited in
  /// another, for an optional property: a marker with no placeholder writes `nil`.
  public static func marked<
    Source: AnyObject, Transformer: BindingTransformer, EditingTransformer: BindingTransformer, Wrapped
  >(
    _ source: Source,
    _ keyPath: KeyPath<Source, MarkedValue<Transformer.Input>>,
    converted transformer: Transformer,
    editing editingTransformer: EditingTransformer
  ) -> Self
  where
    Value == Wrapped?, Transformer.Output == Wrapped, EditingTransformer.Input == Transformer.Input,
    EditingTransformer.Output == Transformer.Output
  {
    Self(
      connector: connector(
        source, SourcePath(keyPath), EditingForms(display: transformer, editing: editingTransformer),
        input: { $0.value }, wrap: { .value($0) }, lift: { Optional($0) }, unlift: { $0 },
        marker: { $0.marker }, noValue: { _ in nil }))
  }
}
