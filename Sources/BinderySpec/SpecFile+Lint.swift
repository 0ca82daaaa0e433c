public import Bindery
import BinderyExpressions

extension SpecFile {
  /// Checks the spec file at `path` without binding anything, and returns every problem.
  ///
  /// With `strictClasses`, every class must be registered in `classes` (run it inside a project's
  /// tool target, where the project registers its classes). Without, objects of classes that are not
  /// registered are checked as far as their types are not needed: YAML, structure, references,
  /// expression syntax and transformer names; objects of registered classes are checked in full.
  /// The file is read within `limits`.
  public static func lint(
    contentsOf path: String,
    classes: SpecClassRegistry = .shared,
    transformers: BindingTransformerRegistry = .shared,
    strictClasses: Bool = false,
    limits: SpecLimits = SpecLimits()
  ) -> [SpecError] {
    let text: String
    do {
      text = try YAMLSource.text(contentsOf: path, limit: limits.maximumFileSize)
    } catch {
      return error.errors
    }
    return lint(
      yaml: text, file: path, classes: classes, transformers: transformers, strictClasses: strictClasses,
      limits: limits)
  }

  /// Checks a spec's text without binding anything, within `limits`, and returns every problem.
  public static func lint(
    yaml text: String,
    file: String = "<spec>",
    classes: SpecClassRegistry = .shared,
    transformers: BindingTransformerRegistry = .shared,
    strictClasses: Bool = false,
    limits: SpecLimits = SpecLimits()
  ) -> [SpecError] {
    let source = YAMLSource(file: file, text: text)
    var loader = SpecLoader(
      source: source, classes: classes, transformers: transformers, root: nil, limits: limits)
    loader.lintOnly = true
    loader.lenientClasses = !strictClasses
    // Loops are looked for in a file whose objects and bindings check.
    do {
      _ = try loader.load()
    } catch {
      return error.errors
    }
    return SpecLoopLint.problems(in: source, limits: limits)
  }
}

extension SpecLoader {
  /// Whether `node` names an object whose class is not registered (lenient lint).
  func isUnresolved(_ node: YAMLNode) -> Bool {
    guard let text = node.scalarText, text.hasPrefix("/") else { return false }
    return unresolvedNames.contains(String(text.dropFirst()))
  }

  /// Checks what can be checked of an expression without the types it reads: its syntax, its
  /// attribute names and the transformers it names.
  mutating func lintExpression(_ expression: String, at node: YAMLNode) {
    let syntax: BindingExpressionSyntax
    do {
      syntax = try ExpressionParser.parse(expression)
    } catch {
      errors.append(source.error(.expression, error.message.shortenedMessage, in: node, offset: error.location.offset))
      return
    }
    if sectionContext == nil, !sectionsAllowed, let location = syntax.sectionUse {
      errors.append(
        source.error(
          .expression,
          "$section is not available here: only the rows and headers of a list of sections have a section",
          in: node, offset: location.offset))
    }
    for attribute in syntax.attributes {
      let location = attribute.location
      guard CompiledExpression.knownAttributes.contains(attribute.name) else {
        errors.append(
          source.error(
            .expression,
            "unknown attribute \(attribute.name.echoed) (known: \(CompiledExpression.knownAttributes.joined(separator: ", ")))",
            in: node, offset: location.offset))
        continue
      }
      if attribute.name == "pacing", let primary = attribute.value?.primary {
        // The same reading as when bound: a kind and a delay in bounds.
        guard case .string(let text, _) = primary else {
          errors.append(
            source.error(
              .expression, "pacing takes text: \"debounce 300ms\" or \"throttle 1s\"", in: node,
              offset: primary.location.offset))
          continue
        }
        if case .failure(let problem) = DeclaredPacing.read(text) {
          errors.append(
            source.error(.expression, "pacing: \(problem.message)", in: node, offset: primary.location.offset))
        }
        continue
      }
      if attribute.name == "validator", let primary = attribute.value?.primary {
        if let name = Self.registeredName(primary), transformers.validator(named: name) == nil {
          errors.append(
            source.error(
              .expression, "no validator is registered as \(name.echoed)", in: node, offset: primary.location.offset))
        }
        continue
      }
      guard Self.transformerAttributes.contains(attribute.name) else { continue }
      guard let value = attribute.value else {
        errors.append(
          source.error(
            .expression,
            "\(attribute.name) takes the name of a registered transformer, a key path to one, or its settings",
            in: node, offset: location.offset))
        continue
      }
      guard let primary = value.primary else {
        // Settings written inline: a factory registered under the attribute's name makes the transformer.
        if transformers.factory(named: attribute.name) == nil {
          errors.append(
            source.error(
              .expression,
              "no factory is registered as \(attribute.name.echoed) to make a transformer from settings ("
                + (transformers.factoryNames.isEmpty
                  ? "none is" : "registered: \(transformers.factoryNames.joined(separator: ", "))") + ")",
              in: node, offset: location.offset))
        }
        continue
      }
      if let name = Self.registeredName(primary), transformers.transformer(named: name) == nil {
        errors.append(
          source.error(
            .expression,
            "no transformer is registered as \(name.echoed) (registered: \(transformers.names.joined(separator: ", ")))",
            in: node, offset: primary.location.offset))
      }
    }
  }

