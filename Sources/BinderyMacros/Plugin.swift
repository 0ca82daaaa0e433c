import SwiftCompilerPlugin
import SwiftSyntaxMacros

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
