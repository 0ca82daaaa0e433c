/// A binding that is one more input of a Boolean property combining its bindings (AND, OR): it joins
/// the property's group, read-only, followed by address when it is one observable property of its
/// source. The group writes the property where its first input's ``BindingOptions/delivery`` says.
@usableFromInline
enum CombinedInputPath {
  @inlinable
  static func attach<Target: KeyValueObservable, TargetValue, Source: AnyObject, SourceValue>(
    _ binding: PropertyBinding,
    combination: BooleanCombination,
    target: Target,
    _ property: TargetProperty<Target, TargetValue>,
    source: Source,
    _ sourcePath: SourcePath<Source, SourceValue>,
    toTarget: @escaping (SourceValue) -> TargetValue,
    delivery: BindingDelivery = .synchronous
  ) {
    target.keyValueRegistrar.addBinding(binding, replacing: false)
    binding.setDirection(.sourceToTarget)
    let group = target.keyValueRegistrar.combinedGroup(for: property.id) {
      let write: (Bool) -> Void = { [weak target] value in
        guard let target else { return }
        // `TargetValue` is `Bool` (the caller checked).
        property.write(withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: TargetValue.self) }, to: target)
      }
      if case .synchronous = delivery { return CombinedBooleanBinding(combination: combination, write: write) }
      let latest = LatestDelivery(delivery, write: write)
      return CombinedBooleanBinding(combination: combination) { latest.deliver($0) }
    }
    // An input that is one observable property of its source (not a value computed from one) is
    // followed by address.
    let (_, sourceReads) = AccessList.tracking { _ = sourcePath.read(source) }
    let sourceRecord =
      sourceReads.records.count == 1 && sourceReads.records[0].object === source
        && sourceReads.records[0].memberType == SourceValue.self && sourcePath.keyPath != nil
        && sourceReads.records[0].keyPath == sourcePath.keyPath ? sourceReads.records[0] : nil
    sourceReads.recycle()
    let direct = sourceRecord.map { record in
      CombinedBooleanBinding.DirectSource(
        storage: record.storage,
        id: record.id,
        valueType: ObjectIdentifier(SourceValue.self)
      ) { pointer in
        let converted = toTarget(pointer.assumingMemoryBound(to: SourceValue.self).pointee)
        return withUnsafePointer(to: converted) { UnsafeRawPointer($0).load(as: Bool.self) }
      }
    }
    group.add(binding, direct: direct) {
      guard let source = binding.liveSource(as: Source.self) else { return nil }
      return toTarget(sourcePath.read(source)) as? Bool
    }
    binding.attach(CombinedInput(group: group, binding: binding), reverse: false)
  }
}

/// Writes the latest of a group's values on the main actor or an actor, once for any number of
/// values before it runs (as a binding's ``BindingOptions/delivery`` writes its target).
@usableFromInline
final class LatestDelivery: @unchecked Sendable {
  // Unchecked: `write` is called only where the delivery says, and the waiting value is behind its lock.
  private let delivery: BindingDelivery
  private let write: (Bool) -> Void
  private let waiting = LatestWaiting<Bool>()

  @usableFromInline
  init(_ delivery: BindingDelivery, write: @escaping (Bool) -> Void) {
    self.delivery = delivery
    self.write = write
  }

  /// Keeps `value` as the one to write, and schedules the write unless one is waiting already.
  @usableFromInline
  func deliver(_ value: Bool) {
    guard waiting.keep(value) else { return }
    let flush: @Sendable () -> Void = { [self] in
      guard let value = waiting.take() else { return }
      write(value)
    }
    switch delivery {
    case .synchronous: flush()
    case .mainActor: Task { @MainActor in flush() }
    case .actor(let actor): Task { await runIsolated(on: actor, flush) }
    }
  }
}

/// The latest of values waiting to be written elsewhere: the first one kept asks for the write, the
/// later ones replace it, and the write takes whichever is latest then.
@usableFromInline
final class LatestWaiting<Value>: @unchecked Sendable {
  // Unchecked: the value is behind the lock.
  private let value = Locked<Value?>(nil)

  @usableFromInline
  init() {}

  /// Keeps `newValue` as the latest; whether a write must be scheduled (none was waiting).
  @usableFromInline
  func keep(_ newValue: Value) -> Bool {
    value.withLock { value in
      defer { value = newValue }
      return value == nil
    }
  }

  /// The latest value, now no longer waiting (`nil` when it was taken already).
  @usableFromInline
  func take() -> Value? {
    value.withLock { value in
      defer { value = nil }
      return value
    }
  }
}
