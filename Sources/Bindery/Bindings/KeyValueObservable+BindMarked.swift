extension KeyValueObservable {
  /// Binds an optional property of this object to a source path whose value may be a marker
  /// (``MarkedValue``), such as a controller's selection.
  ///
  /// A value is written to the target; a marker writes its placeholder (``BindingPlaceholders``), or
  /// `nil` when it has none. A user edit is written back as ``MarkedValue/value(_:)`` when the path
  /// can be written.
  ///
  /// ```swift
  /// field.bind(\.text, to: selection, \.firstName,
  ///            placeholders: BindingPlaceholders(multipleValues: "Multiple Values", noSelection: "No Selection"))
  /// ```
  @discardableResult
  public func bind<Source: AnyObject, Value>(
    _ property: ReferenceWritableKeyPath<Self, Value?>,
    to source: Source,
    _ sourceKeyPath: KeyPath<Source, MarkedValue<Value>>,
    options: BindingOptions = BindingOptions(),
    placeholders: BindingPlaceholders<Value?> = .none,
    validate: ((MarkedValue<Value>) throws -> Void)? = nil,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    BindingFactory.make(
      target: self,
      property,
      source: source,
      SourcePath(sourceKeyPath),
      toTarget: { $0.value },
      toSource: { value in value.map { .value($0) } },
      validate: validate,
      isIdentity: false,
      marker: { $0.marker },
      placeholders: placeholders,
      options: options,
      file: file,
      line: line
    )
  }

  /// Binds an optional property of this object, through a transformer, to a source path whose value
  /// may be a marker (``MarkedValue``).
  ///
  /// Values go through the transformer; markers go around it and write their placeholder, so a
  /// transformer never sees a marker and a marker is never turned into text early.
  @discardableResult
  public func bind<Source: AnyObject, Transformer: BindingTransformer>(
    _ property: ReferenceWritableKeyPath<Self, Transformer.Output?>,
    to source: Source,
    _ sourceKeyPath: KeyPath<Source, MarkedValue<Transformer.Input>>,
    transformer: Transformer,
    options: BindingOptions = BindingOptions(),
    placeholders: BindingPlaceholders<Transformer.Output?> = .none,
    validate: ((MarkedValue<Transformer.Input>) throws -> Void)? = nil,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    BindingFactory.make(
      target: self,
      property,
      source: source,
      SourcePath(sourceKeyPath),
      toTarget: { $0.value.map { transformer.transform($0) } },
      toSource: { value in try value.map { .value(try transformer.reverseTransform($0)) } },
      validate: validate,
      isIdentity: false,
      isReversible: transformer.isReversible,
      marker: { $0.marker },
      placeholders: placeholders,
      options: options,
      file: file,
      line: line
    )
  }
}
