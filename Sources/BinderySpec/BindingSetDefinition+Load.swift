public import Bindery
import BinderyExpressions

extension BindingSetDefinition {
  /// Binds every definition with `owner` (ILBinding's `bindingsSetNamed:owner:`): object paths are
  /// resolved once, now, from the owner; key paths are observed.
  ///
  /// A definition binds as the binding expression `sourceKeyPath { options }` of a spec file would, so
  /// its options (editing form, validator, on commit, conditional enabling, placeholders) mean what
  /// the expression attributes of the same names mean.
  ///
  /// Everything is checked first (objects, keys, types, transformers, validators, placeholders); on
  /// any problem nothing is bound and every problem is reported, with its place in the file.
  ///
  /// A `pacing` (`debounce 300ms`, `throttle 1s`) writes the user's edits on `isolation`: the
  /// caller's actor, by default (the main actor, for a user interface).
  ///
  /// - Throws: ``SpecLoadError``.
  public func bind(
    owner: some KeyValueCoding,
    transformers: BindingTransformerRegistry = .shared,
    isolation: (any Actor)? = #isolation
  ) throws(SpecLoadError) -> BindingSet {
    let (errors, pending) = prepare(owner: owner, transformers: transformers, isolation: isolation)
    guard errors.isEmpty else { throw SpecLoadError(errors) }
    return try makeBindings(pending)
  }

  /// Checks every definition with `owner` and returns every problem, and what binds those that have none.
  func prepare(
    owner: some KeyValueCoding,
    transformers: BindingTransformerRegistry,
    isolation: (any Actor)?
  ) -> (errors: [SpecError], pending: [(definition: BindingDefinition, bind: () throws -> PropertyBinding?)]) {
    var errors: [SpecError] = []
    var pending: [(definition: BindingDefinition, bind: () throws -> PropertyBinding?)] = []
    for definition in bindings {
      var problems: [SpecError] = []
      let file = self.file
      // A problem in a field, at the character `column` (from 1) of its value.
      let fail: (String, SpecError.Kind, String, Int) -> Void = { field, kind, message, column in
        let location = definition.origins[field]?.location(ofCharacter: column - 1) ?? (line: 1, column: 1)
        problems.append(
          SpecError(
            file: file, line: location.line, column: location.column, kind: kind, message: message.shortenedMessage))
      }
      defer { errors += problems }
      guard let source = resolveObject(definition.source, from: owner, field: "source", fail: fail),
        let (target, targetKey, chain) = resolveTarget(definition, from: owner, fail: fail)
      else { continue }
      // A pattern's rules, for definitions made in code too (a file's were checked as it was read).
      let patternProblems = definition.patternProblems
      for (field, message) in patternProblems { fail(field, .structure, message, 1) }
      guard patternProblems.isEmpty else { continue }
      if let pattern = definition.displayPattern {
        let unregistered = Self.unregisteredNames(in: definition, transformers: transformers)
        for problem in unregistered { fail(problem.field, problem.kind, problem.message, 1) }
        guard unregistered.isEmpty else { continue }
        let made = Self.preparePattern(
          pattern, of: definition, source: source, target: target, targetKey: targetKey, chain: chain,
          transformers: transformers, fail: fail)
        if let made { pending.append((definition, made)) }
        continue
      }
      let sourcePath: KeyValuePath
      do {
        sourcePath = try KeyValuePath(definition.sourceKeyPath, in: type(of: source))
      } catch {
        fail("sourceKeyPath", .unknownKey, error.description, error.column)
        continue
      }
      // A dotted path is bound as one key path from the target object, which the binding follows when
      // an object on the way is replaced (or is `nil`, then comes back).
      let (boundObject, boundKeyPath): (AnyObject, AnyKeyPath) = chain ?? (target, targetKey.keyPath)
      guard !targetKey.isReadOnly, let property = boundKeyPath as? any SpecBindableProperty else {
        fail("targetKeyPath", .typeMismatch, "the property \(targetKey.name) of \(type(of: target)) cannot be bound", 1)
        continue
      }
      var transformer: AnyBindingTransformer?
      if let name = definition.transformer {
        guard let named = transformers.transformer(named: name) else {
          fail(
            "transformer", .unknownTransformer,
            "no transformer is registered as \(name.echoed) (registered: \(transformers.names.joined(separator: ", ")))",
            1
          )
          continue
        }
        if let message = Self.mismatch(named, path: sourcePath, property: property.valueType) {
          fail("transformer", .typeMismatch, message, 1)
          continue
        }
        transformer = named
      }
      let unregistered = Self.unregisteredNames(in: definition, transformers: transformers, skipping: ["transformer"])
      for problem in unregistered { fail(problem.field, problem.kind, problem.message, 1) }
      guard unregistered.isEmpty else { continue }
      var options = BindingOptions()
      options.direction = definition.direction
      // A formatter made from settings, and a nil shown as a placeholder, are checked against the types
      // by the expression, below.
      if definition.numberFormatter == nil, definition.dateFormatter == nil, definition.measurementFormatter == nil,
        definition.nullPlaceholder == nil
      {
        do {
          _ = try property.bind(
            keyPath: sourcePath, on: boundObject, to: source, transformer: transformer, options: options, perform: false
          )
        } catch {
          fail("sourceKeyPath", .typeMismatch, error.description, 1)
          continue
        }
      }
      // The options bind as a spec file's expression attributes do, through the same typed path.
      let expression = BindingDefinitionExpression(definition, valueType: property.valueType)
      do {
        let make = try property.prepare(
          expression: expression.text, on: boundObject, to: source, root: nil, section: nil, transformers: transformers,
          isolation: isolation)
        pending.append((definition, { try make() }))
      } catch {
        let (field, character) = expression.field(at: error.location.offset)
        fail(field, Self.kind(of: error, field: field), error.message, character + 1)
      }
    }
    return (errors, pending)
  }

