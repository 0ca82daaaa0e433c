internal import CBinderyRuntime

/// What diagnostics know of one binding beyond its ends and options: where a file declared it, what
/// converts its values, its placeholders, and the last value it wrote each way (as text). Kept with
/// the binding's rarely set parts, under its lock.
final class BindingDetails {
  /// Where a file declared the binding (`Editor.spec.yaml:42:5`), instead of the Swift line that made it.
  var declaredAt: String?
  /// What converts the values (a transformer's or format's name), if anything does.
  var conversion: String?
  /// The placeholders, by kind (`nullValue`, `notApplicable`, `multipleValues`, `noSelection`).
  var placeholders: [(kind: String, value: String)] = []
  /// The last value written to the target, as text.
  var lastTargetValue: String?
  /// The last value written to the source, as text.
  var lastSourceValue: String?
  /// The target property and the source path, `Type.property`, named once, when recording starts.
  var targetName = "?"
  var sourceName = "?"
  /// Why the target was last written, and the source (recorded bindings).
  var lastTargetCause: ChangeCause?
  var lastSourceCause: ChangeCause?

  /// The longest text kept for a value.
  static let valueTextLimit = 200

  /// `value` as text for a dump: quoted strings, `nil`, at most ``valueTextLimit`` characters.
  static func text(of value: Any) -> String {
    var text: String
    if let string = value as? String {
      text = "\"" + string + "\""
    } else if let optional = value as? any _AnyOptional {
      guard let wrapped = optional._unwrapped else { return "nil" }
      return Self.text(of: wrapped)
    } else if let marked = value as? any _AnyMarkedValue {
      // A value written through a selection: the value, or its marker.
      if let marker = marked._marker { return String(describing: marker) }
      return marked._value.map { Self.text(of: $0) } ?? "nil"
    } else {
      text = String(describing: value)
    }
    if text.count > valueTextLimit { text = String(text.prefix(valueTextLimit)) + "…" }
    return text
  }
}

extension PropertyBinding {
  /// Remembers a value this binding writes and why (recorded bindings only), and makes that the cause
  /// of what happens on this thread until ``endRecording(_:)``; returns the cause it replaces.
  @usableFromInline
  final func beginRecording(_ value: Any, toTarget: Bool) -> ChangeCause? {
    let text = BindingDetails.text(of: value)
    let context = DiagnosticsThreadContext.current
    if context.diagnosticNumber == 0 { context.diagnosticNumber = BindingDiagnostics.nextThreadNumber() }
    let outer = context.currentCause
    let isUserEdit = !toTarget && outer == nil && target is any EditableControl
    let cause = withParts { parts -> ChangeCause in
      let details = parts.details ?? BindingDetails()
      parts.details = details
      let previous = toTarget ? details.lastTargetValue : details.lastSourceValue
      let kind: ChangeCause.Kind = toTarget ? .targetUpdate : isUserEdit ? .userEdit : .sourceUpdate
      let cause = ChangeCause(
        kind: kind, property: toTarget ? details.targetName : details.sourceName,
        from: toTarget ? details.sourceName : details.targetName, value: text, previousValue: previous,
        location: details.declaredAt ?? "\(file):\(line)", thread: context.diagnosticNumber, cause: outer,
        binding: ObjectIdentifier(self), isTraced: state.isTraced)
      if toTarget {
        details.lastTargetValue = text
        details.lastTargetCause = cause
      } else {
        details.lastSourceValue = text
        details.lastSourceCause = cause
      }
      return cause
    }
    BindingDiagnostics.remember(cause)
    context.currentCause = cause
    return outer
  }

  /// Puts back the cause ``beginRecording(_:toTarget:)`` replaced.
  @usableFromInline
  final func endRecording(_ outer: ChangeCause?) {
    DiagnosticsThreadContext.current.currentCause = outer
  }

  /// Names the ends for the changes this binding records (when recording starts, outside any
  /// propagation: naming reads the properties).
  final func nameEndsForRecording() {
    let info = self.info
    let target = "\(info.targetType).\(info.targetProperty)"
    let source = "\(info.sourceType ?? "?").\(info.sourcePath)"
    withParts { parts in
      let details = parts.details ?? BindingDetails()
      details.targetName = target
      details.sourceName = source
      parts.details = details
    }
  }

  /// Makes the bindings `make` makes on this thread declared at `location` (`Editor.spec.yaml:42:5`):
  /// their ``location``, from before their first value (so what diagnostics record says so too).
  package static func declared<Result, Failure: Error>(
    at location: String,
    _ make: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let context = DiagnosticsThreadContext.current
    let outer = context.declaringLocation
    context.declaringLocation = location
    bindery_add_declaring_scopes(1)
    defer {
      bindery_add_declaring_scopes(-1)
      context.declaringLocation = outer
    }
    return try make()
  }

  /// The location a file declared for the binding being made on this thread, if any.
  static var declaringLocation: String? {
    bindery_declaring_scopes() > 0 ? DiagnosticsThreadContext.current.declaringLocation : nil
  }

  /// Says where a file (a spec file, a definition file) declared this binding: its ``location``.
  package final func setDeclaredLocation(_ location: String) {
    withParts { parts in
      let details = parts.details ?? BindingDetails()
      details.declaredAt = location
      parts.details = details
    }
  }

  /// Notes what converts the values and the placeholders, for diagnostics (recorded bindings only).
  final func noteConversion(_ conversion: String?, placeholders: [(kind: String, value: String)]) {
    guard conversion != nil || !placeholders.isEmpty else { return }
    withParts { parts in
      let details = parts.details ?? BindingDetails()
      details.conversion = conversion
      details.placeholders = placeholders
      parts.details = details
    }
  }
}

extension BindingPlaceholders {
  /// The placeholders as `(kind, value as text)`, for diagnostics.
  var diagnosticTexts: [(kind: String, value: String)] {
    guard let box else { return [] }
    let all: [(String, Value?)] = [
      ("nullValue", box.nullValue), ("notApplicable", box.notApplicable), ("multipleValues", box.multipleValues),
      ("noSelection", box.noSelection),
    ]
    return all.compactMap { kind, value in value.map { (kind, BindingDetails.text(of: $0)) } }
  }
}
