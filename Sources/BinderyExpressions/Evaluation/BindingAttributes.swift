import Bindery

/// The attributes of a binding expression that a binding understands, checked against the bound
/// property's type at bind time.
///
/// - `nullPlaceholder`, `notApplicablePlaceholder`, `multipleValuesPlaceholder`,
///   `noSelectionPlaceholder`: values shown instead of `nil` and markers (evaluated once, at bind time);
/// - `transformer` (or `formatter`): a transformer of the registry, by name;
/// - `editingTransformer` (or `editingFormatter`): the transformer of the editing form, by name;
/// - `updatesContinuously`, `conditionallySetsEnabled`: Boolean options (a bare name is `true`).
struct BindingAttributes<Value> {
  static var known: [String] { CompiledExpression.knownAttributes }
  /// The Boolean options, which a bare name sets to true.
  static var flags: [String] { ["updatesContinuously", "conditionallySetsEnabled"] }

  var placeholders = BindingPlaceholders<Value>()
  var transformer: AnyBindingTransformer?
  /// The transformer of the editing form (`editingTransformer`, or `editingFormatter`).
  var editingTransformer: AnyBindingTransformer?
  var options: BindingOptions
  /// The options the attributes set (`updatesContinuously`, `conditionallySetsEnabled`), to apply to
  /// the options of a later `bind` call.
  var setOptions: [(inout BindingOptions) -> Void] = []

  init(
    _ expression: CompiledExpression,
    scope: ExpressionScope,
    registry: BindingTransformerRegistry,
    options: BindingOptions
  ) throws(ExpressionError) {
    self.options = options
    for attribute in expression.syntax.attributes {
      func error(_ message: String, at location: TextPosition? = nil) -> ExpressionError {
        ExpressionError(message, at: location ?? attribute.location, in: expression.source, kind: .attribute)
      }
      if attribute.value == nil, Self.flags.contains(attribute.name) {
        // A bare flag (`{ updatesContinuously }`) is the option set to true.
        set(attribute.name, true)
        continue
      }
      guard let value = attribute.value, let primary = value.primary else {
        if Self.known.contains(attribute.name) {
          throw error("the attribute \"\(attribute.name)\" needs a value")
        }
        throw error("unknown attribute \"\(attribute.name)\" (known: \(Self.known.joined(separator: ", ")))")
      }
      switch attribute.name {
      case "nullPlaceholder", "notApplicablePlaceholder", "multipleValuesPlaceholder", "noSelectionPlaceholder":
        let node = try expression.compiler.compile(primary)
        var value = node.evaluate(scope) ?? nil
        if let name = value as? EnumCaseName {
          // A case of the property's enumeration.
          let cases = try? EnumerationCases.of(baseType(Value.self))
          guard let cases, let named = cases.value(named: name.name) else {
            throw error(
              cases?.unknown(name.name) ?? "\(name) is not a case of \(typeName(Value.self))", at: primary.location)
          }
          value = named
        }
        let placeholder: Value? = value.flatMap { $0 as? Value }
        guard let placeholder else {
          throw error(
            "\(attribute.name) must be a value of the property's type, \(typeName(Value.self))", at: primary.location)
        }
        switch attribute.name {
        case "nullPlaceholder": placeholders.nullValue = placeholder
        case "notApplicablePlaceholder": placeholders.notApplicable = placeholder
        case "multipleValuesPlaceholder": placeholders.multipleValues = placeholder
        default: placeholders.noSelection = placeholder
        }
      case "transformer", "formatter", "editingTransformer", "editingFormatter":
        let name: String
        switch primary {
        case .string(let text, _): name = text
        case .keyPath(.data, let keys, _) where keys.count == 1: name = keys[0].name
        default: throw error("\(attribute.name) takes the name of a registered transformer", at: primary.location)
        }
        guard let transformer = registry.transformer(named: name) else {
          throw error(
            "no transformer is registered as \"\(name)\" (registered: \(registry.names.joined(separator: ", ")))",
            at: primary.location)
        }
        if attribute.name.hasPrefix("editing") {
          self.editingTransformer = transformer
        } else {
          self.transformer = transformer
        }
      case "updatesContinuously", "conditionallySetsEnabled":
        guard case .bool(let flag, _) = primary else {
          throw error("\(attribute.name) takes true or false", at: primary.location)
        }
        set(attribute.name, flag)
      default:
        throw error("unknown attribute \"\(attribute.name)\" (known: \(Self.known.joined(separator: ", ")))")
      }
    }
  }

  /// Sets the Boolean option `name` to `flag`, now and for a later `bind` call.
  private mutating func set(_ name: String, _ flag: Bool) {
    let set: (inout BindingOptions) -> Void =
      name == "updatesContinuously" ? { $0.updatesContinuously = flag } : { $0.conditionallySetsEnabled = flag }
    set(&options)
    setOptions.append(set)
  }
}