  /// The kind of problem an expression's error is, in the field `field` of a definition.
  private static func kind(of error: ExpressionError, field: String) -> SpecError.Kind {
    switch error.kind {
    case .key: .unknownKey
    case .syntax: .expression
    case .type, .attribute: field.contains(".") && !field.hasPrefix("patternKeyPaths.") ? .expression : .typeMismatch
    }
  }

  /// Checks a pattern binding: each key path (`sourceKeyPath`, then `patternKeyPaths`) as a value of the
  /// pattern, with the definition's transformer or formatter and placeholders; returns what binds it.
  /// A dotted `targetKeyPath` is bound as its `chain` (the target object and the key path from it),
  /// which the binding follows as any binding's.
  private static func preparePattern(
    _ pattern: String,
    of definition: BindingDefinition,
    source: any KeyValueCoding,
    target: any KeyValueCoding,
    targetKey: KeyValueKey,
    chain: (AnyObject, AnyKeyPath)?,
    transformers: BindingTransformerRegistry,
    fail: (String, SpecError.Kind, String, Int) -> Void
  ) -> (() throws -> PropertyBinding?)? {
    let (boundObject, boundKeyPath): (AnyObject, AnyKeyPath) = chain ?? (target, targetKey.keyPath)
    guard !targetKey.isReadOnly, (targetKey.keyPath as? any SpecBindableProperty)?.isText == true,
      let property = boundKeyPath as? any SpecBindableProperty, property.isText
    else {
      fail(
        "targetKeyPath", .typeMismatch,
        "a pattern makes text, but the property \(targetKey.name) of \(type(of: target)) is a \(targetKey.valueType)", 1
      )
      return nil
    }
    var inputs: [PatternInput] = []
    for (index, path) in ([definition.sourceKeyPath] + definition.patternKeyPaths).enumerated() {
      let field = index == 0 ? "sourceKeyPath" : "patternKeyPaths.\(index)"
      do {
        _ = try KeyValuePath(path, in: type(of: source))
      } catch {
        fail(field, .unknownKey, error.description, error.column)
        continue
      }
      var single = definition
      single.sourceKeyPath = path
      single.direction = nil  // read-only already
      let expression = BindingDefinitionExpression(single, valueType: String.self)
      do {
        inputs.append(try PatternInput.expression(source, expression.text, transformers: transformers))
      } catch {
        let (name, character) = expression.field(at: error.location.offset)
        let shown = name == "sourceKeyPath" ? field : name
        fail(shown, kind(of: error, field: shown), error.message, name == "sourceKeyPath" ? 1 : character + 1)
      }
    }
    guard inputs.count == 1 + definition.patternKeyPaths.count else { return nil }
    do {
      let bind = try property.preparePattern(pattern, inputs: inputs, on: boundObject)
      return { try bind() }
    } catch {
      fail("displayPattern", .expression, error.message, error.location.offset + 1)
      return nil
    }
  }

