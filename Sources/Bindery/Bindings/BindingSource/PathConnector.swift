/// Binds a target to a path of a source object, through the conversions of one kind of source.
struct PathConnector<Source: AnyObject, SourceValue, Value>: SourceConnector {
  let source: Source
  let path: SourcePath<Source, SourceValue>
  /// Makes the display conversion, given what reads the target's current value (for sources that
  /// leave the target as it is when they have no value; set `readsTargetValue` for those).
  let makeToTarget: (_ current: @escaping () -> Value) -> (SourceValue) -> Value
  let toSource: (Value) throws -> SourceValue?
  var isIdentity = false
  var isReversible = true
  var marker: ((SourceValue) -> BindingMarker?)?
  /// Makes the editing form's conversion, if the source has one, given what reads the target's
  /// current value.
  var makeEditing: ((_ current: @escaping () -> Value) -> EditingConversion<SourceValue, Value>)?
  /// Whether the binding is one-way whatever the options ask (a computed value).
  var isReadOnly = false
  /// Whether the display conversion reads the target's current value.
  var readsTargetValue = false
  /// The display conversion by address, made where the types are known (see
  /// ``Conversion/toTargetByAddress``).
  var toTargetByAddress: ConversionByAddress?

  func connect<Target: KeyValueObservable>(
    _ target: Target,
    _ property: ReferenceWritableKeyPath<Target, Value>,
    _ request: BindingRequest<Value>
  ) -> PropertyBinding {
    var options = request.options
    if isReadOnly { options.direction = .sourceToTarget }
    let current: () -> Value
    if readsTargetValue {
      // The value the target has; the one it had at first once it is gone (never written then).
      let initial = target[keyPath: property]
      current = { [weak target] in target?[keyPath: property] ?? initial }
    } else {
      current = { preconditionFailure("this source's conversions do not read the target") }
    }
    var path = self.path
    if let text = request.pathText { path.text = text }
    return BindingFactory.make(
      target: target,
      property,
      source: source,
      path,
      Conversion(
        toTarget: makeToTarget(current), toSource: toSource, isIdentity: isIdentity, isReversible: isReversible,
        marker: marker, placeholders: request.placeholders, editing: makeEditing?(current),
        validation: request.validation, toTargetByAddress: toTargetByAddress),
      options: options,
      file: request.file,
      line: request.line
    )
  }
}
