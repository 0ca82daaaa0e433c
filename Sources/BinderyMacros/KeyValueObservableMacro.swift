import SwiftDiagnostics
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@KeyValueObservable`: makes every stored `var` of a class observable.
///
/// Roles: a member macro adds the registrar (to the first observable class of a hierarchy only),
/// a member-attribute macro marks each stored `var` with `@KeyValueTracked`, and an extension macro
/// adds the `KeyValueObservable` conformance.
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
    guard validate(declaration, node: node, in: context) else { return [] }
    // A subclass of an observable class shares its superclass's registrar.
    let needsRegistrar = protocols.contains { $0.trimmedDescription.hasSuffix("KeyValueObservable") }
    guard needsRegistrar else { return [] }
    let access = declaration.modifiers.accessLevelPrefix
    return [
      """
      /// The registrar that records observers of this object's properties.
      \(raw: access)nonisolated let \(raw: registrarName) = Bindery.KeyValueRegistrar()
      """
    ]
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
    let decl: DeclSyntax = "extension \(type.trimmed): Bindery.KeyValueObservable {}"
    guard let ext = decl.as(ExtensionDeclSyntax.self) else { return [] }
    return [ext]
  }
}
