public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@KeyValueTracked`: turns one stored `var` into accessors that report reads and changes to the registrar.
///
/// The value moves to a private peer `_name`; the getter reports the access (for tracked closures),
/// the setter skips equal values, tells prior observers, stores, then notifies.
///
/// A class, open so that the compiler plug-in (`BinderyMacros`) serves it as a subclass of its own
/// module: the compiler names a macro by the plug-in\'s module and a type in it.
open class KeyValueTrackedMacro {}

extension KeyValueTrackedMacro: AccessorMacro {
  /// The `init`, `get` and `set` accessors of a tracked property.
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let property = declaration.as(VariableDeclSyntax.self), property.isStored,
      let identifier = property.identifierPattern?.identifier.trimmed
    else { return [] }
    let name = identifier.text
    let id = "Bindery.PropertyID(rawValue: \(propertyIDLiteral(name)))"
    if node.asksForLockedStorage {
      let accessors = lockedAccessors(for: property, name: name, identifier: identifier, id: id)
      return node.asksForObservation
        ? reportingToObservation(accessors, name: name, identifier: identifier, comparesValues: false) : accessors
    }
    if node.asksForObservation {
      return reportingToObservation(
        trackedAccessors(property, name: name, identifier: identifier, id: id), name: name, identifier: identifier,
        comparesValues: true)
    }
    return trackedAccessors(property, name: name, identifier: identifier, id: id)
  }

  /// The accessors of a tracked property kept in plain storage.
  static func trackedAccessors(
    _ property: VariableDeclSyntax, name: String, identifier: TokenSyntax, id: String
  ) -> [AccessorDeclSyntax] {
    let registrar = KeyValueObservableMacro.registrarName
    let initAccessor: AccessorDeclSyntax =
      """
      @storageRestrictions(initializes: _\(raw: name))
      init(initialValue) {
        _\(raw: name) = initialValue
      }
      """
    let getAccessor: AccessorDeclSyntax =
      """
      get {
        self.\(raw: registrar).access(self, \(raw: id), \\.\(identifier), name: "\(raw: name)", setter: { $0.\(identifier) = $1 }, throughOptional: \\.?.\(identifier))
        return _\(raw: name)
      }
      """
    // A property isolated to a global actor with an initial value keeps it in its storage: an init
    // accessor would make the class's default initializer isolated to that actor.
    let hasInitialValue = property.bindings.first?.initializer != nil
    let accessors = hasInitialValue && property.isolatingAttribute != nil ? [getAccessor] : [initAccessor, getAccessor]
    if property.hasObservers {
      // The property's own `willSet`/`didSet` move to its storage, so they run around the store, inside
      // the notification; mutations go through `get` and `set`, so they run once per mutation.
      return accessors + [makeObservedSetAccessor(name: name, identifier: identifier, id: id)]
    }
    let isKeyValueArray = property.hasKeyValueArrayType
    let setAccessor = makeSetAccessor(name: name, identifier: identifier, id: id, stopsRecording: isKeyValueArray)
    if isKeyValueArray {
      let modifyAccessor = recordingModifyAccessor(name: name, identifier: identifier, id: id)
      return accessors + [setAccessor, modifyAccessor]
    }
    guard property.hasArrayType else {
      // Any other value is mutated in place while nothing observes the object (a copy-on-write
      // value stays uniquely referenced), and through a copy otherwise, so an unchanged result
      // notifies nobody.
      let modifyAccessor: AccessorDeclSyntax =
        """
        _modify {
          self.\(raw: registrar).access(self, \(raw: id), \\.\(identifier), name: "\(raw: name)", setter: { $0.\(identifier) = $1 }, throughOptional: \\.?.\(identifier))
          if !self.\(raw: registrar)._hasSubscriptions {
            yield &_\(raw: name)
          } else {
            var _$newValue = _\(raw: name)
            yield &_$newValue
            let _$oldValue = _\(raw: name)
            if Bindery._$isUnchanged(_$oldValue, _$newValue) {
              return
            }
            self.\(raw: registrar).willSet(self, \(raw: id), \\.\(identifier), value: _$oldValue)
            _\(raw: name) = _$newValue
            self.\(raw: registrar).didSet(self, \(raw: id), \\.\(identifier), from: _$oldValue, to: _$newValue)
          }
        }
        """
      return accessors + [setAccessor, modifyAccessor]
    }
    // An array is mutated in place (`items.append(x)` copies nothing) when no observer needs the old
    // value; otherwise the mutation goes through a copy, as a set does.
    let modifyAccessor: AccessorDeclSyntax =
      """
      _modify {
        self.\(raw: registrar).access(self, \(raw: id), \\.\(identifier), name: "\(raw: name)", setter: { $0.\(identifier) = $1 }, throughOptional: \\.?.\(identifier))
        if self.\(raw: registrar)._canMutateInPlace(\(raw: id)) {
          self.\(raw: registrar).willSet(self, \(raw: id), \\.\(identifier), value: _\(raw: name))
          yield &_\(raw: name)
          self.\(raw: registrar).didSet(self, \(raw: id), \\.\(identifier), from: _\(raw: name), to: _\(raw: name))
        } else {
          var _$newValue = _\(raw: name)
          yield &_$newValue
          let _$oldValue = _\(raw: name)
          if Bindery._$isUnchanged(_$oldValue, _$newValue) {
            return
          }
          self.\(raw: registrar).willSet(self, \(raw: id), \\.\(identifier), value: _$oldValue)
          _\(raw: name) = _$newValue
          self.\(raw: registrar).didSet(self, \(raw: id), \\.\(identifier), from: _$oldValue, to: _$newValue)
        }
      }
      """
    return accessors + [setAccessor, modifyAccessor]
  }
}

extension KeyValueTrackedMacro {
  /// The `set` accessor: stores a value nobody would be told of at once (no comparison, no copy of
  /// the old value); otherwise skips equal values, tells prior observers, stores, then notifies. The
  /// stored value of a `KeyValueArray` property records nothing (`stopsRecording`: a copy taken while
  /// a mutation recorded may still be recording).
  static func makeSetAccessor(
    name: String,
    identifier: TokenSyntax,
    id: String,
    stopsRecording: Bool
  ) -> AccessorDeclSyntax {
    let registrar = KeyValueObservableMacro.registrarName
    let stop = stopsRecording ? "\n  _\(name)._stopRecording()" : ""
    let unreportedStop = stopsRecording ? "\n    _\(name)._stopRecording()" : ""
    return """
      set {
        if !self.\(raw: registrar)._reportsWrites(of: \(raw: id)) {
          _\(raw: name) = newValue\(raw: unreportedStop)
          return
        }
        let _$oldValue = _\(raw: name)
        if Bindery._$isUnchanged(_$oldValue, newValue) {
          return
        }
        self.\(raw: registrar).willSet(self, \(raw: id), \\.\(identifier), value: _$oldValue)
        _\(raw: name) = newValue\(raw: stop)
        self.\(raw: registrar).didSet(self, \(raw: id), \\.\(identifier), from: _$oldValue, to: newValue)
      }
      """
  }

  /// The `set` accessor of a property with `willSet`/`didSet` observers, which sit on its storage:
  /// storing runs them (for an equal value too, as Swift does), and observers of the property are
  /// told the value the storage holds afterwards (a `didSet` may have changed it); a value nobody
  /// would be told of is stored with no comparison.
  static func makeObservedSetAccessor(name: String, identifier: TokenSyntax, id: String) -> AccessorDeclSyntax {
    let registrar = KeyValueObservableMacro.registrarName
    return """
      set {
        if !self.\(raw: registrar)._reportsWrites(of: \(raw: id)) {
          _\(raw: name) = newValue
          return
        }
        let _$oldValue = _\(raw: name)
        if Bindery._$isUnchanged(_$oldValue, newValue) {
          _\(raw: name) = newValue
          return
        }
        self.\(raw: registrar).willSet(self, \(raw: id), \\.\(identifier), value: _$oldValue)
        _\(raw: name) = newValue
        self.\(raw: registrar).didSet(self, \(raw: id), \\.\(identifier), from: _$oldValue, to: _\(raw: name))
      }
      """
  }

  /// The `_modify` accessor of a `KeyValueArray` property: the array records the mutation while it
  /// is yielded, and the registrar hands the record to the observers (the exact change, no
  /// comparison). Nothing is recorded when nothing observes the object; in place when no observer
  /// needs the old value, through a copy otherwise. The report is made in a `defer`, so a mutation
  /// that throws half-way (a throwing sort) is reported too.
  static func recordingModifyAccessor(name: String, identifier: TokenSyntax, id: String) -> AccessorDeclSyntax {
    let registrar = KeyValueObservableMacro.registrarName
    return """
      _modify {
        self.\(raw: registrar).access(self, \(raw: id), \\.\(identifier), name: "\(raw: name)", setter: { $0.\(identifier) = $1 }, throughOptional: \\.?.\(identifier))
        if !self.\(raw: registrar)._hasSubscriptions {
          yield &_\(raw: name)
        } else if self.\(raw: registrar)._canMutateInPlace(\(raw: id)) {
          self.\(raw: registrar).willSet(self, \(raw: id), \\.\(identifier), value: _\(raw: name))
          _\(raw: name)._beginRecording()
          defer {
            let _$journal = _\(raw: name)._endRecording()
            if _$journal.hasChanges {
              self.\(raw: registrar)._didModify(self, \(raw: id), \\.\(identifier), from: _\(raw: name), to: _\(raw: name), journal: _$journal)
            }
          }
          yield &_\(raw: name)
        } else {
          var _$newValue = _\(raw: name)
          _$newValue._beginRecording()
          defer {
            let _$journal = _$newValue._endRecording()
            if _$journal.hasChanges && !Bindery._$isUnchanged(_\(raw: name), _$newValue) {
              self.\(raw: registrar).willSet(self, \(raw: id), \\.\(identifier), value: _\(raw: name))
              let _$oldValue = _\(raw: name)
              _\(raw: name) = _$newValue
              self.\(raw: registrar)._didModify(self, \(raw: id), \\.\(identifier), from: _$oldValue, to: _\(raw: name), journal: _$journal)
            }
          }
          yield &_$newValue
        }
      }
      """
  }
}

extension KeyValueTrackedMacro {
  /// The accessors of a property of a class that asked to be `Observation.Observable` too
  /// (`@KeyValueObservable(observation: true)`): the getter also reports the read to the class's
  /// `ObservationRegistrar`, and the setter its writes of a different value (`comparesValues`; every
  /// write for a locked property, whose value is not read outside its lock), around everything else
  /// it does; a mutation in place (`_modify`: an array's `append`, a `KeyValueArray`'s recorded
  /// change) stays in place and is reported as one change.
  static func reportingToObservation(
    _ accessors: [AccessorDeclSyntax], name: String, identifier: TokenSyntax, comparesValues: Bool
  ) -> [AccessorDeclSyntax] {
    let registrar = KeyValueObservableMacro.observationRegistrarName
    return accessors.map { accessor -> AccessorDeclSyntax in
      let kind = accessor.accessorSpecifier.text
      guard let statements = accessor.body?.statements else { return accessor }
      switch kind {
      case "_modify":
        // In place, as Observation's own macro does: every mutation is a change to it.
        return """
          _modify {
            self.\(raw: registrar).access(self, keyPath: \\.\(identifier))
            self.\(raw: registrar).willSet(self, keyPath: \\.\(identifier))
            defer {
              self.\(raw: registrar).didSet(self, keyPath: \\.\(identifier))
            }
            \(statements.trimmed)
          }
          """
      case "get":
        return """
          get {
            self.\(raw: registrar).access(self, keyPath: \\.\(identifier))
            \(statements.trimmed)
          }
          """
      case "set":
        let notifies = comparesValues ? "!Bindery._$isUnchanged(_\(name), newValue)" : "true"
        return """
          set {
            let _$reportsToObservation = \(raw: notifies)
            if _$reportsToObservation {
              self.\(raw: registrar).willSet(self, keyPath: \\.\(identifier))
            }
            defer {
              if _$reportsToObservation {
                self.\(raw: registrar).didSet(self, keyPath: \\.\(identifier))
              }
            }
            \(statements.trimmed)
          }
          """
      default:
        return accessor
      }
    }
  }
}

extension KeyValueTrackedMacro: PeerMacro {
  /// The private `_name` storage of a tracked property.
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let property = declaration.as(VariableDeclSyntax.self), property.isStored,
      let binding = property.bindings.first,
      let identifier = property.identifierPattern?.identifier.trimmed
    else { return [] }
    if node.asksForLockedStorage {
      return [lockedStorage(for: property, binding: binding, name: identifier.text)]
    }
    // The storage keeps what the user wrote: ownership and isolation modifiers, attributes, the
    // type, the initial value and the `willSet`/`didSet` observers; only the access level becomes private.
    var storage = binding.with(
      \.pattern,
      PatternSyntax(IdentifierPatternSyntax(identifier: .identifier("_" + identifier.text)))
    )
    if !property.hasObservers {
      storage = storage.with(\.accessorBlock, nil)
    } else if let block = storage.accessorBlock {
      // The observers name the storage where they named the property: an assignment in `didSet`
      // stores directly, as in Swift, and is not stored and notified a second time.
      let rewritten = OwnObserversRewriter(name: identifier.text, body: block).rewrite(block)
      storage = storage.with(\.accessorBlock, rewritten.as(AccessorBlockSyntax.self) ?? block)
    }
    let attributes = property.attributes.filter { element in
      guard case .attribute(let attribute) = element else { return true }
      let text = attribute.attributeName.trimmedDescription
      return !text.hasSuffix("KeyValueTracked") && !text.hasSuffix("KeyValueIgnored")
    }
    let modifiers = [DeclModifierSyntax(name: .keyword(.private))] + property.modifiers.storageModifiers
    // The storage is private and reached only through the accessors above, whose accesses never
    // overlap (a mutation in place yields it to the caller's expression alone): the run-time
    // exclusivity check, about 80 instructions a write, guards nothing here.
    let decl = VariableDeclSyntax(
      leadingTrivia: .newline,
      attributes: attributes + [
        AttributeListSyntax.Element("@Bindery.KeyValueIgnored "),
        AttributeListSyntax.Element("@exclusivity(unchecked) "),
      ],
      modifiers: DeclModifierListSyntax(modifiers.map { $0.with(\.trailingTrivia, .space) }),
      bindingSpecifier: .keyword(.var),
      bindings: [storage]
    )
    return [DeclSyntax(decl)]
  }
}

extension KeyValueTrackedMacro {
  /// The accessors of a property kept behind a lock (`@KeyValueTracked(locked: true)`, for a
  /// `Sendable` class): reads and writes go through the lock; observers are called outside it.
  static func lockedAccessors(
    for property: VariableDeclSyntax,
    name: String,
    identifier: TokenSyntax,
    id: String
  ) -> [AccessorDeclSyntax] {
    let registrar = KeyValueObservableMacro.registrarName
    var accessors: [AccessorDeclSyntax] = []
    if property.bindings.first?.typeAnnotation != nil {
      accessors.append(
        """
        @storageRestrictions(initializes: _\(raw: name))
        init(initialValue) {
          _\(raw: name) = Bindery._KeyValueLockedStorage(initialValue)
        }
        """
      )
    }
    accessors.append(
      """
      get {
        self.\(raw: registrar).access(self, \(raw: id), \\.\(identifier), name: "\(raw: name)", setter: { $0.\(identifier) = $1 }, throughOptional: \\.?.\(identifier))
        return _\(raw: name).load()
      }
      """
    )
    accessors.append(
      """
      set {
        let _$currentValue = _\(raw: name).load()
        if Bindery._$isUnchanged(_$currentValue, newValue) {
          return
        }
        self.\(raw: registrar).willSet(self, \(raw: id), \\.\(identifier), value: _$currentValue)
        let _$oldValue = _\(raw: name).exchange(newValue)
        if Bindery._$isUnchanged(_$oldValue, newValue) {
          return
        }
        self.\(raw: registrar).didSet(self, \(raw: id), \\.\(identifier), from: _$oldValue, to: newValue)
      }
      """
    )
    return accessors
  }

  /// The storage of a property kept behind a lock: `let _name: Bindery._KeyValueLockedStorage<T>`,
  /// initialized by the init accessor, or from the initial value when the type is not written.
  static func lockedStorage(for property: VariableDeclSyntax, binding: PatternBindingSyntax, name: String) -> DeclSyntax
  {
    let attributes = property.attributes.filter { element in
      guard case .attribute(let attribute) = element else { return true }
      let text = attribute.attributeName.trimmedDescription
      return !text.hasSuffix("KeyValueTracked") && !text.hasSuffix("KeyValueIgnored")
    }
    let attributeText = attributes.map { $0.trimmedDescription + " " }.joined()
    if let type = binding.typeAnnotation?.type {
      // `T!` is not a generic argument: the storage holds a `T?`.
      let valueType =
        type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self).map { "Optional<\($0.wrappedType.trimmedDescription)>" }
        ?? type.trimmedDescription
      return
        """
        \(raw: attributeText)@Bindery.KeyValueIgnored private let _\(raw: name): Bindery._KeyValueLockedStorage<\(raw: valueType)>
        """
    }
    let initialValue = binding.initializer?.value.trimmedDescription ?? "()"
    return
      """
      \(raw: attributeText)@Bindery.KeyValueIgnored private let _\(raw: name) = Bindery._KeyValueLockedStorage(\(raw: initialValue))
      """
  }
}

extension AttributeSyntax {
  /// `@KeyValueObservable(observation: true)`, `@KeyValueTracked(observation: true)`.
  var asksForObservation: Bool {
    guard case .argumentList(let arguments)? = self.arguments else { return false }
    return arguments.contains { argument in
      argument.label?.text == "observation"
        && argument.expression.as(BooleanLiteralExprSyntax.self)?.literal.text == "true"
    }
  }

  /// `@KeyValueTracked(locked: true)`.
  var asksForLockedStorage: Bool {
    guard case .argumentList(let arguments)? = self.arguments else { return false }
    return arguments.contains { argument in
      argument.label?.text == "locked" && argument.expression.as(BooleanLiteralExprSyntax.self)?.literal.text == "true"
    }
  }
}
