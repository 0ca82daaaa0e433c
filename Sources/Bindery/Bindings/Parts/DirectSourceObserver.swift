public import Synchronization

/// The observer of a binding whose source path is one observable property of the source (`\.value`,
/// not a chain or a computed property): one subscription to that property, whose changes go by address
/// to the target, with no tracked re-evaluation and no copy of the value kept.
///
/// Inside a transaction, the property's final value is written once, and not at all when it ends
/// where it began.
@usableFromInline
final class DirectSourceObserver<Source: AnyObject, Value>: Subscriber, ObservedSource, DeferredDelivery,
  @unchecked Sendable
{
  @usableFromInline
  weak var source: Source?
  @usableFromInline
  let keyPath: KeyPath<Source, Value>
  @usableFromInline
  let setter: RawSetter?
  @usableFromInline
  let binding: PropertyBinding
  /// Writes the target's property, of the source property's type, from a change's address: given
  /// instead of a handler, so the observer writes each change itself (no closure made per binding).
  @usableFromInline
  let targetSetter: RawSetter?
  @usableFromInline
  let cancelled = Atomic<Bool>(false)
  /// The value before the first change of the current transaction; behind ``withState(_:)``.
  @usableFromInline
  let state = Mutex<DirectObserverState>(DirectObserverState())

  /// Observes `keyPath` of `source`, the observable property `id` (written by `setter`) of the
  /// registrar whose storage is `storage`, with `handler` (what a change does: writes the target
  /// converted; also what the end of a transaction does), or, for a target property of the same type,
  /// `targetSetter` (the change written by address); call ``start()`` next. The observer is its own
  /// subscriber: one object.
  @inlinable
  init(
    source: Source,
    keyPath: KeyPath<Source, Value>,
    id: PropertyID,
    setter: RawSetter?,
    binding: PropertyBinding,
    storage: RegistrarStorage,
    handler: ((RawChange) -> Void)?,
    targetSetter: RawSetter?
  ) {
    self.source = source
    self.keyPath = keyPath
    self.setter = setter
    self.binding = binding
    self.targetSetter = targetSetter
    super.init(key: SlotKey(id: id, channel: .change), storage: storage, handler: handler ?? { _ in })
  }

  /// A change of the source property: written to the target by address (same type), or handed to the
  /// handler.
  @inlinable
  override func deliver(_ change: RawChange) {
    guard let targetSetter else {
      handler(change)
      return
    }
    guard change.valueType == ObjectIdentifier(Value.self), !binding.isUnbound, !binding.isWritingOnThisThread
    else { return }
    guard let target = binding.liveTarget else {
      binding.unbind()
      return
    }
    binding.updateTarget(with: change.newValue.assumingMemoryBound(to: Value.self).pointee) {
      targetSetter(target, change.newValue)
    }
  }

  /// The property's identifier in the source's registrar.
  @inlinable
  var id: PropertyID { key.id }

  /// This observer takes its own changes at the end of a transaction.
  @inlinable
  override var deferredDelivery: (any DeferredDelivery)? { self }

  /// Subscribes to changes of the property in the source's registrar (not if already cancelled).
  @inlinable
  func start() {
    guard !cancelled.load(ordering: .acquiring) else { return }
    storage.add(self)
    // A cancel that ran meanwhile may have found nothing to remove.
    if cancelled.load(ordering: .acquiring) { storage.remove(self) }
  }

  /// Runs `body` with the state locked, telling the thread sanitizer about the lock (it does not see
  /// `Mutex`'s futex), as ``Locked`` does. Inlined, so no `Optional<Result>` is looked up at run time
  /// (this class's methods are not specialised).
  @inline(__always)
  @inlinable
  func withState<Result>(_ body: (inout DirectObserverState) -> Result) -> Result {
    state.withAnnotatedLock(Unmanaged.passUnretained(self).toOpaque(), body)
  }

  @inlinable
  var leaf: ObservedLeaf {
    ObservedLeaf(
      object: source, keyPath: keyPath, chain: [ChainHop(keyPath: keyPath, throughOptional: nil)], setter: setter,
      memberType: Value.self)
  }

  @inlinable
  var isDirectMode: Bool { true }

  @inlinable
  override func cancel() {
    guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    storage.remove(self)
  }

  /// The property's value on `source`, read untracked (an evaluation tracking this thread does not
  /// record it): through `reader`, the property's getter, when given, else through the key path.
  @inlinable
  func currentValue(of source: Source, reader: KeyValueReader?) -> Value {
    let context = ThreadContext.current
    let outer = context.tracking
    context.tracking = nil
    defer { context.tracking = outer }
    if let reader, let value = reader.value(of: source, as: Value.self) { return value }
    return source[keyPath: keyPath]
  }

  /// Writes the source's first value to the target, by address, as a change is written.
  @inlinable
  func deliverFirst(_ value: Value) {
    withUnsafePointer(to: value) { pointer in
      deliver(RawChange(id: id, oldValue: pointer, newValue: pointer, valueType: ObjectIdentifier(Value.self)))
    }
  }

  @inlinable
  func deferChange(_ change: RawChange) {
    guard !cancelled.load(ordering: .relaxed) else { return }
    withState { state in
      guard !state.deferredOld.isSet else { return }
      state.deferredOld = DeferredOldValue(isSet: true, value: change.oldValue(as: Value.self))
    }
  }

  /// The source was deallocated: the binding ends.
  @inlinable
  func observedObjectDidDeinit() {
    binding.unbind()
  }

  @inlinable
  func flushDeferred() {
    let old = withState { state in
      defer { state.deferredOld = DeferredOldValue() }
      return state.deferredOld.value
    }
    guard !cancelled.load(ordering: .relaxed), !binding.isUnbound else { return }
    guard let source else {
      binding.unbind()
      return
    }
    let value = source[keyPath: keyPath]
    if let old = old as? Value, let isEqual = makeEquality(Value.self), isEqual(old, value) { return }
    withUnsafePointer(to: value) { pointer in
      deliver(RawChange(id: id, oldValue: pointer, newValue: pointer, valueType: ObjectIdentifier(Value.self)))
    }
  }
}

/// What a ``DirectSourceObserver`` keeps behind its lock (not nested in the generic observer, so
/// making one costs no runtime type lookup).
@usableFromInline
struct DirectObserverState: @unchecked Sendable {
  @usableFromInline
  var deferredOld = DeferredOldValue()

  @usableFromInline
  init() {}
}

/// The value a ``DirectSourceObserver``'s property had before the first change of a transaction.
@usableFromInline
struct DeferredOldValue {
  @usableFromInline
  var isSet = false
  @usableFromInline
  var value: Any?

  @usableFromInline
  init(isSet: Bool = false, value: Any? = nil) {
    self.isSet = isSet
    self.value = value
  }
}
