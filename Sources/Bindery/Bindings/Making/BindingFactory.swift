/// Builds the machinery of one binding from its parts: the target property it writes
/// (``TargetProperty``), the source path it reads and may write (``SourcePath``, ``SourceWriter``), how
/// values convert (``Conversion``), the placeholders it presents (``MarkerPresenter``), and the binding
/// that keeps its state and guards its echoes (``PropertyBinding``).
///
/// Where both ends are single observable properties of the same type, values travel by address from
/// the registrar to the other end's setter: no key path is applied and no generic code runs on the way.
@usableFromInline
enum BindingFactory {
  @inlinable
  static func make<Target: KeyValueObservable, TargetValue, Source: AnyObject, SourceValue>(
    target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, TargetValue>,
    source: Source,
    _ sourcePath: SourcePath<Source, SourceValue>,
    _ conversion: Conversion<SourceValue, TargetValue>,
    options: BindingOptions,
    file: StaticString,
    line: UInt,
    targetChain: KeyPath<Target, TargetValue>? = nil
  ) -> PropertyBinding {
    // Which property of the target is bound: one tracked read tells. (`targetChain` is the path through
    // optionals that `targetKeyPath` reads and writes through.)
    var property = TargetProperty(of: target, targetKeyPath, chainPath: targetChain)
    var targetChain = targetChain
    // A key path that writes a path through optionals (made for a definition file) follows that path.
    if targetChain == nil, property.setter == nil, !property.isChain,
      let known = TargetChainPaths.chain(writtenBy: targetKeyPath) as? KeyPath<Target, TargetValue>
    {
      targetChain = known
      property = TargetProperty(of: target, targetKeyPath, chainPath: known)
    }
    // A path through optionals is the binding's target key path as written (`\.aView?.text`), for its
    // description and for `binding(for:)`.
    let boundKeyPath: AnyKeyPath = targetChain ?? targetKeyPath

    // A Boolean property that combines its bindings (AND, OR) gets this one as one more input; at the
    // end of a target path (`\.aView.isHidden`), the property of the object the path reaches, followed.
    if property.isChain, TargetValue.self == Bool.self || TargetValue.self == Bool?.self,
      let combination = options.combining
        ?? CombinedInputPath.combination(atEndOf: targetChain ?? targetKeyPath, from: target)
    {
      let binding = PropertyBinding(
        source: source, sourceKeyPath: sourcePath.keyPath, sourcePathText: sourcePath.text, target: target,
        targetKeyPath: boundKeyPath, targetPropertyID: property.id, options: options, file: file, line: line)
      CombinedInputPath.attachFollowing(
        binding, combination: combination, target: target, path: targetChain ?? targetKeyPath, source: source,
        sourcePath, toTarget: conversion.toTarget, delivery: options.delivery)
      return binding
    }
    if TargetValue.self == Bool.self, !property.isChain,
      let combination = options.combining
        ?? (Target.self as? any BooleanCombining.Type)?.booleanCombination(for: targetKeyPath)
    {
      let binding = PropertyBinding(
        source: source, sourceKeyPath: sourcePath.keyPath, sourcePathText: sourcePath.text, target: target,
        targetKeyPath: boundKeyPath, targetPropertyID: property.id, options: options, file: file, line: line)
      CombinedInputPath.attach(
        binding, combination: combination, target: target, property, source: source, sourcePath,
        toTarget: conversion.toTarget, delivery: options.delivery)
      return binding
    }

    // A source path that is one observable property, written to the target with nothing between
    // (converted at most): the binding is the property's subscriber itself.
    var first: SourceValue?
    var tracked: AccessList?
    var made: PropertyBinding?
    var observer: (any ObservedSource)?
    if options.direction != .targetToSource, options.hasSynchronousDelivery,
      conversion.editing == nil && conversion.marker == nil && conversion.placeholders.isEmpty,
      !options.conditionallySetsEnabled, let targetSetter = property.setter, let keyPath = sourcePath.keyPath
    {
      // The conversion's closure alone, and only when it converts (the conversion is not copied).
      let toTarget = conversion.isIdentity && SourceValue.self == TargetValue.self ? nil : conversion.toTarget
      let direct = makeDirect(
        target: target, targetKeyPath, property: property, targetSetter: targetSetter, source: source, keyPath,
        sourcePath, toTarget: toTarget, toTargetByAddress: conversion.toTargetByAddress, options: options, file: file,
        line: line, first: &first, tracked: &tracked)
      if let direct {
        // One way: nothing more to make; the first value is written here, with the types known.
        if options.direction == .sourceToTarget {
          direct.setDirection(.sourceToTarget)
          if let first, !direct.isUnbound {
            let value = toTarget.map { $0(first) } ?? unsafeBitCast(first, to: TargetValue.self)
            direct.updateTarget(with: value) { property.write(value, to: target) }
          }
          return direct
        }
        made = direct
        observer = direct
      }
    }
    let binding =
      made
      ?? PropertyBinding(
        source: source, sourceKeyPath: sourcePath.keyPath, sourcePathText: sourcePath.text, target: target,
        targetKeyPath: boundKeyPath, targetPropertyID: property.id, options: options, file: file, line: line)
    if made == nil { target.keyValueRegistrar.addBinding(binding) }

    let presenter = conversion.presenter(conditionallySetsEnabled: options.conditionallySetsEnabled)
    let forward = ForwardPath(
      binding: binding, target: target, property: property, source: source, sourcePath: sourcePath,
      conversion: conversion, presenter: presenter, options: options)
    if observer == nil {
      (observer, first) = forward.attach(target: target, source: source, tracked: tracked, first: first)
    }
    let observed = observer.unsafelyUnwrapped

    // Can the source path be written? (Not asked when the binding is one-way by request.)
    let sourceWriter: SourceWriter<Source, SourceValue>? =
      options.direction == .sourceToTarget ? nil : SourceWriter(sourcePath: sourcePath, observer: observed)
    let reversible =
      conversion.isReversible && sourceWriter?.isWritable == true && (property.isObservable || property.isChain)
    let direction: BindingDirection =
      switch options.direction {
      case nil: reversible ? .both : .sourceToTarget
      case .sourceToTarget: .sourceToTarget
      case .both: reversible ? .both : .sourceToTarget
      case .targetToSource: reversible ? .targetToSource : .sourceToTarget
      }
    binding.setDirection(direction)

    // Conditionally enabled at the end of a target path: the control the path reaches is enabled only
    // while the source path resolves to a selection, and the input follows the path.
    let enabling: FollowedCombinedInput? =
      if options.conditionallySetsEnabled, property.isChain, let presenter {
        ConditionalEnabling.follow(binding: binding) { binding in
          {
            guard let source = binding.liveSource(as: Source.self) else { return nil }
            return presenter.isEnabled(by: presenter.evaluate(source, sourcePath.read))
          }
        }
      } else {
        nil
      }

    // A target path of several steps (`\.aView.text`) is followed: when an object on the way is
    // replaced, the subscriptions below move to the new one, which gets the source's value at once.
    var chain: TargetChain<Target, TargetValue>?
    if property.isChain {
      chain = TargetChain(binding: binding, keyPath: targetChain ?? targetKeyPath) { object in
        enabling?.follow(object)
        guard object != nil, !binding.isUnbound else { return }
        // Target to source: the object reached now gives its value, as the target did on creation.
        if direction == .targetToSource { return binding.writeTargetValueToSource() }
        guard let source = binding.liveSource(as: Source.self) else { return }
        forward.deliverFirst(sourcePath.read(source))
      }
    }

    if direction != .sourceToTarget, property.isObservable || chain != nil, let sourceWriter {
      ReversePath(
        binding: binding, property: property, sourcePath: sourcePath, sourceWriter: sourceWriter,
        conversion: conversion, options: options, writeTarget: forward.writeTarget, chain: chain
      )
      .attach(target: target, source: source, direction: direction)
    }
    if let chain {
      binding.attach(chain, as: .targetChain)
      chain.start(target: target)
    }

    // On creation, the source value goes to the target.
    if direction != .targetToSource, let first {
      forward.deliverFirst(first)
    }

    if let enabling, let chain { enabling.follow(chain.lastObject(of: target)) }
    // Conditionally enabled: the target is enabled only while the source path resolves to a selection.
    if options.conditionallySetsEnabled, !property.isChain, let presenter,
      let control = target as? any EnablingControl
    {
      func addInput<Control: EnablingControl>(_ control: Control) {
        ConditionalEnabling.add(to: control, binding: binding) {
          guard let source = binding.liveSource(as: Source.self) else { return nil }
          return presenter.isEnabled(by: presenter.evaluate(source, sourcePath.read))
        }
      }
      addInput(control)
    }
    return binding
  }

