import Bindery

/// The attributes of a binding expression that a binding understands, checked against the bound
/// property's type at bind time.
///
/// - `nullPlaceholder`, `notApplicablePlaceholder`, `multipleValuesPlaceholder`,
///   `noSelectionPlaceholder`: values shown instead of `nil` and markers (evaluated once, at bind time);
/// - `transformer` (or `formatter`): a transformer of the registry, by name;
/// - `editingTransformer` (or `editingFormatter`): the transformer of the editing form, by name;
/// - `updatesContinuously`, `conditionallySetsEnabled`, `traced` (``BindingOptions/isTraced``): Boolean
///   options (a bare name is `true`);
/// - `direction`: `.both`, `.sourceToTarget` (read-only) or `.targetToSource`;
/// - `combining`: `.and` or `.or`, for a Boolean property combining its bindings;
/// - `delivery`: `.synchronous` or `.mainActor`, where the target is written;
/// - `pacing`: `"debounce 300ms"` or `"throttle 1s"`, when the user's edits are written back
///   (``EditPacing``, on the actor the expression was made on);
/// - `validator`: a check of what the user enters, registered by name.
struct BindingAttributes<Value> {
  static var known: [String] { CompiledExpression.knownAttributes }
  /// The attributes that name a transformer.
  static var transformerNames: [String] {
    [
      "transformer", "formatter", "numberFormatter", "dateFormatter", "measurementFormatter", "editingTransformer",
      "editingFormatter",
    ]
  }
  /// The Boolean options, which a bare name sets to true.
  static var flags: [String] { ["updatesContinuously", "conditionallySetsEnabled", "traced"] }

  var placeholders = BindingPlaceholders<Value>()
  var transformer: AnyBindingTransformer?
  /// The transformer of the editing form (`editingTransformer`, or `editingFormatter`).
  var editingTransformer: AnyBindingTransformer?
  /// The registered validators the expression names (`validator`), in order.
  var validation: ((Value) throws -> Void)?
  var options: BindingOptions
  /// The direction the `direction` attribute asks for, and where the attribute is.
  var direction: (value: BindingDirection, location: TextPosition)?
  /// The options the attributes set (`updatesContinuously`, `conditionallySetsEnabled`), to apply to
  /// the options of a later `bind` call.
  var setOptions: [(inout BindingOptions) -> Void] = []
  /// The pacing of the user's edits the `pacing` attribute declares, and where the attribute is.
  var pacing: (value: EditPacing, location: TextPosition)?

