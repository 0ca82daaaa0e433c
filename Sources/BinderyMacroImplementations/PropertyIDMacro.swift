import BinderyPropertyNames
import SwiftDiagnostics
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `#propertyID("name")`: the identifier of the property `name`, computed when the macro expands, as
/// the observation macros compute those of the properties they observe.
///
/// A class, open so that the compiler plug-in (`BinderyMacros`) serves it as a subclass of its own
/// module: the compiler names a macro by the plug-in\'s module and a type in it.
open class PropertyIDMacro: ExpressionMacro {
  /// `Bindery.PropertyID(rawValue: 0x…)`, or an error at the argument when it is not one string literal.
  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax,
    in context: some MacroExpansionContext
  ) throws -> ExprSyntax {
    guard node.arguments.count == 1, let argument = node.arguments.first,
      let literal = argument.expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
      case .stringSegment(let segment)? = literal.segments.first
    else {
      context.diagnose(Diagnostic(node: Syntax(node), message: KeyValueDiagnostic.propertyIDNeedsLiteral))
      return "Bindery.PropertyID(rawValue: 0)"
    }
    return "Bindery.PropertyID(rawValue: \(raw: propertyIDLiteral(segment.content.text)))"
  }
}

/// The hexadecimal literal for the identifier of the property `name`.
func propertyIDLiteral(_ name: String) -> String {
  "0x" + String(propertyNameHash(name), radix: 16)
}
