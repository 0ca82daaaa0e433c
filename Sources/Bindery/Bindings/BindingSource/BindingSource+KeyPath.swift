extension BindingSource {
  /// The value at `keyPath` of `source`, for a property of the same type.
  ///
  /// The binding follows everything the path reads (`\.person?.fullName` follows `person`, `firstName`
  /// and `lastName`, and re-targets when `person` is replaced), and is two-way when the path can be
  /// written, including a chain of stored properties through optionals like `\.person?.firstName`.
  public static func keyPath<Source: AnyObject>(_ source: Source, _ keyPath: KeyPath<Source, Value>) -> Self {
    Self(
      connector: PathConnector(
        source: source, path: SourcePath(keyPath), makeToTarget: { _ in { $0 } }, toSource: { $0 }, isIdentity: true))
  }

  /// The value at `keyPath` of `source`, for an optional property: a `nil` written to the property is
  /// not written back.
  public static func keyPath<Source: AnyObject, Wrapped>(
    _ source: Source,
    _ keyPath: KeyPath<Source, Wrapped>
  ) -> Self where Value == Wrapped? {
    Self(
      connector: PathConnector(
        source: source, path: SourcePath(keyPath), makeToTarget: { _ in { Optional($0) } }, toSource: { $0 }))
  }

  /// The value at `keyPath` of `source`, which may be `nil`, for a property that may not
  /// (`\.person?.age` for a slider's `value`).
  ///
  /// While the path gives a value, the binding is the same as binding two properties of one type,
  /// two-way when the path can be written (an edit is written through the chain while it resolves).
  /// While it gives `nil`, the property shows the null placeholder (the not-applicable one when the chain
  /// stopped early, as with no person at all); without a placeholder a `Bool` property is `false` and
  /// any other keeps the value it has. With ``BindingOptions/conditionallySetsEnabled`` the control is
  /// disabled meanwhile.
  public static func keyPath<Source: AnyObject>(_ source: Source, _ keyPath: KeyPath<Source, Value?>) -> Self {
    let falseValue = Value.self == Bool.self ? false as? Value : nil
    var connector = PathConnector<Source, Value?, Value>(
      source: source,
      path: SourcePath(keyPath),
      makeToTarget: { current in { $0 ?? falseValue ?? current() } },
      toSource: { $0 }
    )
    connector.readsTargetValue = falseValue == nil
    return Self(connector: connector)
  }

  /// The value at `keyPath` of `source`, converted by `transformer` for the property and back (when the
  /// transformer is reversible) for the source.
  ///
  /// ```swift
  /// ageField.bind(\.text, to: .keyPath(person, \.age, converted: TextFormat.number()))
  /// saveButton.bind(\.isEnabled, to: .keyPath(controller, \.person, converted: IsNotNilTransformer()))
  /// ```
  @inlinable
  public static func keyPath<Source: AnyObject, Transformer: BindingTransformer>(
    _ source: Source,
    _ keyPath: KeyPath<Source, Transformer.Input>,
    converted transformer: Transformer
  ) -> Self where Transformer.Output == Value {
    // The conversions are made here, compiled in the app's module for its types.
    converting(
      source, keyPath, transformer, toTarget: { transformer.transform($0) },
      toSource: { try transformer.reverseTransform($0) }
    ) { address, write in
      let value = transformer.transform(address.assumingMemoryBound(to: Transformer.Input.self).pointee)
      withUnsafePointer(to: value) { write(UnsafeRawPointer($0)) }
    }
  }

  /// The value at `keyPath` of `source`, converted by `transformer`, for an optional property: a `nil`
  /// written to the property is not written back.
  @inlinable
  public static func keyPath<Source: AnyObject, Transformer: BindingTransformer, Wrapped>(
    _ source: Source,
    _ keyPath: KeyPath<Source, Transformer.Input>,
    converted transformer: Transformer
  ) -> Self where Value == Wrapped?, Transformer.Output == Wrapped {
    converting(
      source, keyPath, transformer, toTarget: { Optional(transformer.transform($0)) },
      toSource: { value in try value.map { try transformer.reverseTransform($0) } }
    ) { address, write in
      let value = Optional(transformer.transform(address.assumingMemoryBound(to: Transformer.Input.self).pointee))
      withUnsafePointer(to: value) { write(UnsafeRawPointer($0)) }
    }
  }

  /// The value at `keyPath` of `source`, converted by `transformer` with the conversions given (made
  /// by the caller, where the types are known).
  @usableFromInline
  static func converting<Source: AnyObject, Transformer: BindingTransformer>(
    _ source: Source,
    _ keyPath: KeyPath<Source, Transformer.Input>,
    _ transformer: Transformer,
    toTarget: @escaping (Transformer.Input) -> Value,
    toSource: @escaping (Value) throws -> Transformer.Input?,
    toTargetByAddress: @escaping (UnsafeRawPointer, (UnsafeRawPointer) -> Void) -> Void
  ) -> Self {
    var connector = PathConnector(
      source: source,
      path: SourcePath(keyPath),
      makeToTarget: { _ in toTarget },
      toSource: toSource,
      isReversible: transformer.isReversible
    )
    connector.toTargetByAddress = toTargetByAddress
    return Self(connector: connector).converted(named: conversionName(of: transformer))
  }

  /// The value at `keyPath` of `source`, shown in one form and edited in another: `transformer` while
  /// the control displays it, `editingTransformer` from the control's begin-editing report to its
  /// end-editing report (a currency shown as "€1,234.50", edited as "1234.5").
  ///
  /// What the user typed is read in the editing form first, then in the display form, so a value
  /// pasted in either form is taken.
  ///
  /// ```swift
  /// field.bind(\.text, to: .keyPath(account, \.balance, converted: TextFormat.currency(code: "EUR"),
  ///                                 editing: TextFormat.number()))
  /// ```
  public static func keyPath<
    Source: AnyObject, Transformer: BindingTransformer, EditingTransformer: BindingTransformer
  >(
    _ source: Source,
    _ keyPath: KeyPath<Source, Transformer.Input>,
    converted transformer: Transformer,
    editing editingTransformer: EditingTransformer
  ) -> Self
  where
    Transformer.Output == Value, EditingTransformer.Input == Transformer.Input,
    EditingTransformer.Output == Transformer.Output
  {
    Self(
      connector: connector(
        source, SourcePath(keyPath), EditingForms(display: transformer, editing: editingTransformer),
        input: { $0 }, wrap: { $0 }, lift: { $0 }, unlift: { $0 })
    ).converted(named: conversionName(of: transformer) + ", editing: " + conversionName(of: editingTransformer))
  }

  /// The value at `keyPath` of `source`, shown in one form and edited in another, for an optional
  /// property: a `nil` written to the property is not written back.
  public static func keyPath<
    Source: AnyObject, Transformer: BindingTransformer, EditingTransformer: BindingTransformer, Wrapped
  >(
    _ source: Source,
    _ keyPath: KeyPath<Source, Transformer.Input>,
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
        input: { $0 }, wrap: { $0 }, lift: { Optional($0) }, unlift: { $0 })
    ).converted(named: conversionName(of: transformer) + ", editing: " + conversionName(of: editingTransformer))
  }
}
