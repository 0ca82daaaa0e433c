extension KeyValueObservable {
  /// Binds a property of this object to a key path of a source object through a transformer.
  ///
  /// The transformer converts each source value for the target; when it can reverse (and the source
  /// path can be written), target changes are converted back and written to the source. A transformer
  /// that cannot reverse makes the binding read-only. A value the reverse transformation rejects
  /// leaves the source unchanged and is shown by the control (``BindingError/conversionFailed(_:)``), as
  /// is a value `validate` or the model (``KeyValueValidating``) rejects.
  ///
  /// ```swift
  /// // enabled while there is a person
  /// firstNameField.bind(\.isEnabled, to: controller, \.person, transformer: IsNotNilTransformer())
  /// tagsField.bind(\.text, to: person, \.tags, transformer: CommaSeparatedListTransformer())
  /// ```
  @discardableResult
  public func bind<Source: AnyObject, Transformer: BindingTransformer>(
    _ property: ReferenceWritableKeyPath<Self, Transformer.Output>,
    to source: Source,
    _ sourceKeyPath: KeyPath<Source, Transformer.Input>,
    transformer: Transformer,
    options: BindingOptions = BindingOptions(),
    placeholders: BindingPlaceholders<Transformer.Output> = .none,
    validate: ((Transformer.Input) throws -> Void)? = nil,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    BindingFactory.make(
      target: self,
      property,
      source: source,
      SourcePath(sourceKeyPath),
      toTarget: { transformer.transform($0) },
      toSource: { try transformer.reverseTransform($0) },
      validate: validate,
      isIdentity: false,
      isReversible: transformer.isReversible,
      placeholders: placeholders,
      options: options,
      file: file,
      line: line
    )
  }

  /// Binds an optional property of this object through a transformer whose output is not optional.
  ///
  /// The same as
  /// ``bind(_:to:_:transformer:options:placeholders:validate:file:line:)-(_,_,_,_,_,BindingPlaceholders<Transformer.Output>,_,_,_)``;
  /// a `nil` written to the target is not written back.
  @discardableResult
  public func bind<Source: AnyObject, Transformer: BindingTransformer>(
    _ property: ReferenceWritableKeyPath<Self, Transformer.Output?>,
    to source: Source,
    _ sourceKeyPath: KeyPath<Source, Transformer.Input>,
    transformer: Transformer,
    options: BindingOptions = BindingOptions(),
    placeholders: BindingPlaceholders<Transformer.Output?> = .none,
    validate: ((Transformer.Input) throws -> Void)? = nil,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    BindingFactory.make(
      target: self,
      property,
      source: source,
      SourcePath(sourceKeyPath),
      toTarget: { Optional(transformer.transform($0)) },
      toSource: { value in try value.map { try transformer.reverseTransform($0) } },
      validate: validate,
      isIdentity: false,
      isReversible: transformer.isReversible,
      placeholders: placeholders,
      options: options,
      file: file,
      line: line
    )
  }
}
