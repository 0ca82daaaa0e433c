/// The way from a binding's source to its target: an observer of the source path, and the writer of
/// the target (the value converted for display or, while the user edits, for editing; or the
/// placeholder of its marker), by address where nothing converts.
@usableFromInline
struct ForwardPath<Target: KeyValueObservable, TargetValue, Source: AnyObject, SourceValue> {
  @usableFromInline
  let binding: PropertyBinding
  @usableFromInline
  let property: TargetProperty<Target, TargetValue>
  @usableFromInline
  let sourcePath: SourcePath<Source, SourceValue>
  @usableFromInline
  let conversion: Conversion<SourceValue, TargetValue>
  @usableFromInline
  let presenter: MarkerPresenter<SourceValue, TargetValue>?
  @usableFromInline
  let options: BindingOptions
  /// Writes a source value to the target.
  @usableFromInline
  let writeTarget: (SourceValue) -> Void
  /// For delivery on another actor: writes the source's latest value to the target.
  @usableFromInline
  let flush: (() -> Void)?

  @inlinable
  init(
    binding: PropertyBinding,
    target: Target,
    property: TargetProperty<Target, TargetValue>,
    source: Source,
    sourcePath: SourcePath<Source, SourceValue>,
    conversion: Conversion<SourceValue, TargetValue>,
    presenter: MarkerPresenter<SourceValue, TargetValue>?,
    options: BindingOptions
  ) {
    self.binding = binding
    self.property = property
    self.sourcePath = sourcePath
    self.conversion = conversion
    self.presenter = presenter
    self.options = options
    // The conversions alone are kept (a copy of the whole conversion per change would retain each of
    // its closures), and the target is reached through the binding's own reference.
    let toTarget = conversion.toTarget
    let editingToTarget = conversion.editing?.toTarget
    let writeTarget: (SourceValue) -> Void = { value in
      guard let object = binding.liveTarget else {
        binding.unbind()
        return
      }
      let target = unsafeDowncast(object, to: Target.self)
      // Only bindings with an editing form ask whether the user is editing.
      let convert = editingToTarget.flatMap { binding.isUserEditing ? $0 : nil } ?? toTarget
      let converted = presenter?.present(value, convert) ?? convert(value)
      binding.updateTarget(with: converted) { property.write(converted, to: target) }
    }
    self.writeTarget = writeTarget
    if options.hasSynchronousDelivery {
      flush = nil
    } else {
      flush = {
        guard !binding.isUnbound, let source = binding.liveSource(as: Source.self) else { return }
        writeTarget(sourcePath.read(source))
      }
    }
  }

  /// Starts observing the source path with tracked re-evaluation; returns the observer and the source's
  /// first value. `tracked` is the path's first read, when the binding's maker made it already (to see
  /// whether the path is one property).
  ///
  /// A path that turns out to be one property (after a re-evaluation) is delivered by address.
  @inlinable
  func attach(target: Target, source: Source, tracked: AccessList?, first: SourceValue?) -> (
    any ObservedSource, SourceValue?
  ) {
    let enabled = options.direction != .targetToSource
    var rawHandler: ((RawChange) -> Void)?
    if enabled, flush == nil, presenter == nil, conversion.editing == nil, let setter = property.setter,
      sourcePath.keyPath != nil
    {
      rawHandler =
        conversion.isIdentity && SourceValue.self == TargetValue.self
        ? Self.sameTypeHandler(binding: binding, setter: setter)
        : Self.convertingHandler(binding: binding, setter: setter, conversion.toTarget)
    }
    let observer = trackingObserver(source: source, enabled: enabled)
    observer.rawDirectHandler = rawHandler
    binding.attach(observer, as: .forward)
    if let tracked, let first { return (observer, observer.start(after: first, tracked)) }
    return (observer, observer.start(initial: false, recordingSetters: true))
  }

  /// An observer that evaluates the source path with tracked reads (a chain, a computed property, a
  /// placeholder or marker to look for), and delivers by address when the path turns out to be one
  /// property.
  @inlinable
  func trackingObserver(source: Source, enabled: Bool) -> ValueObserver<SourceValue> {
    let binding = binding
    let presenter = presenter
    let writeTarget = writeTarget
    let flush = flush
    // A chain of properties of key tables is read through their getters, not the key path runtime.
    let getters = sourcePath.keyPath.flatMap { KeyTableRead.read($0) }
    let sourcePath = sourcePath
    return ValueObserver<SourceValue>(
      evaluate: {
        // The binding's own weak reference to the source (a weak capture is checked for exclusive
        // access on each evaluation).
        guard let object = binding.liveSource else { return nil }
        let source = unsafeDowncast(object, to: Source.self)
        if let presenter {
          if let getters { return presenter.evaluate(source) { getters.read($0) } }
          return presenter.evaluate(source, sourcePath.read)
        }
        if let getters { return getters.read(source) }
        return sourcePath.read(source)
      },
      root: source,
      directKeyPath: sourcePath.keyPath,
      skipsEqualValues: presenter == nil,
      deliver: { _, new, kind in
        guard enabled, kind == .change, !binding.isUnbound, !binding.isWritingOnThisThread else { return }
        if let flush {
          binding.scheduleDelivery(flush)
        } else {
          writeTarget(new)
        }
      },
      onRootDeinit: { binding.unbind() }
    )
  }

  /// Writes the source's first value to the target, here or on the binding's actor.
  @inlinable
  func deliverFirst(_ value: SourceValue) {
    if let flush { binding.scheduleDelivery(flush) } else { writeTarget(value) }
  }

  /// A change of the same type: from the registrar's address to the target's setter.
  @inlinable
  static func sameTypeHandler(
    binding: PropertyBinding,
    setter: @escaping RawSetter
  ) -> (RawChange) -> Void {
    let valueType = ObjectIdentifier(TargetValue.self)
    return { change in
      guard change.valueType == valueType, !binding.isUnbound, !binding.isWritingOnThisThread else { return }
      guard let target = binding.liveTarget else {
        binding.unbind()
        return
      }
      binding.updateTarget(with: change.newValue.assumingMemoryBound(to: TargetValue.self).pointee) {
        setter(target, change.newValue)
      }
    }
  }

  /// A change converted: read from the registrar's address, converted, written by address.
  @inlinable
  static func convertingHandler(
    binding: PropertyBinding,
    setter: @escaping RawSetter,
    _ toTarget: @escaping (SourceValue) -> TargetValue
  ) -> (RawChange) -> Void {
    let valueType = ObjectIdentifier(SourceValue.self)
    return { change in
      guard change.valueType == valueType, !binding.isUnbound, !binding.isWritingOnThisThread else { return }
      guard let target = binding.liveTarget else {
        binding.unbind()
        return
      }
      let converted = toTarget(change.newValue.assumingMemoryBound(to: SourceValue.self).pointee)
      binding.updateTarget(with: converted) {
        withUnsafePointer(to: converted) { setter(target, UnsafeRawPointer($0)) }
      }
    }
  }
}
