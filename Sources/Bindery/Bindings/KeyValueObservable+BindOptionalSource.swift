extension KeyValueObservable {
  /// Binds a non-optional property of this object to a key path of a source object whose value may be
  /// `nil`, such as a chain through an optional: `slider.bind(\.value, to: controller, \.person?.age)`.
  ///
  /// While the path gives a value, the binding is the same as binding two properties of one type,
  /// two-way when the path can be written (an edit is written through the chain while it resolves).
  /// While it gives `nil`, the target shows the null placeholder (the not-applicable one when the chain
  /// stopped early, as with no person at all); without a placeholder a `Bool` target is `false` and any
  /// other target keeps the value it has. With `conditionallySetsEnabled` the control is disabled
  /// meanwhile.
  ///
  /// ```swift
  /// ageSlider.bind(\.value, to: controller, \.person?.height, options: BindingOptions(conditionallySetsEnabled: true))
  /// ageLabel.bind(\.text, to: controller, \.person?.nickname, placeholders: BindingPlaceholders(nullValue: "—"))
  /// ```
  ///
  /// - Parameters:
  ///   - property: The target property.
  ///   - source: The source object.
  ///   - sourceKeyPath: The key path of the value on the source; `nil` when it has none.
  ///   - options: Direction, delivery, editing and conditional enabling.
  ///   - placeholders: What the target shows while the path gives `nil` (``BindingPlaceholders``).
  ///   - validate: Checks a value before it is written back; throw to reject it.
  ///   - file: Where the binding is made, for its description (the caller's file by default).
  ///   - line: Where the binding is made, for its description (the caller's line by default).
  /// - Returns: The binding, to query or unbind; the target keeps it alive.
  @discardableResult
  public func bind<Source: AnyObject, Value>(
    _ property: ReferenceWritableKeyPath<Self, Value>,
    to source: Source,
    _ sourceKeyPath: KeyPath<Source, Value?>,
    options: BindingOptions = BindingOptions(),
    placeholders: BindingPlaceholders<Value> = .none,
    validate: ((Value) throws -> Void)? = nil,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    // What the target shows for `nil` without a placeholder: `false`, or the value it has.
    let falseValue = Value.self == Bool.self ? false as? Value : nil
    let initial = self[keyPath: property]
    return BindingFactory.make(
      target: self,
      property,
      source: source,
      SourcePath(sourceKeyPath),
      toTarget: { [weak self] value in value ?? falseValue ?? self?[keyPath: property] ?? initial },
      toSource: { $0 },
      validate: validate.map { check in { value in if let value { try check(value) } } },
      isIdentity: false,
      placeholders: placeholders,
      options: options,
      file: file,
      line: line
    )
  }
}
