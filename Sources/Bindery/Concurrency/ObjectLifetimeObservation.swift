/// An observation of one key path of an object that also says when the object goes away: what the
/// async sequences and the Combine publishers are made of.
///
/// `deliver` gets each value on the thread that changed it (the current value first, with `initial`),
/// equal values skipped; `onGone` runs once, when the object deinitializes, or at ``start(initial:)``
/// when it had already gone. A value that reads nothing observable of the object itself (a `let`, a
/// computed property of other objects) still ends with the object.
@usableFromInline
package final class ObjectLifetimeObservation<Value>: @unchecked Sendable {
  // Unchecked: the observer and the subscribers are thread-safe, and the lifetime subscriber is kept
  // behind the lock.
  private let observer: ValueObserver<Value>
  /// Held weakly: the object's end is heard when its registrar goes with it.
  private weak let registrar: KeyValueRegistrar?
  private let onGone: @Sendable () -> Void
  private let lifetime = Locked<(subscriber: ClosureSubscriber?, cancelled: Bool)>((nil, false))

  /// An observation of `keyPath` of `object` (not yet started), or of nothing when `object` is `nil`.
  @usableFromInline
  package init<Object: KeyValueObservable>(
    _ object: Object?,
    _ keyPath: KeyPath<Object, Value>,
    deliver: @escaping (_ old: Value?, _ new: Value, _ isInitial: Bool) -> Void,
    onGone: @escaping @Sendable () -> Void
  ) {
    self.onGone = onGone
    self.registrar = object?.keyValueRegistrar
    self.observer = ValueObserver<Value>(
      evaluate: { [weak object] in object.map { $0[keyPath: keyPath] } },
      root: object,
      directKeyPath: keyPath,
      deliver: { old, new, kind in
        if kind != .prior { deliver(old, new, kind == .initial) }
      },
      onRootDeinit: onGone
    )
  }

  /// Starts observing; with `initial`, delivers the current value first. Calls `onGone` instead
  /// when the object has already gone.
  @usableFromInline
  package func start(initial: Bool) {
    guard let registrar, observer.start(initial: initial) != nil else { return onGone() }
    let watchesObject = observer.state.withLock { state in
      state.subscribers.contains { $0.storage === registrar.storage }
    }
    if watchesObject { return }
    let onGone = self.onGone
    let subscriber = ClosureSubscriber(
      key: SlotKey(id: #propertyID("$lifetime"), channel: .change),
      storage: registrar.storage,
      handler: { _ in },
      onOwnerDeinit: { onGone() },
      needsOldValue: false
    )
    registrar.add(subscriber)
    let cancelled = lifetime.withLock { state in
      state.subscriber = subscriber
      return state.cancelled
    }
    if cancelled { subscriber.cancel() }
  }

  /// Stops observing, leaving no observer on the object.
  @usableFromInline
  package func cancel() {
    observer.cancel()
    let subscriber = lifetime.withLock { state in
      state.cancelled = true
      return state.subscriber.take()
    }
    subscriber?.cancel()
  }
}