  /// Makes the bindings `prepare` checked; on a failure, unbinds those made.
  func makeBindings(
    _ pending: [(definition: BindingDefinition, bind: () throws -> PropertyBinding?)]
  ) throws(SpecLoadError) -> BindingSet {
    let set = BindingSet()
    for (definition, bind) in pending {
      do {
        let location = definition.origins["sourceKeyPath"]?.location(ofCharacter: 0) ?? (line: 1, column: 1)
        let declared = "\(file.lastPathComponent):\(location.line):\(location.column)"
        if let binding = try PropertyBinding.declared(at: declared, bind) { set.insert(binding) }
      } catch {
        set.unbind()
        let location = definition.origins["sourceKeyPath"]?.location(ofCharacter: 0) ?? (line: 1, column: 1)
        throw SpecLoadError([
          SpecError(
            file: file, line: location.line, column: location.column, kind: .typeMismatch,
            message: "\(error)".shortenedMessage)
        ])
      }
    }
    return set
  }

  /// Why a transformer does not fit a path and a property, if it does not.
  private static func mismatch(_ transformer: AnyBindingTransformer, path: KeyValuePath, property: Any.Type) -> String?
  {
    func base(_ type: Any.Type) -> ObjectIdentifier {
      ObjectIdentifier(RuntimeTypes.wrappedType(type) ?? type)
    }
    if let input = transformer.inputType, base(input) != ObjectIdentifier(Any.self),
      base(input) != base(path.valueType)
    {
      return "the transformer \(transformer.name) takes a \(input), but \(path.text) is a \(path.valueType)"
    }
    if let output = transformer.outputType {
      if base(output) != base(property), base(output) != ObjectIdentifier(Any.self) {
        return "the transformer \(transformer.name) makes a \(output), but the property is a \(property)"
      }
    } else if !RuntimeTypes.isOptional(property) {
      return "the transformer \(transformer.name) does not say what it makes; bind it to an optional property"
    }
    return nil
  }

  /// `self`, or the object a key path from the owner reaches now.
  private func resolveObject(
    _ text: String,
    from owner: some KeyValueCoding,
    field: String,
    fail: (String, SpecError.Kind, String, Int) -> Void
  ) -> (any KeyValueCoding)? {
    if text == "self" { return owner }
    let path: KeyValuePath
    do {
      path = try KeyValuePath(text, in: type(of: owner))
    } catch {
      fail(field, .unknownKey, error.description, error.column)
      return nil
    }
    guard case .value(let value) = path.resolve(in: owner), let object = value as? any KeyValueCoding else {
      fail(
        field, .unknownReference,
        "\(type(of: owner)).\(text.cut(after: String.echoLimit)) is nil or not an object when the bindings are loaded",
        1)
      return nil
    }
    return object
  }

