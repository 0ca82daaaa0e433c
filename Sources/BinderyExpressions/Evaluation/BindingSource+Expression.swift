public import Bindery

extension BindingSource {
  /// The value of a binding expression evaluated on `source` (`"person.firstName"`,
  /// `"person != nil && !isSaving"`, `#"person.nickname { nullPlaceholder: "—" }"#`).
  ///
  /// The expression is parsed, its keys resolved and its types checked against the property's type
  /// here; any problem throws, and nothing is bound. The binding follows everything the expression
  /// reads. A key path (`person.firstName`) is two-way when it can be written, as are a key path through
  /// a transformer that converts back to the property's type (`age { formatter: AgeFormat }`) and `!`
  /// of a Boolean key path (`!isSaving`); every other expression is read-only. Attributes set
  /// placeholders (`nullPlaceholder`, `notApplicablePlaceholder`, `multipleValuesPlaceholder`,
  /// `noSelectionPlaceholder`), a transformer by name (`transformer` or `formatter`), the editing
  /// form's (`editingTransformer` or `editingFormatter`), the options `updatesContinuously` and
  /// `conditionallySetsEnabled`, over those of the `bind` call, and the pacing of the user's edits
  /// (`pacing: "debounce 300ms"`, `pacing: "throttle 1s"`: ``pacingEdits(_:)``, written on `isolation`).
  ///
  /// ```swift
  /// saveButton.bind(\.isEnabled, to: try .expression(controller, "person != nil && !isSaving"))
  /// ```
  ///
  /// - Parameters:
  ///   - source: The object the expression's key paths start from (`$data`).
  ///   - text: The expression.
  ///   - root: The top-level view model, for `$root.` key paths.
  ///   - section: The section of a row of a sectioned list (the group its item is in), for
  ///     `$section.` key paths; without one, an expression that uses `$section.` is refused.
  ///   - transformers: Where `transformer:` attributes are looked up.
  ///   - isolation: The actor a `pacing` attribute writes the user's edits on: the caller's, by
  ///     default (the main actor, for a user interface).
  /// - Throws: ``ExpressionError`` with the line and column of the problem.
  public static func expression<Source: KeyValueCoding>(
    _ source: Source,
    _ text: String,
    root: (any KeyValueCoding)? = nil,
    section: (any KeyValueCoding)? = nil,
    transformers: BindingTransformerRegistry = .shared,
    isolation: (any Actor)? = #isolation
  ) throws(ExpressionError) -> Self {
    let expression = try CompiledExpression.cached(text, reading: source, root: root, section: section)
    return try ExpressionBinder<Value>(expression: expression)
      .source(context: source, root: root, section: section, transformers: transformers, isolation: isolation)
  }
}
