import SwiftDiagnostics
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@KeyValueObservable`: makes every stored `var` of a class observable.
///
/// Roles: a member macro adds the registrar (to the first observable class of a hierarchy only) and
/// the table of keys by name, a member-attribute macro marks each stored `var` with
/// `@KeyValueTracked`, and an extension macro adds the `KeyValueObservable` and `KeyValueCoding`
/// conformances.
///
/// A class, open so that the compiler plug-in (`BinderyMacros`) serves it as a subclass of its own
/// module: the compiler names a macro by the plug-in\'s module and a type in it.
open class KeyValueObservableMacro {
  static let registrarName = "keyValueRegistrar"
  /// The `ObservationRegistrar` of a class that is `Observation.Observable` too.
  static let observationRegistrarName = "_$observationRegistrar"

  /// Emits a diagnostic and returns `false` when the declaration is not a class.
  static func validate(
    _ declaration: some DeclGroupSyntax, node: AttributeSyntax, in context: some MacroExpansionContext
  ) -> Bool {
    let diagnostic: KeyValueDiagnostic?
    if declaration.is(ClassDeclSyntax.self) {
      diagnostic = nil
    } else if declaration.is(StructDeclSyntax.self) {
      diagnostic = .onStruct
    } else if declaration.is(EnumDeclSyntax.self) {
      diagnostic = .onEnum
    } else if declaration.is(ActorDeclSyntax.self) {
      diagnostic = .onActor
    } else if declaration.is(ProtocolDeclSyntax.self) {
      diagnostic = .onProtocol
    } else if declaration.is(ExtensionDeclSyntax.self) {
      diagnostic = .onExtension
    } else {
      diagnostic = .notAClass
    }
    guard let diagnostic else { return true }
    context.diagnose(Diagnostic(node: node, message: diagnostic))
    return false
  }
}

extension KeyValueObservableMacro: MemberMacro {
  /// The registrar, for the first observable class of a hierarchy; a diagnostic for anything but a class.
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard validate(declaration, node: node, in: context), let classDecl = declaration.as(ClassDeclSyntax.self) else {
      return []
    }
    // A subclass of an observable class shares its superclass's registrar and extends its key table.
    // A class that names the conformance itself (directly or through a protocol that refines it)
    // is the first of its hierarchy too.
    let isFirstObservable =
      protocols.contains { $0.trimmedDescription.hasSuffix("KeyValueObservable") }
      || classDecl.inherits(anyOf: ["KeyValueObservable", "KeyValueCoding"])
    let access = declaration.modifiers.accessLevelPrefix
    var members: [DeclSyntax] = []
    if isFirstObservable && !classDecl.declaresMember(named: registrarName) {
      members.append(
        """
        /// The registrar that records observers of this object's properties.
        \(raw: access)nonisolated let \(raw: registrarName) = Bindery.KeyValueRegistrar()
        """
      )
    }
    if node.asksForObservation && isFirstObservable && !classDecl.declaresMember(named: observationRegistrarName) {
      members.append(
        """
        /// The registrar that tells Observation (`withObservationTracking`, `Observations`, SwiftUI) of
        /// this object's reads and changes.
        \(raw: access)nonisolated let \(raw: observationRegistrarName) = Bindery._KeyValueObservationRegistrar()
        """
      )
    }
    if !classDecl.declaresMember(named: "keyValueKeys") {
      members.append(contentsOf: keyTable(for: classDecl, access: access, overriding: !isFirstObservable))
    }
    members.append(contentsOf: codingKeys(for: classDecl, in: context))
    return members
  }

  /// `keyValueKeys`: the instance properties that are not private, by name, read-only where the
  /// setter is narrower (`private(set)`); none for a class isolated to a global actor, nor for a
  /// property isolated to one (a key path to an isolated property cannot be formed outside it).
  /// A property available from some platform version on is listed where it is available; a
  /// deprecated one is named in a deprecated context, so that listing it warns nobody.
  static func keyTable(for classDecl: ClassDeclSyntax, access: String, overriding: Bool) -> [DeclSyntax] {
    let typeName = classDecl.typeNameWithGenericParameters
    let isolated = classDecl.attributes.contains { element in
      guard case .attribute(let attribute) = element else { return false }
      return attribute.isGlobalActor
    }
    var entries: [String] = []
    var conditional: [(condition: String, entry: String)] = []
    var deprecated: [String] = []
    if !isolated {
      for member in classDecl.memberBlock.members {
        guard let property = member.decl.as(VariableDeclSyntax.self), property.isInstance, !property.isPrivate,
          property.bindings.count == 1, let name = property.identifierPattern?.identifier.text, !name.hasPrefix("_"),
          property.isolatingAttribute == nil, !property.isUnavailable
        else { continue }
        let label = property.hasRestrictedSetter ? "readOnly: " : ""
        let entry =
          "Bindery.KeyValueKey(\"\(name)\", \(label)\\\(typeName).\(name), throughOptional: \\\(typeName)?.?.\(name), read: { $0.\(name) })"
        if property.isDeprecated {
          deprecated.append(
            property.availabilityCondition.map { "if \($0) { keys.append(\(entry)) }" } ?? "keys.append(\(entry))")
        } else if let condition = property.availabilityCondition {
          conditional.append((condition, entry))
        } else {
          entries.append(entry)
        }
      }
    }
    let list = entries.isEmpty ? "[]" : "[\n    " + entries.joined(separator: ",\n    ") + ",\n  ]"
    let inheriting = overriding ? ", inheriting: super.keyValueKeys" : ""
    let override = overriding ? "override " : ""
    let summary = "/// The properties of this class that can be reached by name (string key paths, spec files)."
    guard !conditional.isEmpty || !deprecated.isEmpty else {
      return [
        """
        \(raw: summary)
        \(raw: access)\(raw: override)nonisolated class var keyValueKeys: Bindery.KeyValueKeyTable {
          Bindery.KeyValueKeyTable(\(raw: typeName).self, keys: \(raw: list)\(raw: inheriting))
        }
        """
      ]
    }
    var body = "var keys: [Bindery.KeyValueKey] = \(list)\n"
    for (condition, entry) in conditional {
      body += "if \(condition) {\n  keys.append(\(entry))\n}\n"
    }
    if !deprecated.isEmpty {
      body += "keys += Bindery._keyValueKeys(of: \(deprecatedKeysName).self)\n"
    }
    body += "return Bindery.KeyValueKeyTable(\(typeName).self, keys: keys\(inheriting))"
    var members: [DeclSyntax] = [
      """
      \(raw: summary)
      \(raw: access)\(raw: override)nonisolated class var keyValueKeys: Bindery.KeyValueKeyTable {
        \(raw: body)
      }
      """
    ]
    if !deprecated.isEmpty {
      members.append(
        """
        /// The keys of the deprecated properties, named where naming them warns nobody.
        private enum \(raw: deprecatedKeysName): Bindery._KeyValueKeyProvider {
          @available(*, deprecated)
          static var keys: [Bindery.KeyValueKey] {
            var keys: [Bindery.KeyValueKey] = []
            \(raw: deprecated.joined(separator: "\n"))
            return keys
          }
        }
        """
      )
    }
    return members
  }

  static let deprecatedKeysName = "_KeyValueDeprecatedKeys"
}

extension KeyValueObservableMacro: MemberAttributeMacro {
  /// `@KeyValueTracked` on each stored instance `var` that is not ignored; a diagnostic for a
  /// declaration of several variables, which cannot be observed one by one.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard declaration.is(ClassDeclSyntax.self), let property = member.as(VariableDeclSyntax.self) else { return [] }
    if property.declaresSeveralObservableVariables {
      context.diagnose(
        Diagnostic(
          node: property.bindings,
          message: KeyValueDiagnostic.severalVariablesInOneDeclaration(property.bindings.trimmedDescription)
        )
      )
      return []
    }
    guard property.isTracked, !property.hasAttribute(named: "KeyValueTracked") else { return [] }
    // The observable properties of a `Sendable` class are kept behind a lock.
    let observation = node.asksForObservation
    guard declaration.as(ClassDeclSyntax.self)?.inherits(anyOf: ["Sendable"]) == true else {
      return [observation ? "@Bindery.KeyValueTracked(observation: true)" : "@Bindery.KeyValueTracked"]
    }
    if property.hasObservers || property.hasReferenceOwnership {
      context.diagnose(
        Diagnostic(
          node: property.bindings,
          message: KeyValueDiagnostic.lockedStorageCannotHold(property.bindings.trimmedDescription))
      )
      return []
    }
    return [
      observation
        ? "@Bindery.KeyValueTracked(locked: true, observation: true)" : "@Bindery.KeyValueTracked(locked: true)"
    ]
  }
}

extension KeyValueObservableMacro: ExtensionMacro {
  /// The `KeyValueObservable` conformance, unless a superclass already has it.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(ClassDeclSyntax.self), !protocols.isEmpty else { return [] }
    let observation = node.asksForObservation
    let names = protocols.map(\.trimmedDescription).compactMap { name -> String? in
      if name.hasSuffix("KeyValueObservable") { return "Bindery.KeyValueObservable" }
      if name.hasSuffix("KeyValueCoding") { return "Bindery.KeyValueCoding" }
      if observation && name.hasSuffix("Observable") { return "Bindery._KeyValueObservationObservable" }
      return nil
    }
    guard !names.isEmpty else { return [] }
    let decl: DeclSyntax = "extension \(type.trimmed): \(raw: names.joined(separator: ", ")) {}"
    guard let ext = decl.as(ExtensionDeclSyntax.self) else { return [] }
    // The conformance is available where the class is.
    let availability = declaration.attributes.filter { element in
      guard case .attribute(let attribute) = element else { return false }
      return attribute.attributeName.trimmedDescription == "available"
    }
    guard !availability.isEmpty else { return [ext] }
    return [ext.with(\.attributes, AttributeListSyntax(availability.map { $0.with(\.trailingTrivia, .newline) }))]
  }
}