  /// Makes the binding of `targetKeyPath` of `target` to `keyPath` of `source` (its values converted by
  /// `toTarget`, when given, and by address through `toTargetByAddress` when that is given too) as its
  /// own subscriber when
  /// the key path is one observable property of `source` (known from an earlier binding, else found by
  /// one tracked read): subscribed, kept by its target, and `first` holds the source's first value.
  /// Otherwise `nil`, with that read in `first` and `tracked` (for the observer the binding needs).
  @inlinable
  static func makeDirect<Target: KeyValueObservable, TargetValue, Source: AnyObject, SourceValue>(
    target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, TargetValue>,
    property: TargetProperty<Target, TargetValue>,
    targetSetter: @escaping RawSetter,
    source: Source,
    _ keyPath: KeyPath<Source, SourceValue>,
    _ sourcePath: SourcePath<Source, SourceValue>,
    toTarget: ((SourceValue) -> TargetValue)?,
    toTargetByAddress: ConversionByAddress?,
    options: BindingOptions,
    file: StaticString,
    line: UInt,
    first: inout SourceValue?,
    tracked: inout AccessList?
  ) -> DirectPropertyBinding<Source, SourceValue>? {
    var id: PropertyID
    var setter: RawSetter?
    var storage: RegistrarStorage
    var reader: KeyValueReader?
    if let known = ObservablePropertyCache.info(for: keyPath, ofClass: ObjectIdentifier(type(of: source))),
      known.memberType == SourceValue.self, let knownStorage = known.storage?(source)
    {
      (id, setter, storage, reader) = (known.id, known.setter, knownStorage, known.reader)
    } else {
      // One tracked read tells whether the path is one property (and is the first value either way).
      let (value, list) = AccessList.tracking(recordingSetters: true) { sourcePath.read(source) }
      first = value
      let records = list.records
      guard records.count == 1, records[0].object === source, records[0].memberType == SourceValue.self,
        records[0].keyPath == keyPath
      else {
        tracked = list
        return nil
      }
      let record = records[0]
      list.recycle()
      ObservablePropertyCache.remember(
        ObservablePropertyInfo(id: record.id, memberType: record.memberType, setter: record.setter), for: keyPath,
        of: source)
      (id, setter, storage, reader) = (record.id, record.setter, record.storage, nil)
    }
    let binding: DirectPropertyBinding<Source, SourceValue> =
      if let toTarget {
        ConvertingPropertyBinding(
          source: source, keyPath: keyPath, sourcePathText: sourcePath.text, id: id, setter: setter, storage: storage,
          target: target, targetKeyPath: targetKeyPath, targetPropertyID: property.id, targetSetter: targetSetter,
          toTarget: toTarget, toTargetByAddress: toTargetByAddress, options: options, file: file, line: line)
      } else {
        DirectPropertyBinding(
          source: source, keyPath: keyPath, sourcePathText: sourcePath.text, id: id, setter: setter, storage: storage,
          target: target, targetKeyPath: targetKeyPath, targetPropertyID: property.id, targetSetter: targetSetter,
          options: options, file: file, line: line)
      }
    target.keyValueRegistrar.addBinding(binding)
    binding.start()
    // Read after subscribing, so no change falls between (unless the tracked read above was the first).
    if first == nil { first = DirectPropertyBinding.currentValue(of: source, keyPath, reader: reader) }
    return binding
  }
}
