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
      makeGroup(combination, delivery: delivery) { [weak target] value in
        guard let target else { return }
        // `TargetValue` is `Bool` (the caller checked).
        property.write(withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: TargetValue.self) }, to: target)
      }
    }
    addInput(binding, to: group, source: source, sourcePath, toTarget: toTarget)
    binding.attach(CombinedInput(group: group, binding: binding), as: .forward)
  }

  /// How the property at the end of `path` from `target` combines its bindings, read on the object the
  /// path reaches now (`nil` when it does not combine them, or a `nil` breaks the path).
  @inlinable
  static func combination<Target: AnyObject, Value>(
    atEndOf path: KeyPath<Target, Value>,
    from target: Target
  ) -> BooleanCombination? {
    let (_, reads) = AccessList.tracking { _ = target[keyPath: path] }
    defer { reads.recycle() }
    guard reads.records.count >= 2, reads.records[0].object === target, let last = reads.records.last else {
      return nil
    }
    return (type(of: last.object) as? any BooleanCombining.Type)?.booleanCombination(for: last.keyPath)
  }

  /// Makes `binding` one more input of the combining Boolean property at the end of the target path
  /// `path` (`\.aView.isHidden`): of the group of the object the path reaches now, and after a
  /// replacement of the object it reaches then, which is written at once (the object left keeps what
  /// its other inputs say). Nothing is written while a `nil` breaks the path.
  @inlinable
  static func attachFollowing<Target: KeyValueObservable, TargetValue, Source: AnyObject, SourceValue>(
    _ binding: PropertyBinding,
    combination: BooleanCombination,
    target: Target,
    path: KeyPath<Target, TargetValue>,
    source: Source,
    _ sourcePath: SourcePath<Source, SourceValue>,
    toTarget: @escaping (SourceValue) -> TargetValue,
    delivery: BindingDelivery = .synchronous
  ) {
    target.keyValueRegistrar.addBinding(binding, replacing: false)
    binding.setDirection(.sourceToTarget)
    let input = FollowedCombinedInput(binding: binding) { object, binding in
      guard let target = binding.liveTarget(as: Target.self),
        let owner = object as? any KeyValueObservable,
        let source = binding.liveSource(as: Source.self)
      else { return nil }
      // The last property of the path, on `object`: a Boolean the macro writes by address.
      let (_, reads) = AccessList.tracking(recordingSetters: true) { _ = target[keyPath: path] }
      let last = reads.records.count >= 2 ? reads.records.last : nil
      reads.recycle()
      guard let last, last.object === object, last.memberType == Bool.self, let setter = last.setter else {
        return nil
      }
      let group = owner.keyValueRegistrar.combinedGroup(for: last.id) {
        makeGroup(combination, delivery: delivery) { [weak object] value in
          guard let object else { return }
          withUnsafePointer(to: value) { setter(object, UnsafeRawPointer($0)) }
        }
      }
      addInput(binding, to: group, source: source, sourcePath, toTarget: toTarget)
      return group
    }
    binding.attach(input, as: .forward)
    // Followed as any target path: the chain tells when the object at its end is another.
    let chain = TargetChain(binding: binding, keyPath: path) { input.follow($0) }
    binding.attach(chain, as: .targetChain)
    chain.start(target: target)
    input.follow(chain.lastObject(of: target))
  }

  /// A group writing its combined value with `write`, where `delivery` says.
  @inlinable
  static func makeGroup(
    _ combination: BooleanCombination,
    delivery: BindingDelivery,
    write: @escaping (Bool) -> Void
  ) -> CombinedBooleanBinding {
    if case .synchronous = delivery { return CombinedBooleanBinding(combination: combination, write: write) }
    let latest = LatestDelivery(delivery, write: write)
    return CombinedBooleanBinding(combination: combination) { latest.deliver($0) }
  }

  /// Adds `binding` to `group` as an input reading `sourcePath` of `source` through `toTarget` (whose
  /// values are `Bool`, or `Bool?` at the end of a target path through optionals).
  @inlinable
  static func addInput<TargetValue, Source: AnyObject, SourceValue>(
    _ binding: PropertyBinding,
    to group: CombinedBooleanBinding,
    source: Source,
    _ sourcePath: SourcePath<Source, SourceValue>,
    toTarget: @escaping (SourceValue) -> TargetValue
  ) {
    // An input that is one observable property of its source (not a value computed from one) is
    // followed by address (its converted value read as a `Bool`).
    let (_, sourceReads) = AccessList.tracking { _ = sourcePath.read(source) }
    let sourceRecord =
      TargetValue.self == Bool.self && sourceReads.records.count == 1 && sourceReads.records[0].object === source
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
