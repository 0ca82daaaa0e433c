public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@KeyValueIgnored`: leaves a stored property of a `@KeyValueObservable` class unobserved.
public struct KeyValueIgnoredMacro: AccessorMacro {
  /// No accessors: the property stays a plain stored property.
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    []
  }
}
