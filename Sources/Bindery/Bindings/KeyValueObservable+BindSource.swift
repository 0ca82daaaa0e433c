extension KeyValueObservable {
  /// Binds a property of this object (the target) to a source: a key path with a conversion, a
  /// selection's marked value, a string key path, a pattern, a computed value, an expression
  /// (``BindingSource``).
  ///
  /// ```swift
  /// ageField.bind(\.text, to: .keyPath(person, \.age, converted: TextFormat.number()))
  /// nameField.bind(\.text, to: .marked(selection, \.firstName).placeholders(BindingPlaceholders(noSelection: "—")))
  /// ```
  ///
  /// The binding behaves as one made with `bind(_:to:_:options:file:line:)` and a key path:
  /// it follows the source, is two-way when the source can be written, never echoes, and holds neither
  /// end. Binding a property that already has a binding replaces it.
  ///
  /// - Parameters:
  ///   - property: The target property.
  ///   - source: What it is bound to, with its conversion, placeholders and validation.
  ///   - options: Direction, delivery, editing and conditional enabling.
  ///   - file: Where the binding is made, for its description (the caller's file by default).
  ///   - line: Where the binding is made, for its description (the caller's line by default).
  /// - Returns: The binding, to query or unbind; the target keeps it alive.
  @discardableResult
  public func bind<Value>(
    _ property: ReferenceWritableKeyPath<Self, Value>,
    to source: BindingSource<Value>,
    options: BindingOptions = BindingOptions(),
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    var options = options
    for set in source.setOptions { set(&options) }
    let binding = source.connector.connect(
      self,
      property,
      BindingRequest(
        options: options, placeholders: source.placeholders, validation: source.validation, file: file, line: line,
        pathText: source.pathText)
    )
    if let pacing = source.editPacing { binding.setEditPacing(pacing) }
    if binding.state.containsRelaxed(.recorded) {
      binding.noteConversion(source.conversionName, placeholders: source.placeholders.diagnosticTexts)
    }
    return binding
  }
}
