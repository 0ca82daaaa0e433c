extension BindingSource where Value == String {
  /// A pattern filled with several values (a display pattern): `%{value1}@` is replaced by the first
  /// input, `%{value2}@` by the second, and so on; `%%` is a `%`.
  ///
  /// The binding is read-only and follows every value it shows, in one tracked evaluation, so the
  /// property is written once per change (and once per ``withCoalescedChanges(_:)``).
  ///
  /// ```swift
  /// label.bind(\.text, to: try .pattern("%{value1}@ by %{value2}@", .keyPath(book, \.title), .keyPath(book, \.author)))
  /// ```
  ///
  /// - Throws: ``ExpressionError`` (with the line and column) for a malformed pattern or a placeholder
  ///   with no input.
  public static func pattern(_ pattern: String, _ inputs: PatternInput...) throws(ExpressionError) -> Self {
    Self(
      connector: PatternConnector(pattern: try DisplayPattern(pattern, inputCount: inputs.count), inputs: inputs) { $0 }
    )
  }

  /// The pattern binding of `inputs` (an array), for other modules (spec files).
  package static func pattern(_ pattern: String, inputs: [PatternInput]) throws(ExpressionError) -> Self {
    Self(
      connector: PatternConnector(pattern: try DisplayPattern(pattern, inputCount: inputs.count), inputs: inputs) { $0 }
    )
  }
}

extension BindingSource where Value == String? {
  /// The pattern binding of `inputs` (an array), for other modules (spec files).
  package static func pattern(_ pattern: String, inputs: [PatternInput]) throws(ExpressionError) -> Self {
    Self(
      connector: PatternConnector(pattern: try DisplayPattern(pattern, inputCount: inputs.count), inputs: inputs) {
        Optional($0)
      })
  }

  /// A pattern filled with several values, for an optional text property: the same as the
  /// non-optional form.
  ///
  /// - Throws: ``ExpressionError`` (with the line and column) for a malformed pattern or a placeholder
  ///   with no input.
  public static func pattern(_ pattern: String, _ inputs: PatternInput...) throws(ExpressionError) -> Self {
    Self(
      connector: PatternConnector(pattern: try DisplayPattern(pattern, inputCount: inputs.count), inputs: inputs) {
        Optional($0)
      })
  }
}

/// Binds a target to a display pattern.
struct PatternConnector<Value>: SourceConnector {
  let pattern: DisplayPattern
  let inputs: [PatternInput]
  let convert: (String) -> Value

  func connect<Target: KeyValueObservable>(
    _ target: Target,
    _ property: ReferenceWritableKeyPath<Target, Value>,
    _ request: BindingRequest<Value>
  ) -> PropertyBinding {
    // Read-only, whatever the options ask.
    var options = request.options
    options.direction = .sourceToTarget
    return PatternBindingFactory.make(
      target: target, property, pattern: pattern, inputs: inputs, options: options, file: request.file,
      line: request.line, convert: convert)
  }
}
