import Bindery
import BinderyExpressions

/// Pattern bindings in a spec file: a text property filled with several values.
///
/// ```yaml
/// Title:
///   class: Label
///   bindings:
///     text:
///       pattern: '%{value1}@ by %{value2}@'
///       values:
///         - {to: /Controller, value: 'book.title'}
///         - {to: /Controller, value: "book.author { nullPlaceholder: 'Anonymous' }"}
/// ```
extension SpecLoader {
  /// Whether a binding's node is a pattern binding (a mapping with a `pattern`).
  static func isPatternBinding(_ node: YAMLNode) -> Bool {
    node.pairs?.contains { $0.key.scalarText == "pattern" } == true
  }

  /// What became of one value of a pattern binding.
  private enum PatternValue {
    /// Checked, ready to bind.
    case input(PatternInput)
    /// Checked as far as lint can (its object's class is unknown); nothing to bind.
    case linted
    /// A problem, reported.
    case failed
  }

  /// Checks a pattern binding and, when everything is right, adds what makes it.
  mutating func checkPatternBinding(
    _ node: YAMLNode,
    property: (any SpecBindableProperty)?,
    of target: (any KeyValueCoding)?
  ) {
    guard let fields = node.pairs else { return }
    var patternNode: YAMLNode?
    var valuesNode: YAMLNode?
    var complete = true
    for (fieldNode, value) in fields {
      switch fieldNode.scalarText {
      case "pattern": patternNode = value
      case "values": valuesNode = value
      default:
        errors.append(
          source.error(
            .structure,
            "unknown field \((fieldNode.scalarText ?? "").echoed) in a pattern binding (use pattern, values)",
            at: fieldNode))
        complete = false
      }
    }
    guard let patternNode, let pattern = patternNode.scalarText, !pattern.isEmpty else {
      errors.append(
        source.error(.structure, "pattern must be text with %{value1}@, %{value2}@…", at: patternNode ?? node))
      return
    }
    guard let valuesNode, let elements = valuesNode.elements, !elements.isEmpty else {
      errors.append(
        source.error(
          .structure,
          "a pattern binding has values: a list of {to: /Object, value: 'expression'}, %{value1}@ first",
          at: valuesNode ?? node))
      return
    }
    if let property, let target, !property.isText {
      errors.append(
        source.error(
          .typeMismatch,
          "a pattern makes text, but the property of \(type(of: target)) it is bound to is a \(property.valueType)",
          at: patternNode))
      complete = false
    }
    do {
      _ = try DisplayPattern(pattern, inputCount: elements.count)
    } catch {
      errors.append(
        source.error(.expression, error.message.shortenedMessage, in: patternNode, offset: error.location.offset))
      complete = false
    }
    var inputs: [PatternInput] = []
    var linted = false
    for element in elements {
      switch patternValue(element, hasTarget: target != nil) {
      case .input(let input): inputs.append(input)
      case .linted: linted = true
      case .failed: complete = false
      }
    }
    guard complete, !linted, let property, let target else { return }
    do {
      let bind = try property.preparePattern(pattern, inputs: inputs, on: target)
      appendBinding(at: patternNode) { try bind() }
    } catch {
      errors.append(
        source.error(.expression, error.message.shortenedMessage, in: patternNode, offset: error.location.offset))
    }
  }

  /// Checks one value of a pattern binding: `{to: /Object, value: 'expression'}` (in a list's row, `to`
  /// may be left out: the row's item).
  private mutating func patternValue(_ node: YAMLNode, hasTarget: Bool) -> PatternValue {
    guard let fields = node.pairs else {
      errors.append(source.error(.structure, "a pattern's value is {to: /Object, value: 'expression'}", at: node))
      return .failed
    }
    var context: (any KeyValueCoding)?
    var expressionNode: YAMLNode?
    var transformerNode: YAMLNode?
    var contextUnresolved = false
    var hasTo = false
    for (fieldNode, value) in fields {
      switch fieldNode.scalarText {
      case "to":
        hasTo = true
        context = reference(value)
        if context == nil {
          guard isUnresolved(value) else { return .failed }
          contextUnresolved = true
        }
      case "value":
        expressionNode = value
      case let name? where SpecBindingTransformer.fieldNames.contains(name) && transformerNode == nil:
        transformerNode = value
      default:
        let name = fieldNode.scalarText ?? ""
        errors.append(
          source.error(
            .structure,
            SpecBindingTransformer.fieldNames.contains(name)
              ? "a value takes one transformer (transformer and valueTransformer are the same option)"
              : "unknown field \(name.echoed) in a pattern's value (use to, value, transformer)",
            at: fieldNode))
        return .failed
      }
    }
    guard let expressionNode, let expression = expressionNode.scalarText, !Self.isEmptyExpression(expression) else {
      errors.append(source.error(.structure, "this value has no value: 'expression'", at: node))
      return .failed
    }
    var transformer: SpecBindingTransformer?
    var full = expression
    if let transformerNode {
      guard var added = besideTransformer(transformerNode) else { return .failed }
      do {
        full = try added.adding(to: expression)
        transformer = added
      } catch {
        reportExpressionError(error, at: expressionNode, transformer: nil)
        return .failed
      }
    }
    if !hasTo { context = defaultContext }
    if contextUnresolved || !hasTarget || (lintOnly && root == nil && expression.contains("$root")) {
      let before = errors.list.count
      lintExpression(expression, at: expressionNode)
      if let syntax = try? ExpressionParser.parse(expression),
        let attribute = syntax.attributes.first(where: { PatternInput.editAttributeNames.contains($0.name) })
      {
        errors.append(
          source.error(
            .expression, "a pattern only shows its values: \(attribute.name) does not apply", in: expressionNode,
            offset: attribute.location.offset))
      }
      return errors.list.count == before ? .linted : .failed
    }
    guard let context else {
      errors.append(source.error(.structure, "this value has no to: /Object", at: node))
      return .failed
    }
    do {
      return .input(
        try PatternInput.expression(context, full, root: root, section: sectionContext, transformers: transformers))
    } catch {
      reportExpressionError(error, at: expressionNode, transformer: transformer)
      return .failed
    }
  }
}
