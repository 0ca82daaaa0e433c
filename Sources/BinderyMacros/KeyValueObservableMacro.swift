import SwiftDiagnostics
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@KeyValueObservable`: makes every stored `var` of a class observable.
///
/// Roles: a member macro adds the registrar (to the first observable class of a hierarchy only) and
/// the table of keys by name, a member-attribute macro marks each stored `var` with
/// `@KeyValueTracked`, and an extension macro adds the `KeyValueObservable` and `KeyValueCoding`
/// conformances.
public struct KeyValueObservableMacro {
  static let registrarName = "keyValueRegistrar"

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
    let isFirstObservable = protocols.contains { $0.trimmedDescription.hasSuffix("KeyValueObservable") }
    let access = declaration.modifiers.accessLevelPrefix
    var members: [DeclSyntax] = []
    if isFirstObservable {
      members.append(
        """
        /// The registrar that records observers of this object's properties.
        \(raw: access)nonisolated let \(raw: registrarName) = Bindery.KeyValueRegistrar()
        """
      )
    }
    members.append(keyTable(for: classDecl, access: access, overriding: !isFirstObservable))
    return members
  }

  /// `keyValueKeys`: the instance properties that are not private, by name, read-only where the
  /// setter is narrower (`private(set)`); none for a class isolated to a global actor (a key path to
  /// an isolated property cannot be formed outside it).
  static func keyTable(for classDecl: ClassDeclSyntax, access: String, overriding: Bool) -> DeclSyntax {
    let typeName = classDecl.typeNameWithGenericParameters
    let isolated = classDecl.attributes.contains { element in
      guard case .attribute(let attribute) = element else { return false }
      return attribute.attributeName.trimmedDescription.hasSuffix("Actor")
    }
    var entries: [String] = []
    if !isolated {
      for member in classDecl.memberBlock.members {
        guard let property = member.decl.as(VariableDeclSyntax.self), property.isInstance, !property.isPrivate,
          property.bindings.count == 1, let name = property.identifierPattern?.identifier.text, !name.hasPrefix("_")
        else { continue }
        let label = property.hasRestrictedSetter ? "readOnly: " : ""
        entries.append("Bindery.KeyValueKey(\"\(name)\", \(label)\\\(typeName).\(name))")
      }
    }
    let list = entries.isEmpty ? "[]" : "[\n    " + entries.joined(separator: ",\n    ") + ",\n  ]"
    let inheriting = overriding ? ", inheriting: super.keyValueKeys" : ""
    let override = overriding ? "override " : ""
    return """
      /// The properties of this class that can be reached by name (string key paths, spec files).
      \(raw: access)\(raw: override)nonisolated class var keyValueKeys: Bindery.KeyValueKeyTable {
        Bindery.KeyValueKeyTable(\(raw: typeName).self, keys: \(raw: list)\(raw: inheriting))
      }
      """
  }
}

extension KeyValueObservableMacro: MemberAttributeMacro {
  /// `@KeyValueTracked` on each stored instance `var` that is not ignored.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard declaration.is(ClassDeclSyntax.self), let property = member.as(VariableDeclSyntax.self) else { return [] }
    guard property.isVar, property.isInstance, property.isStored, !property.isLazy,
      let name = property.identifierPattern?.identifier.text,
      !name.hasPrefix("_"),
      !property.hasAttribute(named: "KeyValueIgnored"),
      !property.hasAttribute(named: "KeyValueTracked")
    else { return [] }
    return ["@Bindery.KeyValueTracked"]
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
    let names = protocols.map(\.trimmedDescription).compactMap { name -> String? in
      if name.hasSuffix("KeyValueObservable") { return "Bindery.KeyValueObservable" }
      if name.hasSuffix("KeyValueCoding") { return "Bindery.KeyValueCoding" }
      return nil
    }
    guard !names.isEmpty else { return [] }
    let decl: DeclSyntax = "extension \(type.trimmed): \(raw: names.joined(separator: ", ")) {}"
    guard let ext = decl.as(ExtensionDeclSyntax.self) else { return [] }
    return [ext]
  }
}
