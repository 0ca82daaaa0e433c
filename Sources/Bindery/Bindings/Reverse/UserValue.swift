/// What a binding does with a value the user entered: check it, convert it back, have the source's
/// object validate it, write it; a failure leaves the source as it is and is shown by the control and
/// told to the delegate.
@usableFromInline
struct UserValue<Target: KeyValueObservable, TargetValue, Source: AnyObject, SourceValue> {
  @usableFromInline
  let binding: PropertyBinding
  @usableFromInline
  let sourceWriter: SourceWriter<Source, SourceValue>
  @usableFromInline
  let conversion: Conversion<SourceValue, TargetValue>
  /// For a source written on another actor (``BindingOptions/sourceDelivery``): what the control
  /// shows is reported where the target is written.
  @usableFromInline
  let reportsOnTargetSide: Bool

  /// Accepts `value` from `control` (the target, or the object at the end of a target path) for
  /// `source`; returns why it was refused, if it was. After a write, `settle` gets the value written.
  @inlinable
  func accept(
    _ value: TargetValue, from control: (any EditableControl)?, for source: Source?,
    settle: ((SourceValue, Source) -> Void)? = nil
  ) -> BindingError? {
    if let validation = conversion.validation {
      do {
        try validation(value)
      } catch {
        return refuse(.validationFailed(error), for: value, control)
      }
    }
    let converted: SourceValue?
    do {
      converted = try conversion.source(for: value, userEditing: binding.isUserEditing)
    } catch let failure as ValidationFailure {
      return refuse(.validationFailed(failure.underlying), for: failure.value, control)
    } catch {
      return refuse(.conversionFailed(error), for: value, control)
    }
    guard let converted, let source else { return nil }
    do {
      try sourceWriter.validate(converted, on: source)
    } catch BindingError.notEditable {
      return refuse(.notEditable, for: converted, control)
    } catch {
      return refuse(.validationFailed(error), for: converted, control)
    }
    let wrote = binding.updateSource(with: converted, from: value) { sourceWriter.write(converted, to: source) }
    report(nil, for: converted, control)
    if wrote { settle?(converted, source) }
    return nil
  }

  @inlinable
  func refuse(_ error: BindingError, for value: Any, _ control: (any EditableControl)?) -> BindingError {
    report(error, for: value, control)
    return error
  }

  /// Shows `error` (or clears it) at `control`, here or where the target is written.
  @inlinable
  func report(_ error: BindingError?, for value: Any, _ control: (any EditableControl)?) {
    guard reportsOnTargetSide else {
      binding.reportError(error, for: value, to: control)
      return
    }
    let binding = binding
    binding.onTargetSide { binding.reportError(error, for: value, to: control) }
  }

  @usableFromInline
  init(
    binding: PropertyBinding, sourceWriter: SourceWriter<Source, SourceValue>,
    conversion: Conversion<SourceValue, TargetValue>, reportsOnTargetSide: Bool = false
  ) {
    self.binding = binding
    self.sourceWriter = sourceWriter
    self.conversion = conversion
    self.reportsOnTargetSide = reportsOnTargetSide
  }
}
