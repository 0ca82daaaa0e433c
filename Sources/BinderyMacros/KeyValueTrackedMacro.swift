public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@KeyValueTracked`: turns one stored `var` into accessors that report reads and changes to the registrar.
///
/// The value moves to a private peer `_name`; the getter reports the access (for tracked closures),
/// the setter skips equal values, tells prior observers, stores, then notifies.
public struct KeyValueTrackedMacro {}

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
        self.\(raw: registrar).access(self, \(raw: id), \\.\(identifier), name: "\(raw: name)", setter: { $0.\(identifier) = $1 })
        return _\(raw: name)
      }
      """
    let isKeyValueArray = property.hasKeyValueArrayType
    let setAccessor = makeSetAccessor(name: name, identifier: identifier, id: id, stopsRecording: isKeyValueArray)
    if isKeyValueArray {
      let modifyAccessor = recordingModifyAccessor(name: name, identifier: identifier, id: id)
      return [initAccessor, getAccessor, setAccessor, modifyAccessor]
    }
    guard property.hasArrayType else { return [initAccessor, getAccessor, setAccessor] }
    // An array is mutated in place (`items.append(x)` copies nothing) when no observer needs the old
    // value; otherwise the mutation goes through a copy, as a set does.
    let modifyAccessor: AccessorDeclSyntax =
      """
      _modify {
        self.\(raw: registrar).access(self, \(raw: id), \\.\(identifier), name: "\(raw: name)", setter: { $0.\(identifier) = $1 })
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
    return [initAccessor, getAccessor, setAccessor, modifyAccessor]
  }
}

extension KeyValueTrackedMacro {
  /// The `set` accessor: skips equal values, tells prior observers, stores, then notifies. The
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
    return """
      set {
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

  /// The `_modify` accessor of a `KeyValueArray` property: the array records the mutation while it
  /// is yielded, and the registrar hands the record to the observers (the exact change, no
  /// comparison). Nothing is recorded when nothing observes the object; in place when no observer
  /// needs the old value, through a copy otherwise. The report is made in a `defer`, so a mutation
  /// that throws half-way (a throwing sort) is reported too.
  static func recordingModifyAccessor(name: String, identifier: TokenSyntax, id: String) -> AccessorDeclSyntax {
    let registrar = KeyValueObservableMacro.registrarName
    return """
      _modify {
        self.\(raw: registrar).access(self, \(raw: id), \\.\(identifier), name: "\(raw: name)", setter: { $0.\(identifier) = $1 })
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
    let storage = binding.with(
      \.pattern,
      PatternSyntax(IdentifierPatternSyntax(identifier: .identifier("_" + identifier.text)))
    )
    .with(\.accessorBlock, nil)
    let attributes = property.attributes.filter { element in
      guard case .attribute(let attribute) = element else { return true }
      let text = attribute.attributeName.trimmedDescription
      return !text.hasSuffix("KeyValueTracked") && !text.hasSuffix("KeyValueIgnored")
    }
    let decl = VariableDeclSyntax(
      leadingTrivia: .newline,
      attributes: attributes + [AttributeListSyntax.Element("@Bindery.KeyValueIgnored ")],
      modifiers: [DeclModifierSyntax(name: .keyword(.private))],
      bindingSpecifier: .keyword(.var),
      bindings: [storage]
    )
    return [DeclSyntax(decl)]
  }
}
