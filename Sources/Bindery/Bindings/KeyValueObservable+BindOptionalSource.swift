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
  /// heightSlider.bind(\.value, to: controller, \.person?.height, options: BindingOptions(conditionallySetsEnabled: true))
  /// ```
  ///
  /// This is the short form of `bind(property, to: .keyPath(source, sourceKeyPath))`; placeholders or
  /// validation are given with a ``BindingSource`` (``bind(_:to:options:file:line:)``).
  ///
  /// - Parameters:
  ///   - property: The target property.
  ///   - source: The source object.
  ///   - sourceKeyPath: The key path of the value on the source; `nil` when it has none.
  ///   - options: Direction, delivery, editing and conditional enabling.
  ///   - file: Where the binding is made, for its description (the caller's file by default).
  ///   - line: Where the binding is made, for its description (the caller's line by default).
  /// - Returns: The binding, to query or unbind; the target keeps it alive.
  @discardableResult
  public func bind<Source: AnyObject, Value>(
    _ property: ReferenceWritableKeyPath<Self, Value>,
    to source: Source,
    _ sourceKeyPath: KeyPath<Source, Value?>,
    options: BindingOptions = BindingOptions(),
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    bind(property, to: .keyPath(source, sourceKeyPath), options: options, file: file, line: line)
  }
}
