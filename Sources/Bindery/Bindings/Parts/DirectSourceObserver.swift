import Synchronization

/// The observer of a binding whose source path is one observable property of the source (`\.value`,
/// not a chain or a computed property): one subscription to that property, whose changes go by address
/// to the target, with no tracked re-evaluation and no copy of the value kept.
///
/// Inside a transaction, the property's final value is written once, and not at all when it ends
/// where it began.
final class DirectSourceObserver<Source: AnyObject, Value>: ObservedSource, DeferredDelivery, @unchecked Sendable {
  private weak var source: Source?
  private let keyPath: KeyPath<Source, Value>
  private let setter: RawSetter?
  private let binding: PropertyBinding
  /// Writes a source value to the target (the binding's generic way, for transactions).
  private let writeTarget: (Value) -> Void
  private let cancelled = Atomic<Bool>(false)
  /// The subscription, until cancelled (it holds this observer as its deferral: the cycle ends here).
  private let subscriber = Mutex<Subscriber?>(nil)
  /// The value before the first change of the current transaction.
  private let deferredOld = Mutex<DeferredOldValue>(DeferredOldValue())

  /// Observes `record`, the one read of `keyPath` on `source`; call ``start(handler:)`` next.
  init(
    source: Source,
    keyPath: KeyPath<Source, Value>,
    record: AccessRecord,
    binding: PropertyBinding,
    writeTarget: @escaping (Value) -> Void
  ) {
    self.source = source
    self.keyPath = keyPath
    self.setter = record.setter
    self.binding = binding
    self.writeTarget = writeTarget
  }

  /// Subscribes `handler` to changes of the property: `key` in `storage`, the source's registrar.
  func start(key: SlotKey, storage: RegistrarStorage, handler: @escaping (RawChange) -> Void) {
    let subscriber = Subscriber(
      key: key,
      storage: storage,
      handler: handler,
      onOwnerDeinit: { [binding] in binding.unbind() },
      deferral: self
    )
    self.subscriber.withLock { $0 = subscriber }
    storage.add(subscriber)
    if cancelled.load(ordering: .acquiring) { subscriber.cancel() }
  }

  var leaf: ObservedLeaf {
    ObservedLeaf(object: source, keyPath: keyPath, chain: [keyPath], setter: setter, memberType: Value.self)
  }

  var isDirectMode: Bool { true }

  func cancel() {
    guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let subscriber = self.subscriber.withLock { subscriber in
      defer { subscriber = nil }
      return subscriber
    }
    subscriber?.cancel()
  }

  func deferChange(_ change: RawChange) {
    guard !cancelled.load(ordering: .relaxed) else { return }
    deferredOld.withLock { deferred in
      guard !deferred.isSet else { return }
      deferred = DeferredOldValue(isSet: true, value: change.oldValue(as: Value.self))
    }
  }

  func flushDeferred() {
    let old = deferredOld.withLock { deferred in
      defer { deferred = DeferredOldValue() }
      return deferred.value
    }
    guard !cancelled.load(ordering: .relaxed), !binding.isUnbound else { return }
    guard let source else {
      binding.unbind()
      return
    }
    let value = source[keyPath: keyPath]
    if let old = old as? Value, let isEqual = makeEquality(Value.self), isEqual(old, value) { return }
    guard !binding.isWritingOnThisThread else { return }
    writeTarget(value)
  }
}

/// The value a ``DirectSourceObserver``'s property had before the first change of a transaction (not
/// nested in the generic observer, so making one costs no runtime type lookup).
struct DeferredOldValue: @unchecked Sendable {
  var isSet = false
  var value: Any?
}