  /// The name an attribute's value gives a registry entry (`Currency` or `'Currency'`); `nil` for a
  /// key path or any other value, which only binding can check.
  static func registeredName(_ primary: ExpressionSyntax) -> String? {
    switch primary {
    case .string(let text, _): text
    // A bare name; `$data.name` is a key path.
    case .keyPath(.data, let keys, let start) where keys.count == 1 && keys[0].location == start: keys[0].name
    default: nil
    }
  }

  /// The attributes that name a transformer, or give the settings its factory makes it from.
  static let transformerAttributes: Set<String> = [
    "transformer", "formatter", "numberFormatter", "dateFormatter", "measurementFormatter", "editingTransformer",
    "editingFormatter",
  ]

  /// The fields of an object whose class is not registered: references and expressions.
  mutating func lintUnresolved(_ fields: [(key: YAMLNode, value: YAMLNode)]) {
    for (fieldNode, value) in fields where !errors.isFull {
      switch fieldNode.scalarText {
      case "outlets":
        for (_, referenceNode) in value.pairs ?? [] where !isUnresolved(referenceNode) { _ = reference(referenceNode) }
      case "view":
        for (_, list) in value.pairs ?? [] {
          for element in list.elements ?? [] where !isUnresolved(element) { _ = reference(element) }
        }
      case "bindings":
        guard let pairs = value.pairs else {
          errors.append(source.error(.structure, "bindings must map property names to bindings", at: value))
          continue
        }
        for (_, bindingValue) in pairs {
          for spec in bindingValue.elements ?? [bindingValue] { checkBinding(spec, property: nil, of: nil) }
        }
      case "action":
        if let toNode = value.pairs?.first(where: { $0.key.scalarText == "to" })?.value, !isUnresolved(toNode) {
          _ = reference(toNode)
        }
      case "filter":
        if let text = value.scalarText { lintExpression(text, at: value) }
      case "row", "header":
        // A list's row (or section header) template: each object of it, its bindings reading the
        // row's item (the header's group); `$section` in a list of sections.
        let allowed = sectionsAllowed
        sectionsAllowed = sectionsAllowed || fields.contains { $0.key.scalarText == "sections" }
        for (_, body) in value.pairs ?? [] { lintUnresolved(body.pairs ?? []) }
        sectionsAllowed = allowed
      case "sections":
        if let toNode = value.pairs?.first(where: { $0.key.scalarText == "to" })?.value, !isUnresolved(toNode) {
          _ = reference(toNode)
        }
      default:
        // A property set to another object (`target: /FirstNameField`): the object must exist.
        if let text = value.scalarText, text.hasPrefix("/"), text.count > 1, !isUnresolved(value) {
          _ = reference(value)
        }
      }
    }
  }
}
