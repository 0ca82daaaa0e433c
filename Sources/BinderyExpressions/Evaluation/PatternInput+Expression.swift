public import Bindery

extension PatternInput {
  /// The attributes of edits, which a pattern's value refuses: it only shows its value.
  package static let editAttributeNames: Set<String> = [
    "editingTransformer", "editingFormatter", "validator", "updatesContinuously", "conditionallySetsEnabled",
    "direction", "traced", "pacing",
  ]

  /// One value of a pattern binding given by a binding expression: its value as text, following
  /// everything the expression reads.
  ///
  /// ```swift
  /// label.bind(
  ///   \.text,
  ///   to: try .pattern(
  ///     "%{value1}@ by %{value2}@", .expression(book, "title"),
  ///     .expression(book, #"author.name { nullPlaceholder: "Anonymous" }"#)))
  /// ```
  ///
  /// The value is shown as text through the `transformer` (or `formatter`, `numberFormatter`,
  /// `dateFormatter`) attribute if there is one, the placeholders stand for `nil` and, on a key path,
  /// for an object missing on the way and for a selection's markers. A pattern only shows its values,
  /// so the attributes of edits (`editingTransformer`, `validator`, `updatesContinuously`,
  /// `conditionallySetsEnabled`, `direction`) are refused.
  ///
  /// - Parameters:
  ///   - source: The object the expression's key paths start from (`$data`).
  ///   - text: The expression.
  ///   - root: The top-level view model, for `$root.` key paths.
  ///   - section: The section of a row of a sectioned list, for `$section.` key paths.
  ///   - transformers: Where `transformer:` attributes are looked up.
  /// - Throws: ``ExpressionError`` with the line and column of the problem.
  public static func expression<Source: KeyValueCoding>(
    _ source: Source,
    _ text: String,
    root: (any KeyValueCoding)? = nil,
    section: (any KeyValueCoding)? = nil,
    transformers: BindingTransformerRegistry = .shared
  ) throws(ExpressionError) -> PatternInput {
    let expression = try CompiledExpression.cached(text, reading: source, root: root, section: section)
    guard let node = expression.node else {
      throw ExpressionError("the expression has no value to show", at: .start, in: text, kind: .syntax)
    }
    if let attribute = expression.syntax.attributes.first(where: { editAttributeNames.contains($0.name) }) {
      throw ExpressionError(
        "a pattern only shows its values: \(attribute.name) does not apply", at: attribute.location, in: text,
        kind: .attribute)
    }
    let scope = ExpressionScope(data: source, root: root, section: section)
    let attributes = try BindingAttributes<String>(
      expression, scope: scope, registry: transformers, options: BindingOptions())
    let transformer = attributes.transformer
    if let transformer, let inputType = transformer.inputType, !same(baseType(inputType), Any.self),
      !same(baseType(inputType), baseType(node.type)), !same(baseType(node.type), Any.self)
    {
      throw ExpressionError(
        "the transformer \(transformer.name) takes a \(typeName(inputType)), not a \(typeName(node.type))",
        at: expression.syntax.location, in: text, kind: .type)
    }
    let placeholders = attributes.placeholders
    let evaluate = node.evaluate
    var pathScope: KeyPathScope?
    var path: KeyValuePath?
    if case .keyPath(let scope, let keyPath)? = node.form {
      pathScope = scope
      path = keyPath
    }
    let read = { [weak source, weak root, weak section] () -> String? in
      guard let source else { return nil }
      let value: Any?
      if let path, let pathScope {
        let object: AnyObject? =
          switch pathScope {
          case .data: source
          case .root: root
          case .section: section
          }
        // A marker shows its placeholder, else the null placeholder, as a binding of the path would.
        guard let object else { return placeholders.notApplicable ?? placeholders.nullValue ?? "" }
        switch path.resolve(in: object) {
        case .value(let read): value = read
        case .notApplicable: return placeholders.notApplicable ?? placeholders.nullValue ?? ""
        case .marker(let marker):
          let own =
            switch marker {
            case .notApplicable: placeholders.notApplicable
            case .multipleValues: placeholders.multipleValues
            case .noSelection: placeholders.noSelection
            }
          return own ?? placeholders.nullValue ?? ""
        }
      } else {
        value = evaluate(ExpressionScope(data: source, root: root, section: section))
      }
      let shown = ExpressionValues.unwrap(transformer.map { (try? $0.transform(value)) ?? nil } ?? value)
      guard let shown else { return placeholders.nullValue ?? "" }
      return displayText(shown)
    }
    return PatternInput(source: source, named: text, read: read)
  }
}
