import BinderyMacroImplementations
import SwiftCompilerPlugin
import SwiftSyntaxMacros

// The compiler finds a macro by the plug-in's module and a type's name in it
// (`#externalMacro(module: "BinderyMacros", type: "KeyValueObservableMacro")`), so each macro is
// served as a subclass declared here. The expansions live in `BinderyMacroImplementations`, a
// library the macro tests link directly: a test target that depended on this macro target would be
// built for the host, and every module it uses with it, a second time.

/// `@KeyValueObservable`, as the compiler asks for it.
final class KeyValueObservableMacro: BinderyMacroImplementations.KeyValueObservableMacro {}
/// `@KeyValueTracked`, as the compiler asks for it.
final class KeyValueTrackedMacro: BinderyMacroImplementations.KeyValueTrackedMacro {}
/// `@KeyValueIgnored`, as the compiler asks for it.
final class KeyValueIgnoredMacro: BinderyMacroImplementations.KeyValueIgnoredMacro {}
/// `#propertyID`, as the compiler asks for it.
final class PropertyIDMacro: BinderyMacroImplementations.PropertyIDMacro {}

/// The compiler plugin that provides Bindery's macros.
@main
struct BinderyMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [
    KeyValueObservableMacro.self,
    KeyValueTrackedMacro.self,
    KeyValueIgnoredMacro.self,
    PropertyIDMacro.self,
  ]
}
