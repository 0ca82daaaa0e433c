public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@KeyValueIgnored`: leaves a stored property of a `@KeyValueObservable` class unobserved.
///
/// A class, open so that the compiler plug-in (`BinderyMacros`) serves it as a subclass of its own
/// module: the compiler names a macro by the plug-in\'s module and a type in it.
open class KeyValueIgnoredMacro: AccessorMacro {
  /// No accessors: the property stays a plain stored property.
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    []
  }
}