  init(
    _ expression: CompiledExpression,
    scope: ExpressionScope,
    registry: BindingTransformerRegistry,
    options: BindingOptions,
    isolation: (any Actor)? = nil
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
      if Self.transformerNames.contains(attribute.name), let value = attribute.value {
        let transformer = try Self.transformer(
          for: attribute, value: value, expression: expression, scope: scope, registry: registry)
        if attribute.name.hasPrefix("editing") {
          self.editingTransformer = transformer
        } else {
          self.transformer = transformer
        }
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
          guard let cases, name.names(baseType(Value.self)), let named = cases.value(named: name.name) else {
            throw error(
              cases?.unknown(name.name) ?? "\(name) is not a case of \(typeName(Value.self))", at: primary.location)
          }
          value = named
        }
        var placeholder: Value? = value.flatMap { $0 as? Value }
        if placeholder == nil, same(baseType(Value.self), Double.self), let number = value.flatMap(RuntimeTypes.double)
        {
          placeholder = number as? Value  // a whole number for a Double property (`nullPlaceholder: 0`)
        }
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
      case "updatesContinuously", "conditionallySetsEnabled", "traced":
        guard case .bool(let flag, _) = primary else {
          throw error("\(attribute.name) takes true or false", at: primary.location)
        }
        set(attribute.name, flag)
      case "validator":
        // A registered check of what the user enters, by name.
        let name: String
        switch primary {
        case .string(let text, _): name = text
        case .keyPath(.data, let keys, let start) where keys.count == 1 && keys[0].location == start:
          name = keys[0].name
        default: throw error("validator takes the name of a registered validator", at: primary.location)
        }
        guard let validator = registry.validator(named: name) else {
          let names = registry.validatorNames
          throw error(
            "no validator is registered as \"\(name)\" ("
              + (names.isEmpty ? "none is" : "registered: \(names.joined(separator: ", "))") + ")",
            at: primary.location)
        }
        guard same(validator.valueType, Value.self) || same(validator.valueType, baseType(Value.self)) else {
          throw error(
            "the validator \(name) checks a \(typeName(validator.valueType)), not a \(typeName(Value.self))",
            at: primary.location)
        }
        let earlier = validation
        validation = { value in
          try earlier?(value)
          try validator.validate(value)
        }
      case "direction":
        // `.both`, `.sourceToTarget` or `.targetToSource` (`$BindingDirection.both` too).
        guard let direction = try Self.namedCase(primary, of: "BindingDirection", in: Self.directions, expression)
        else {
          throw error("direction takes .both, .sourceToTarget or .targetToSource", at: primary.location)
        }
        self.direction = (direction, attribute.location)
        apply { $0.direction = direction }
      case "combining":
        // `.and` or `.or`: one more input of a Boolean property's group (`$BooleanCombination.and` too).
        guard let combination = try Self.namedCase(primary, of: "BooleanCombination", in: Self.combinations, expression)
        else {
          throw error("combining takes .and or .or", at: primary.location)
        }
        guard same(Value.self, Bool.self) else {
          throw error(
            "combining is for a Boolean property; this one is a \(typeName(Value.self))", at: attribute.location)
        }
        apply { $0.combining = combination }
      case "delivery":
        // `.synchronous` or `.mainActor` (`$BindingDelivery.mainActor` too).
        guard let delivery = try Self.namedCase(primary, of: "BindingDelivery", in: Self.deliveries, expression) else {
          throw error("delivery takes .synchronous or .mainActor", at: primary.location)
        }
        apply { $0.delivery = delivery }
      case "pacing":
        // `"debounce 300ms"` or `"throttle 1s"`: the user's edits written back after a pause, or once
        // an interval, on the actor the expression was made on.
        guard case .string(let text, _) = primary else {
          throw error("pacing takes text: \"debounce 300ms\" or \"throttle 1s\"", at: primary.location)
        }
        switch DeclaredPacing.read(text) {
        case .success(let declared): pacing = (declared.pacing(isolation: isolation), attribute.location)
        case .failure(let problem): throw error("pacing: \(problem.message)", at: primary.location)
        }
      default:
        throw error("unknown attribute \"\(attribute.name)\" (known: \(Self.known.joined(separator: ", ")))")
      }
    }
  }

  /// The case an option's value names (`.both`, or `$BindingDirection.both` with the type's name),
  /// looked up in `cases`; `nil` for anything else.
  private static func namedCase<Option>(
    _ value: ExpressionSyntax, of type: String, in cases: [String: Option], _ expression: CompiledExpression
  ) throws(ExpressionError) -> Option? {
    let constant = try expression.compiler.compile(value).constant
    guard let name = constant as? EnumCaseName, name.typeName == nil || name.typeName == type else { return nil }
    return cases[name.name]
  }

  /// The combinations a `combining` attribute names, by case name.
  static var combinations: [String: BooleanCombination] { ["and": .and, "or": .or] }

  /// The deliveries a `delivery` attribute names, by case name (an actor of the app's own cannot be
  /// named in text: give it in code, with `BindingOptions(delivery: .actor(…))`).
  static var deliveries: [String: BindingDelivery] { ["synchronous": .synchronous, "mainActor": .mainActor] }

  /// Sets the Boolean option `name` to `flag`, now and for a later `bind` call.
  private mutating func set(_ name: String, _ flag: Bool) {
    switch name {
    case "updatesContinuously": apply { $0.updatesContinuously = flag }
    case "traced": apply { $0.isTraced = flag }
    default: apply { $0.conditionallySetsEnabled = flag }
    }
  }

  /// Sets an option, now and for a later `bind` call.
  private mutating func apply(_ set: @escaping (inout BindingOptions) -> Void) {
    set(&options)
    setOptions.append(set)
  }

  /// The directions a `direction` attribute names, by case name.
  static var directions: [String: BindingDirection] {
    ["both": .both, "sourceToTarget": .sourceToTarget, "targetToSource": .targetToSource]
  }

  /// The transformer an attribute names: by its registered name (`formatter: Currency`), by a key
  /// path to one (`numberFormatter: $root.formatters.currency`, read once, when bound), or by the
  /// settings of the factory registered under the attribute's name
  /// (`numberFormatter: { numberStyle: .currency, currencyCode: "EUR" }`).
  private static func transformer(
    for attribute: BindingAttributeSyntax,
    value: BindingExpressionSyntax,
    expression: CompiledExpression,
    scope: ExpressionScope,
    registry: BindingTransformerRegistry
  ) throws(ExpressionError) -> AnyBindingTransformer {
    func error(_ message: String, at location: TextPosition) -> ExpressionError {
      ExpressionError(message, at: location, in: expression.source, kind: .attribute)
    }
    guard let primary = value.primary else {
      return try made(by: attribute, settings: value.attributes, expression: expression, registry: registry)
    }
    if let extra = value.attributes.first {
      throw error("\(attribute.name) takes a name, a key path or settings, not attributes", at: extra.location)
    }
    let name: String
    switch primary {
    case .string(let text, _): name = text
    // A bare name (`formatter: AgeFormat`) is a registered name; `$data.name` is a key path.
    case .keyPath(.data, let keys, let start) where keys.count == 1 && keys[0].location == start: name = keys[0].name
    case .keyPath:
      let found = try expression.compiler.compile(primary).evaluate(scope) ?? nil
      if let transformer = found as? AnyBindingTransformer { return transformer }
      if let typed = found as? any BindingTransformer {
        func wrap<Transformer: BindingTransformer>(_ transformer: Transformer) -> AnyBindingTransformer {
          AnyBindingTransformer(SharedTransformer(base: transformer), name: primary.description)
        }
        return wrap(typed)
      }
      let what = found.map { "a \(typeName(type(of: $0)))" } ?? "nil"
      throw error("\(primary.quoted) is \(what), not a transformer or formatter", at: primary.location)
    default:
      throw error(
        "\(attribute.name) takes the name of a registered transformer, a key path to one, or its settings",
        at: primary.location)
    }
    guard let transformer = registry.transformer(named: name) else {
      throw error(
        "no transformer is registered as \"\(name)\" (registered: \(registry.names.joined(separator: ", ")))",
        at: primary.location)
    }
    return transformer
  }

  /// The transformer the factory registered as `attribute`'s name makes from `settings`, for the
  /// expression's values.
  private static func made(
    by attribute: BindingAttributeSyntax,
    settings: [BindingAttributeSyntax],
    expression: CompiledExpression,
    registry: BindingTransformerRegistry
  ) throws(ExpressionError) -> AnyBindingTransformer {
    func error(_ message: String, at location: TextPosition) -> ExpressionError {
      ExpressionError(message, at: location, in: expression.source, kind: .attribute)
    }
    guard let factory = registry.factory(named: attribute.name) else {
      throw error(
        "no factory is registered as \"\(attribute.name)\" to make a transformer from settings "
          + "(BinderyFormatters registers numberFormatter, dateFormatter and measurementFormatter: registerTextFormats())",
        at: attribute.location)
    }
    var values: [String: any Sendable] = [:]
    for setting in settings {
      if let extra = setting.value?.attributes.first {
        throw error("the setting \(setting.name) of \(attribute.name) takes no attributes", at: extra.location)
      }
      guard let primary = setting.value?.primary else {
        values[setting.name] = true
        continue
      }
      let constant = try expression.compiler.compile(primary).constant
      switch constant {
      case let name as EnumCaseName where name.typeName == nil: values[setting.name] = name.name
      case let text as String: values[setting.name] = text
      case let flag as Bool: values[setting.name] = flag
      case let number as Int: values[setting.name] = number
      case let number as Double: values[setting.name] = number
      default:
        throw error("the setting \(setting.name) of \(attribute.name) must be a constant", at: primary.location)
      }
    }
    do {
      return try factory(values, baseType(expression.valueType ?? Any.self))
    } catch {
      let location = settings.first { $0.name == error.setting }.map { $0.value?.location ?? $0.location }
      throw ExpressionError(
        "\(attribute.name): \(error.message)", at: location ?? attribute.location, in: expression.source,
        kind: .attribute)
    }
  }
}

/// A transformer a model hands out (`$root.formatters.currency`), used from the threads its bindings
/// run on, as the model's own code uses it.
private struct SharedTransformer<Base: BindingTransformer>: BindingTransformer, @unchecked Sendable {
  let base: Base

  func transform(_ value: Base.Input) -> Base.Output { base.transform(value) }
  func reverseTransform(_ value: Base.Output) throws -> Base.Input { try base.reverseTransform(value) }
  var isReversible: Bool { base.isReversible }
}
