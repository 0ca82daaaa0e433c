/// Builds the machinery of one binding: a forward observer on the source path, a reverse subscription
/// on the target property, and the writer to the source.
enum BindingFactory {
  static func make<Target: KeyValueObservable, TargetValue, Source: AnyObject, SourceValue>(
    target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, TargetValue>,
    source: Source,
    _ sourceKeyPath: KeyPath<Source, SourceValue>,
    toTarget: @escaping (SourceValue) -> TargetValue,
    toSource: @escaping (TargetValue) -> SourceValue?,
    options: BindingOptions,
    location: String
  ) -> PropertyBinding {
    // Which property of the target is bound: one tracked read tells.
    let (_, targetReads) = AccessList.tracking { _ = target[keyPath: targetKeyPath] }
    let targetRecord = targetReads.records.last { $0.subject === target }
    KeyPathNames.learn(targetReads.records)
    let targetID = targetRecord?.id ?? PropertyID(rawValue: UInt64(truncatingIfNeeded: targetKeyPath.hashValue))

    let binding = PropertyBinding(
      source: source,
      sourceKeyPath: sourceKeyPath,
      target: target,
      targetKeyPath: targetKeyPath,
      targetPropertyID: targetID,
      options: options,
      location: location
    )
    target.keyValueRegistrar.addBinding(binding)

    let requested = options.direction
    let forwardEnabled = requested != .targetToSource
    let synchronous: Bool = if case .synchronous = options.delivery { true } else { false }

    let writeTarget: (SourceValue) -> Void = { [weak target] value in
      guard let target else {
        binding.unbind()
        return
      }
      binding.writing { target[keyPath: targetKeyPath] = toTarget(value) }
    }
    let flush: () -> Void = { [weak source] in
      guard !binding.isUnbound, let source else { return }
      writeTarget(source[keyPath: sourceKeyPath])
    }
    let observer = ValueObserver<SourceValue>(
      evaluate: { [weak source] in source.map { $0[keyPath: sourceKeyPath] } },
      root: source,
      deliver: { _, new, kind in
        guard forwardEnabled, kind == .change, !binding.isUnbound, !binding.isWritingOnThisThread else { return }
        if synchronous {
          writeTarget(new)
        } else {
          binding.scheduleDelivery(flush)
        }
      },
      onRootDeinit: { binding.unbind() }
    )
    binding.onUnbind { observer.cancel() }

    let first = observer.start(initial: false, learnNames: true)

    // Can the source path be written?
    let directWriter = sourceKeyPath as? ReferenceWritableKeyPath<Source, SourceValue>
    let writable = directWriter != nil || KeyPathChain.matches(sourceKeyPath, chain: observer.leaf.chain)
    let reversible = writable && targetRecord != nil
    let direction: BindingDirection =
      switch requested {
      case nil: reversible ? .both : .sourceToTarget
      case .sourceToTarget: .sourceToTarget
      case .both: reversible ? .both : .sourceToTarget
      case .targetToSource: reversible ? .targetToSource : .sourceToTarget
      }
    binding.setDirection(direction)

    let writeSource: (SourceValue) -> Void = { [weak source] value in
      guard let source else {
        binding.unbind()
        return
      }
      if let directWriter {
        binding.writing { source[keyPath: directWriter] = value }
        return
      }
      let leaf = observer.leaf
      guard let object = leaf.object, let writable = leaf.keyPath as? any _BinderyReferenceWritable,
        KeyPathChain.matches(sourceKeyPath, chain: leaf.chain)
      else { return }
      binding.writing { _ = writable._bindery_write(value, to: object) }
    }

    if direction != .sourceToTarget, let targetRecord {
      let channel: Channel = target is any EditableControl ? .userEdit : .change
      let reverse = Subscriber(
        key: SlotKey(id: targetRecord.id, channel: channel),
        storage: target.keyValueRegistrar.storage,
        handler: { [weak target] change in
          guard !binding.isUnbound, !binding.isWritingOnThisThread, let target else { return }
          let value = change.newValue(as: TargetValue.self) ?? target[keyPath: targetKeyPath]
          guard let converted = toSource(value) else { return }
          writeSource(converted)
        }
      )
      target.keyValueRegistrar.add(reverse)
      binding.onUnbind { reverse.cancel() }
    }

    // On creation, the source value goes to the target (or, target-to-source only, the other way).
    if direction == .targetToSource {
      if let converted = toSource(target[keyPath: targetKeyPath]) { writeSource(converted) }
    } else if let first {
      if synchronous { writeTarget(first) } else { binding.scheduleDelivery(flush) }
    }
    return binding
  }
}
