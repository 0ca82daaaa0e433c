import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

extension KeyValueObservableMacro {
  /// The `CodingKeys` of a class that declares `Codable`, `Encodable` or `Decodable` and has none:
  /// each stored property under its own name, a tracked one through its storage (`_name = "name"`),
  /// the registrar left out, so the synthesized conformance codes what the class declares.
  ///
  /// A class with `CodingKeys` of its own that relies on the synthesized conformance gets a
  /// diagnostic for each key named after a tracked property (its storage has another name).
  static func codingKeys(for classDecl: ClassDeclSyntax, in context: some MacroExpansionContext) -> [DeclSyntax] {
    let decodes = classDecl.inherits(anyOf: ["Codable", "Decodable"])
    let encodes = classDecl.inherits(anyOf: ["Codable", "Encodable"])
    guard decodes || encodes else { return [] }
    let properties = classDecl.memberBlock.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }
    let tracked = Set(properties.filter(\.isTracked).compactMap { $0.identifierPattern?.identifier.text })
    if let own = classDecl.memberBlock.members.lazy.compactMap({ $0.decl.as(EnumDeclSyntax.self) })
      .first(where: { $0.name.text == "CodingKeys" })
    {
      let synthesizes =
        (decodes && !classDecl.declaresInitializer(labelled: "from"))
        || (encodes && !classDecl.declaresMember(named: "encode"))
      guard synthesizes else { return [] }
      for element in own.caseElements where tracked.contains(element.name.text) {
        context.diagnose(
          Diagnostic(node: element.name, message: KeyValueDiagnostic.codingKeyNamesTrackedProperty(element.name.text))
        )
      }
      return []
    }
    var cases: [String] = []
    for property in properties where property.isInstance && property.isStoredForCoding {
      for binding in property.bindings {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
        cases.append(tracked.contains(name) ? "case _\(name) = \"\(name)\"" : "case \(name)")
      }
    }
    let body = cases.isEmpty ? "" : "\n  " + cases.joined(separator: "\n  ") + "\n"
    return [
      """
      /// The coding keys: each stored property under its own name.
      enum CodingKeys: String, CodingKey {\(raw: body)}
      """
    ]
  }
}

extension EnumDeclSyntax {
  /// The cases the enumeration declares, one element each.
  var caseElements: [EnumCaseElementSyntax] {
    memberBlock.members.flatMap { member -> [EnumCaseElementSyntax] in
      guard let declaration = member.decl.as(EnumCaseDeclSyntax.self) else { return [] }
      return Array(declaration.elements)
    }
  }
}

extension ClassDeclSyntax {
  /// Whether the class declares an initializer whose first argument has `label` (`init(from:)`).
  func declaresInitializer(labelled label: String) -> Bool {
    memberBlock.members.contains { member in
      guard let initializer = member.decl.as(InitializerDeclSyntax.self) else { return false }
      return initializer.signature.parameterClause.parameters.first?.firstName.text == label
    }
  }
}

extension VariableDeclSyntax {
  /// A property the synthesized `Codable` conformance codes: stored (observers allowed), not
  /// `lazy`, wrapped ones included.
  var isStoredForCoding: Bool {
    !isLazy && !isOverride && bindings.allSatisfy { $0.accessorBlock == nil || $0.accessorBlock?.observersOnly == true }
  }
}
