public import Bindery

extension BindingSetDefinition {
  /// Checks a definition file without an owner: its YAML, that its fields are known and their values
  /// well formed (directions, `true` or `false`), and that its transformers and validators are
  /// registered. Returns every problem. The file is read within `limits`.
  public static func lint(
    contentsOf path: String,
    transformers: BindingTransformerRegistry = .shared,
    limits: SpecLimits = SpecLimits()
  ) -> [SpecError] {
    let definition: BindingSetDefinition
    var read: [SpecError] = []
    do {
      let text = try YAMLSource.text(contentsOf: path, limit: limits.maximumFileSize)
      definition = try BindingSetDefinition(yaml: text, file: path, limits: limits, problems: &read)
    } catch {
      return error.errors
    }
    // The fields' problems, then the names of the bindings whose fields are well formed.
    return read
      + definition.bindings.flatMap { binding in
        unregisteredNames(in: binding, transformers: transformers).map { problem in
          let location = binding.origins[problem.field]?.location(ofCharacter: 0) ?? (line: 1, column: 1)
          return SpecError(
            file: path, line: location.line, column: location.column, kind: problem.kind, message: problem.message)
        }
      }
  }

  /// The transformers and validators a definition names that `transformers` does not have, but the
  /// fields in `skipping`.
  static func unregisteredNames(
    in binding: BindingDefinition,
    transformers: BindingTransformerRegistry,
    skipping: Set<String> = []
  ) -> [(field: String, kind: SpecError.Kind, message: String)] {
    var problems: [(field: String, kind: SpecError.Kind, message: String)] = []
    for field in ["transformer", "editingTransformer"] where !skipping.contains(field) {
      guard let name = binding.text(ofField: field), transformers.transformer(named: name) == nil else { continue }
      problems.append(
        (
          field, .unknownTransformer,
          "no transformer is registered as \(name.echoed) (registered: \(transformers.names.joined(separator: ", ")))"
        ))
    }
    for field in BindingDefinition.settingsFieldNames where !skipping.contains(field) {
      guard binding.settings(ofField: field) != nil, transformers.factory(named: field) == nil else { continue }
      problems.append(
        (
          field, .unknownTransformer,
          "no factory is registered as \(field.echoed) to make a transformer from settings "
            + "(BinderyFormatters registers numberFormatter, dateFormatter and measurementFormatter: registerTextFormats())"
        ))
    }
    if let name = binding.validator, !skipping.contains("validator"), transformers.validator(named: name) == nil {
      let names = transformers.validatorNames
      problems.append(
        (
          "validator", .unknownValidator,
          "no validator is registered as \(name.echoed) ("
            + (names.isEmpty ? "none is" : "registered: \(names.joined(separator: ", "))") + ")"
        ))
    }
    return problems
  }
}
