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

  /// Whether `@KeyValueObservable` makes the property observable: a stored instance `var` of one
  /// variable, not `lazy`, not wrapped, not ignored, whose name does not start with `_`.
  var isTracked: Bool {
    guard isVar, isInstance, isStored, !isLazy, !isOverride, let name = identifierPattern?.identifier.text,
      !name.hasPrefix("_")
    else { return false }
    return !hasAttribute(named: "KeyValueIgnored") && propertyWrapperAttribute == nil
  }

  /// `var a = 0, b = 0` or `var (a, b) = (0, 0)`: stored instance variables the macro would observe
  /// if they were declared one by one.
  var declaresSeveralObservableVariables: Bool {
    guard isVar, isInstance, !isLazy, !hasAttribute(named: "KeyValueIgnored"), propertyWrapperAttribute == nil,
      bindings.allSatisfy({ $0.accessorBlock == nil })
    else { return false }
    return bindings.count > 1 || (bindings.first.map { !$0.pattern.is(IdentifierPatternSyntax.self) } ?? false)
  }

  /// `weak`, `unowned` or `unowned(unsafe)`.
  var hasReferenceOwnership: Bool {
    modifiers.contains { $0.name.tokenKind == .keyword(.weak) || $0.name.tokenKind == .keyword(.unowned) }
  }

  /// `override var x { didSet { … } }`: observers added to an inherited property, which stays the
  /// superclass's.
  var isOverride: Bool { modifiers.contains { $0.name.tokenKind == .keyword(.override) } }

  var isLazy: Bool { modifiers.contains { $0.name.tokenKind == .keyword(.lazy) } }

  var isVar: Bool { bindingSpecifier.tokenKind == .keyword(.var) }

  /// A stored property: one binding with no accessors, or with observers only (`willSet`/`didSet`).
  var isStored: Bool {
    guard bindings.count == 1, let binding = bindings.first else { return false }
    guard let block = binding.accessorBlock else { return true }
    return block.observersOnly
  }

  /// Whether the property has `willSet` or `didSet` observers of its own.
  var hasObservers: Bool {
    guard let block = bindings.first?.accessorBlock else { return false }
    return block.observersOnly
  }

  /// The name of the global actor the property is isolated to (`@MainActor var`), if any.
  var isolatingAttribute: AttributeSyntax? {
    attributes.lazy.compactMap { element -> AttributeSyntax? in
      guard case .attribute(let attribute) = element, attribute.isGlobalActor else { return nil }
      return attribute
    }.first
  }

  /// The first attribute that is neither one Swift knows nor one of Bindery's macros: a property
  /// wrapper (or another attached macro), which turns the property into a computed one of its own.
  var propertyWrapperAttribute: AttributeSyntax? {
    attributes.lazy.compactMap { element -> AttributeSyntax? in
      guard case .attribute(let attribute) = element else { return nil }
      let name = attribute.attributeName.trimmedDescription
      let last = name.split(separator: ".").last.map(String.init) ?? name
      if knownAttributes.contains(last) || attribute.isGlobalActor { return nil }
      if last == "KeyValueIgnored" || last == "KeyValueTracked" { return nil }
      return attribute
    }.first
  }

  /// `@available(*, deprecated)`, or deprecated on some platform: naming the property outside a
  /// deprecated context warns.
  var isDeprecated: Bool { availabilityArguments.contains { $0.contains("deprecated") } }

  /// `@available(*, unavailable)` (or unavailable on some platform).
  var isUnavailable: Bool { availabilityArguments.contains { $0.contains("unavailable") } }

  /// The arguments of each `@available` attribute, as text.
  var availabilityArguments: [String] {
    attributes.compactMap { element -> String? in
      guard case .attribute(let attribute) = element, attribute.attributeName.trimmedDescription == "available"
      else { return nil }
      return attribute.arguments?.trimmedDescription ?? ""
    }
  }

  /// The `@available` attributes that restrict the property to platform versions
  /// (`@available(macOS 14, *)`), as the `#available` condition that guards a use of it.
  var availabilityCondition: String? {
    let versioned = attributes.compactMap { element -> String? in
      guard case .attribute(let attribute) = element, attribute.attributeName.trimmedDescription == "available",
        case .availability(let arguments)? = attribute.arguments
      else { return nil }
      let platforms = arguments.compactMap { argument -> String? in
        guard case .availabilityVersionRestriction(let restriction) = argument.argument else { return nil }
        return restriction.trimmedDescription
      }
      return platforms.isEmpty ? nil : platforms.joined(separator: ", ")
    }
    return versioned.isEmpty ? nil : "#available(" + versioned.joined(separator: ", ") + ", *)"
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

/// Attributes Swift gives a property that do not wrap it.
private let knownAttributes: Set<String> = [
  "available", "objc", "nonobjc", "NSCopying", "NSManaged", "IBOutlet", "IBInspectable", "GKInspectable",
  "usableFromInline", "inlinable", "preconcurrency", "exclusivity", "_spi", "backDeployed", "_hasStorage",
  "_optimize", "_originallyDefinedIn", "warn_unqualified_access", "Sendable", "_spi_available",
  "_alwaysEmitIntoClient", "_implements", "storageRestrictions", "dynamicMemberLookup",
]

extension AttributeSyntax {
  /// `@MainActor` or another global actor (by the convention that their names end in `Actor`).
  var isGlobalActor: Bool {
    let name = attributeName.trimmedDescription
    return arguments == nil && (name == "MainActor" || name.hasSuffix(".MainActor") || name.hasSuffix("Actor"))
  }
}

extension AccessorBlockSyntax {
  /// Whether the block holds only `willSet`/`didSet` observers (a stored property's).
  var observersOnly: Bool {
    guard case .accessors(let accessors) = self.accessors, !accessors.isEmpty else { return false }
    return accessors.allSatisfy {
      $0.accessorSpecifier.tokenKind == .keyword(.willSet) || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
    }
  }
}

extension DeclModifierListSyntax {
  /// The modifiers a property's private storage keeps: ownership (`weak`, `unowned`,
  /// `unowned(unsafe)`), isolation (`nonisolated`, `nonisolated(unsafe)`) and `final`, without the
  /// access levels and `override`.
  var storageModifiers: [DeclModifierSyntax] {
    filter { modifier in
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.private), .keyword(.fileprivate), .keyword(.internal), .keyword(.package),
        .keyword(.open), .keyword(.override), .keyword(.required), .keyword(.convenience), .keyword(.dynamic):
        return false
      default:
        return true
      }
    }
  }

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
  /// Whether the class's own inheritance clause names one of `names` (`KeyValueObservable` or
  /// `Bindery.KeyValueObservable`).
  func inherits(anyOf names: Set<String>) -> Bool {
    inheritanceClause?.inheritedTypes.contains { inherited in
      let name = inherited.type.trimmedDescription
      return names.contains(name.split(separator: ".").last.map(String.init) ?? name)
    } ?? false
  }

  /// Whether the class declares a property, method or type named `name` itself.
  func declaresMember(named name: String) -> Bool {
    memberBlock.members.contains { member in
      if let variable = member.decl.as(VariableDeclSyntax.self) {
        return variable.bindings.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
      }
      if let function = member.decl.as(FunctionDeclSyntax.self) { return function.name.text == name }
      if let type = member.decl.asProtocol((any NamedDeclSyntax).self) { return type.name.text == name }
      return false
    }
  }

  /// `Box<Content>` for `class Box<Content>`.
  var typeNameWithGenericParameters: String {
    let name = self.name.text
    guard let parameters = genericParameterClause?.parameters, !parameters.isEmpty else { return name }
    return name + "<" + parameters.map(\.name.text).joined(separator: ", ") + ">"
  }
}
