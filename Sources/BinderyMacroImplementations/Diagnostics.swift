import SwiftDiagnostics
import SwiftSyntax

/// The diagnostics Bindery's macros emit.
enum KeyValueDiagnostic: DiagnosticMessage {
  case onStruct
  case onEnum
  case onActor
  case onProtocol
  case onExtension
  case notAClass
  /// `var a = 0, b = 0`: the declaration, as written.
  case severalVariablesInOneDeclaration(String)
  /// A coding key named after a tracked property, whose storage has another name.
  case codingKeyNamesTrackedProperty(String)
  /// A `weak`/`unowned` property, or one with observers, in a `Sendable` class.
  case lockedStorageCannotHold(String)
  /// `#propertyID` given something other than one string literal.
  case propertyIDNeedsLiteral

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
    case .severalVariablesInOneDeclaration(let bindings):
      "'@KeyValueObservable' observes one variable per declaration; declare each of '\(bindings)' with its own 'var', or mark the declaration '@KeyValueIgnored'"
    case .codingKeyNamesTrackedProperty(let name):
      "'\(name)' is stored as '_\(name)' by '@KeyValueObservable'; name the coding key '_\(name)' (with the raw value \"\(name)\" the coded key stays the same), or write 'init(from:)' and 'encode(to:)'"
    case .lockedStorageCannotHold(let binding):
      "'@KeyValueObservable' keeps the observable properties of a Sendable class behind a lock, which cannot hold a weak or unowned reference or run willSet/didSet; mark '\(binding)' '@KeyValueIgnored', or make the class '@unchecked Sendable' and guard its state yourself"
    case .propertyIDNeedsLiteral:
      "'#propertyID' takes the property's name as one string literal, like #propertyID(\"firstName\"); for a name known only at run time, use PropertyID(_:)"
    }
  }

  var diagnosticID: MessageID {
    let id =
      switch self {
      case .onStruct: "onStruct"
      case .onEnum: "onEnum"
      case .onActor: "onActor"
      case .onProtocol: "onProtocol"
      case .onExtension: "onExtension"
      case .notAClass: "notAClass"
      case .severalVariablesInOneDeclaration: "severalVariablesInOneDeclaration"
      case .codingKeyNamesTrackedProperty: "codingKeyNamesTrackedProperty"
      case .lockedStorageCannotHold: "lockedStorageCannotHold"
      case .propertyIDNeedsLiteral: "propertyIDNeedsLiteral"
      }
    return MessageID(domain: "BinderyMacros", id: id)
  }

  var severity: DiagnosticSeverity { .error }
}
