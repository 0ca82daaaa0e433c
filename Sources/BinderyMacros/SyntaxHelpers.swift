import SwiftSyntax

extension VariableDeclSyntax {
  /// The identifier of a single-binding declaration.
  var identifierPattern: IdentifierPatternSyntax? {
    bindings.first?.pattern.as(IdentifierPatternSyntax.self)
  }

  var isInstance: Bool {
    !modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
  }

  /// `private` or `fileprivate` (not `private(set)`).
  var isPrivate: Bool {
    modifiers.contains {
      ($0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate)) && $0.detail == nil
    }
  }

  /// A setter narrower than the property: `private(set)`, `fileprivate(set)`, `internal(set)`.
  var hasRestrictedSetter: Bool {
    modifiers.contains { $0.detail?.detail.text == "set" }
  }

  var isLazy: Bool { modifiers.contains { $0.name.tokenKind == .keyword(.lazy) } }

  var isVar: Bool { bindingSpecifier.tokenKind == .keyword(.var) }

  /// A plain stored property: one binding and no accessor block (observers included).
  var isStored: Bool {
    guard bindings.count == 1, let binding = bindings.first else { return false }
    return binding.accessorBlock == nil
  }

  /// Whether the declared type is an array (`[Element]` or `Array<Element>`), by its spelling.
  var hasArrayType: Bool {
    guard let type = bindings.first?.typeAnnotation?.type else { return false }
    if type.is(ArrayTypeSyntax.self) { return true }
    guard let identifier = type.as(IdentifierTypeSyntax.self) else { return false }
    return identifier.name.text == "Array" && identifier.genericArgumentClause != nil
  }

  /// Whether the declared type is `KeyValueArray<…>` (or `Bindery.KeyValueArray<…>`): a to-many
  /// array that records its mutations.
  var hasKeyValueArrayType: Bool {
    guard let type = bindings.first?.typeAnnotation?.type else { return false }
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      return identifier.name.text == "KeyValueArray" && identifier.genericArgumentClause != nil
    }
    if let member = type.as(MemberTypeSyntax.self) {
      return member.name.text == "KeyValueArray" && member.genericArgumentClause != nil
        && member.baseType.trimmedDescription == "Bindery"
    }
    return false
  }

  func hasAttribute(named name: String) -> Bool {
    attributes.contains { element in
      guard case .attribute(let attribute) = element else { return false }
      let text = attribute.attributeName.trimmedDescription
      return text == name || text.hasSuffix("." + name)
    }
  }
}

extension DeclModifierListSyntax {
  /// The access level a generated member shares with its class (`open` becomes `public`).
  var accessLevelPrefix: String {
    for modifier in self {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.open): return "public "
      case .keyword(.package): return "package "
      default: continue
      }
    }
    return ""
  }
}

extension ClassDeclSyntax {
  /// `Box<Content>` for `class Box<Content>`.
  var typeNameWithGenericParameters: String {
    let name = self.name.text
    guard let parameters = genericParameterClause?.parameters, !parameters.isEmpty else { return name }
    return name + "<" + parameters.map(\.name.text).joined(separator: ", ") + ">"
  }
}