  /// The target object and its bound property (a dotted `targetKeyPath` goes through objects first);
  /// for a dotted path (`aView.someOtherKeyPath`, `panel.titleLabel.text` through an optional panel),
  /// also the target object and the key path from it that writes the whole path, for the binding to
  /// follow.
  private func resolveTarget(
    _ definition: BindingDefinition,
    from owner: some KeyValueCoding,
    fail: (String, SpecError.Kind, String, Int) -> Void
  ) -> (any KeyValueCoding, KeyValueKey, chain: (AnyObject, AnyKeyPath)?)? {
    guard var object = resolveObject(definition.target, from: owner, field: "target", fail: fail) else { return nil }
    let root = object
    var path: AnyKeyPath?
    var followable = true
    var throughOptional = false
    let keys = definition.targetKeyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    var column = 1
    for (index, name) in keys.enumerated() {
      let table = KeyValueKeyTable.of(type(of: object))
      guard let key = table.key(named: name) else {
        fail(
          "targetKeyPath", .unknownKey,
          "\(type(of: object)) has no key \(name.echoed)" + didYouMean(closest(to: name, in: table.keys.map(\.name))),
          column)
        return nil
      }
      // After an optional hop, each property is read through an optional of its object.
      let step = throughOptional ? key.throughOptional : key.keyPath
      if index == keys.count - 1 {
        var chain = followable ? step.flatMap { step in path?.appending(path: step) } : nil
        // Only a chain of observable properties is followed (a computed or constant object on the way
        // is resolved once, now, as before).
        if let read = chain, !TargetChainPaths.isFollowable(read, from: root) { chain = nil }
        // A path through optionals is read-only in Swift: the key path that writes it is bound.
        if throughOptional { chain = chain.flatMap { TargetChainPaths.writablePath(through: $0) } }
        return (object, key, chain.map { (root as AnyObject, $0) })
      }
      if followable, let step, RuntimeTypes.baseType(type(of: step).valueType) is AnyObject.Type {
        if let prefix = path { path = prefix.appending(path: step) } else { path = step }
        followable = path != nil
        throughOptional = throughOptional || RuntimeTypes.isOptional(type(of: step).valueType)
      } else {
        followable = false
      }
      guard let next = RuntimeTypes.unwrapped(key.read(from: object)) as? any KeyValueCoding else {
        fail(
          "targetKeyPath", .unknownReference,
          "\(type(of: object)).\(name.cut(after: String.echoLimit)) is nil or not an object",
          column)
        return nil
      }
      object = next
      column += name.count + 1
    }
    return nil
  }
}

extension BindingSet {
  /// Loads `<directory>/<name>.bindings.yaml`, within `limits`, and binds it with `owner` (ILBinding's
  /// `bindingsSetNamed:owner:`).
  ///
  /// ```swift
  /// let bindings = try BindingSet.load(named: "Settings", owner: self, in: resources)
  /// bindings.unbind()
  /// ```
  ///
  /// A binding's `pacing` (`debounce 300ms`, `throttle 1s`) writes the user's edits on `isolation`:
  /// the caller's actor, by default (the main actor, for a user interface).
  ///
  /// - Throws: ``SpecLoadError`` with every problem, of the file's fields and of its bindings at once;
  ///   nothing is bound then.
  public static func load(
    named name: String,
    owner: some KeyValueCoding,
    in directory: String = ".",
    transformers: BindingTransformerRegistry = .shared,
    limits: SpecLimits = SpecLimits(),
    isolation: (any Actor)? = #isolation
  ) throws(SpecLoadError) -> BindingSet {
    let path = directory + "/" + name + ".bindings.yaml"
    let text = try YAMLSource.text(contentsOf: path, limit: limits.maximumFileSize)
    // The fields' problems and the bindings' are reported together.
    var read: [SpecError] = []
    let definition = try BindingSetDefinition(yaml: text, file: path, limits: limits, problems: &read)
    let (errors, pending) = definition.prepare(owner: owner, transformers: transformers, isolation: isolation)
    var problems = SpecProblems(limit: limits.maximumProblems)
    problems += read + errors
    guard problems.isEmpty else { throw SpecLoadError(problems.list) }
    return try definition.makeBindings(pending)
  }
}
