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
    // its closures), and the target is the binding's own weak reference.
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
    if case .synchronous = options.delivery {
      flush = nil
    } else {
      flush = { [weak source] in
        guard !binding.isUnbound, let source else { return }
        writeTarget(sourcePath.read(source))
      }
    }
  }

  /// Starts observing the source path; returns the observer and the source's first value.
  ///
  /// A path that is one observable property of the source, written to the target by address, needs no
  /// tracked re-evaluation: a ``DirectSourceObserver`` subscribes to that property alone.
  @inlinable
  func attach(target: Target, source: Source) -> (any ObservedSource, SourceValue?) {
    let enabled = options.direction != .targetToSource
    // By address: a target of the source's type is written by the observer itself (a handler is made
    // only if the path turns out not to be one property); a converted value by a handler.
    var targetSetter: RawSetter?
    var converting: ((RawChange) -> Void)?
    if enabled, flush == nil, presenter == nil, conversion.editing == nil, let setter = property.setter {
      if conversion.isIdentity && SourceValue.self == TargetValue.self {
        targetSetter = setter
      } else {
        converting = Self.convertingHandler(binding: binding, setter: setter, conversion.toTarget)
      }
    }
    if targetSetter != nil || converting != nil, let keyPath = sourcePath.keyPath {
      var knownFirst: SourceValue?
      if let observer = Self.attachKnown(
        binding: binding, source: source, keyPath: keyPath, handler: converting, targetSetter: targetSetter,
        first: &knownFirst)
      {
        return (observer, knownFirst)
      }
      // With no presenter, the observer's evaluation is the path's read: made once, here.
      let (first, list) = AccessList.tracking(recordingSetters: true) { sourcePath.read(source) }
      let records = list.records
      if records.count == 1, records[0].object === source, records[0].memberType == SourceValue.self,
        records[0].keyPath == keyPath
      {
        let record = records[0]
        list.recycle()
        ObservablePropertyCache.remember(
          ObservablePropertyInfo(id: record.id, memberType: record.memberType, setter: record.setter), for: keyPath,
          of: source)
        let observer = Self.startDirect(
          binding: binding, source: source, keyPath: keyPath, id: record.id, setter: record.setter,
          storage: record.storage, handler: converting, targetSetter: targetSetter)
        return (observer, first)
      }
      let observer = trackingObserver(source: source, enabled: enabled)
      observer.rawDirectHandler = converting ?? targetSetter.map { Self.sameTypeHandler(binding: binding, setter: $0) }
      binding.attach(observer, reverse: false)
      return (observer, observer.start(after: first, list))
    }
    let observer = trackingObserver(source: source, enabled: enabled)
    observer.rawDirectHandler = converting ?? targetSetter.map { Self.sameTypeHandler(binding: binding, setter: $0) }
    binding.attach(observer, reverse: false)
    return (observer, observer.start(initial: false, recordingSetters: true))
  }

  /// Starts a ``DirectSourceObserver`` when the source key path is known to be one observable property
  /// of its root (``ObservablePropertyCache``), and reads the source's first value into `first`
  /// (through the property's getter when its key table has it). (It returns the observer alone: an
  /// optional tuple of generic types would be looked up at run time on every binding.)
  @inlinable
  static func attachKnown(
    binding: PropertyBinding,
    source: Source,
    keyPath: KeyPath<Source, SourceValue>,
    handler: ((RawChange) -> Void)?,
    targetSetter: RawSetter?,
    first: inout SourceValue?
  ) -> DirectSourceObserver<Source, SourceValue>? {
    guard let known = ObservablePropertyCache.info(for: keyPath, of: source), known.memberType == SourceValue.self,
      let storage = known.storage?(source)
    else { return nil }
    let observer = startDirect(
      binding: binding, source: source, keyPath: keyPath, id: known.id, setter: known.setter, storage: storage,
      handler: handler, targetSetter: targetSetter)
    first = observer.currentValue(of: source, reader: known.reader)
    return observer
  }

  /// Makes a ``DirectSourceObserver`` of the property `id` of `source`, attaches it to the binding and
  /// subscribes it in `storage`, the source's registrar.
  @inlinable
  static func startDirect(
    binding: PropertyBinding,
    source: Source,
    keyPath: KeyPath<Source, SourceValue>,
    id: PropertyID,
    setter: RawSetter?,
    storage: RegistrarStorage,
    handler: ((RawChange) -> Void)?,
    targetSetter: RawSetter?
  ) -> DirectSourceObserver<Source, SourceValue> {
    let observer = DirectSourceObserver(
      source: source, keyPath: keyPath, id: id, setter: setter, binding: binding, storage: storage, handler: handler,
      targetSetter: targetSetter)
    binding.attach(observer, reverse: false)
    observer.start()
    return observer
  }

  /// For a one-way binding of two observable properties of one type, with nothing between them (no
  /// conversion, placeholder, editing form or other actor) and a source property known to be one
  /// observable property: starts its observer and writes the first value by address, with no
  /// `ForwardPath` made. Whether the binding was such a binding (and is now made).
  @inlinable
  static func attachDirectOneWay(
    binding: PropertyBinding,
    target: Target,
    property: TargetProperty<Target, TargetValue>,
    source: Source,
    sourcePath: SourcePath<Source, SourceValue>,
    conversion: Conversion<SourceValue, TargetValue>,
    options: BindingOptions
  ) -> Bool {
    // Nothing between the two properties: no conversion, no placeholder or marker (so no presenter, which
    // is not made to ask: that would look up its generic type), no editing form, no other actor.
    guard options.direction == .sourceToTarget, case .synchronous = options.delivery, conversion.isIdentity,
      conversion.editing == nil, conversion.marker == nil, conversion.placeholders.isEmpty,
      !options.conditionallySetsEnabled, SourceValue.self == TargetValue.self, let setter = property.setter,
      let keyPath = sourcePath.keyPath
    else { return false }
    var first: SourceValue?
    guard
      let observer = attachKnown(
        binding: binding, source: source, keyPath: keyPath, handler: nil, targetSetter: setter, first: &first)
    else { return false }
    binding.setDirection(.sourceToTarget)
    if let first { observer.deliverFirst(first) }
    return true
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
