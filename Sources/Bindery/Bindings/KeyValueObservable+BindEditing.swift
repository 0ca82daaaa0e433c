extension KeyValueObservable {
  /// Binds an optional property of this object through one transformer for display and another while
  /// the user edits (a display form and an editing form).
  ///
  /// The target shows `transformer`'s form, and `editingTransformer`'s from the control's
  /// begin-editing report (``KeyValueRegistrar/userDidBeginEditing(_:_:_:value:)``) to its end-editing
  /// report, after which the committed value is shown in the display form again. What the user types is
  /// read back with the editing transformer first while editing (the display transformer first
  /// otherwise), then with the other; when neither reads it, the error of the first is reported
  /// (``BindingError/conversionFailed(_:)``) and the source keeps its value.
  ///
  /// ```swift
  /// // "€1,234.50" on display, "1234.5" while editing (BinderyFormatters)
  /// field.bind(\.text, to: account, \.balance,
  ///            transformer: TextFormat.currency(code: "EUR", locale: locale),
  ///            editingTransformer: TextFormat.number(locale: locale))
  /// ```
  @discardableResult
  public func bind<Source: AnyObject, Transformer: BindingTransformer, EditingTransformer: BindingTransformer>(
    _ property: ReferenceWritableKeyPath<Self, Transformer.Output?>,
    to source: Source,
    _ sourceKeyPath: KeyPath<Source, Transformer.Input>,
    transformer: Transformer,
    editingTransformer: EditingTransformer,
    options: BindingOptions = BindingOptions(),
    placeholders: BindingPlaceholders<Transformer.Output?> = .none,
    validate: ((Transformer.Input) throws -> Void)? = nil,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding
  where EditingTransformer.Input == Transformer.Input, EditingTransformer.Output == Transformer.Output {
    let display: (Transformer.Output) throws -> Transformer.Input = { try transformer.reverseTransform($0) }
    let editing: (Transformer.Output) throws -> Transformer.Input = {
      try editingTransformer.reverseTransform($0)
    }
    let bothReverse = transformer.isReversible && editingTransformer.isReversible
    return BindingFactory.make(
      target: self,
      property,
      source: source,
      SourcePath(sourceKeyPath),
      toTarget: { Optional(transformer.transform($0)) },
      toSource: { value in try value.map(display) },
      validate: validate,
      isIdentity: false,
      isReversible: bothReverse,
      placeholders: placeholders,
      editing: EditingConversion(
        toTarget: { Optional(editingTransformer.transform($0)) },
        toSource: { value, isEditing in
          guard let value else { return nil }
          let (first, second) = isEditing ? (editing, display) : (display, editing)
          do {
            return try first(value)
          } catch {
            if let read = try? second(value) { return read }
            throw error
          }
        }
      ),
      options: options,
      file: file,
      line: line
    )
  }
}
