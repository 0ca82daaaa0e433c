import SwiftDiagnostics
import SwiftSyntax

/// The diagnostics Bindery's macros emit.
enum KeyValueDiagnostic: String, DiagnosticMessage {
  case onStruct
  case onEnum
  case onActor
  case onProtocol
  case onExtension
  case notAClass

  var message: String {
    switch self {
    case .onStruct:
      "'@KeyValueObservable' cannot be applied to a struct; observers need a shared identity, so make the model a class"
    case .onEnum:
      "'@KeyValueObservable' cannot be applied to an enum; make the model a class"
    case .onActor:
      "'@KeyValueObservable' cannot be applied to an actor; its properties cannot be observed synchronously, use a class isolated to a global actor instead"
    case .onProtocol:
      "'@KeyValueObservable' cannot be applied to a protocol; apply it to the conforming classes"
    case .onExtension:
      "'@KeyValueObservable' cannot be applied to an extension; apply it to the class declaration"
    case .notAClass:
      "'@KeyValueObservable' can only be applied to a class"
    }
  }

  var diagnosticID: MessageID { MessageID(domain: "BinderyMacros", id: rawValue) }

  var severity: DiagnosticSeverity { .error }
}
