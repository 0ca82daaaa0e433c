/// Follows a binding's target path of several steps (`\.aView.text`, ILBinding's
/// `boundToKeyPath:@"aView.someOtherKeyPath"`) as a source chain is followed: an observer of the path
/// from the target (the same ``ValueObserver`` a source chain has) hears when an object on the way is
/// replaced; then the binding's subscriptions to the last property (a user's edits, the end of
/// editing) move to the object the path reaches now, and the binding is told (``didRetarget``), to
/// write the source's value to it at once and to move what it adds to that object (an input of its
/// `isEnabled`).
///
/// A change of the last property itself is not re-evaluated here (the observer delivers it to no one
/// in chain mode): the subscriptions on that property take it, as a one-step target's do.
@usableFromInline
final class TargetChain<Target: AnyObject, ChainValue>: Cancellable, @unchecked Sendable {
  /// One subscription the binding wants on the last property: its channel (`.change` is a user's edits
  /// when the object is an ``EditableControl``) and what it does.
  @usableFromInline
  struct Wanted {
    @usableFromInline
    let channel: Channel
    @usableFromInline
    let hearsEdits: Bool
    @usableFromInline
    let handler: (RawChange) -> Void

    @usableFromInline
    init(channel: Channel, hearsEdits: Bool, handler: @escaping (RawChange) -> Void) {
      self.channel = channel
      self.hearsEdits = hearsEdits
      self.handler = handler
    }
  }

  @usableFromInline
  struct State {
    @usableFromInline
    var wanted: [Wanted] = []
    /// The last property's registrar and identifier, where the subscriptions are now.
    @usableFromInline
    var storage: RegistrarStorage?
    @usableFromInline
    var id = PropertyID(rawValue: 0)
    @usableFromInline
    var subscribers: [Subscriber] = []
    @usableFromInline
    var observer: ValueObserver<ChainValue>?
    @usableFromInline
    var isCancelled = false
    @usableFromInline
    init() {}
  }

  @usableFromInline
  let binding: PropertyBinding
  @usableFromInline
  let keyPath: KeyPath<Target, ChainValue>
  /// Called after a re-target with the object whose last property the path reaches now (`nil` while a
  /// `nil` on the way breaks the path): writes the source's current value to it.
  @usableFromInline
  let didRetarget: (AnyObject?) -> Void
  @usableFromInline
  let state = Locked(State())

  @inlinable
  init(binding: PropertyBinding, keyPath: KeyPath<Target, ChainValue>, didRetarget: @escaping (AnyObject?) -> Void) {
    self.binding = binding
    self.keyPath = keyPath
    self.didRetarget = didRetarget
  }

  /// Subscribes `handler` to `channel` of the last property, on the object the path reaches now and
  /// on each object it reaches later; `.change` is a user's edits for an ``EditableControl``.
  @inlinable
  func subscribe(_ channel: Channel, hearingEdits: Bool = false, handler: @escaping (RawChange) -> Void) {
    state.withLock { $0.wanted.append(Wanted(channel: channel, hearsEdits: hearingEdits, handler: handler)) }
  }

  /// Starts following the path from `target`: subscribes to every object on the way and to the last
  /// property of the object reached now (no value is written: the binding writes its first value).
  @inlinable
  func start(target: Target) {
    let binding = binding
    let keyPath = keyPath
    let observer = ValueObserver<ChainValue>(
      evaluate: {
        guard let object = binding.liveTarget else { return nil }
        return unsafeDowncast(object, to: Target.self)[keyPath: keyPath]
      },
      root: target,
      directKeyPath: keyPath,
      skipsEqualValues: false,
      needsOldValue: false,
      deliver: { [weak self] _, _, kind in
        guard kind == .change, let self else { return }
        self.followTarget(retargeted: true)
      },
      onRootDeinit: { binding.unbind() }
    )
    // In chain mode a change of the last property goes here, by address, and is dropped: the
    // subscriptions below take it. A change of an earlier hop re-evaluates and delivers.
    observer.rawDirectHandler = { _ in }
    let cancelled = state.withLock { state -> Bool in
      if !state.isCancelled { state.observer = observer }
      return state.isCancelled
    }
    guard !cancelled else { return }
    observer.start(initial: false, recordingSetters: true)
    followTarget(retargeted: false)
  }

  /// Moves the subscriptions to the last property of the object the path reaches now, if it is not
  /// the one they are on; then, after a re-target, tells the binding (which writes the source's value
  /// to it; nothing is written while a `nil` breaks the path).
  ///
  /// Another thread may re-target between the read of the path and the move: the path is read again
  /// after each move, until it reaches the property the subscriptions are on.
  @inlinable
  func followTarget(retargeted: Bool) {
    var retargeted = retargeted
    for _ in 0..<8 {
      guard let object = binding.liveTarget, !binding.isUnbound else { return }
      let target = unsafeDowncast(object, to: Target.self)
      let (_, list) = AccessList.tracking { _ = target[keyPath: keyPath] }
      // The last read is the last property, when the path reaches it (not broken by a `nil`).
      let last = list.records.count >= 2 && list.records[0].object === target ? list.records.last : nil
      let leafObject = last?.object
      let storage = last?.storage
      let id = last?.id ?? PropertyID(rawValue: 0)
      list.recycle()
      let isControl = leafObject is any EditableControl
      // Moved under the lock (the registrar's own lock is taken inside it, and calls nothing back): a
      // subscriber is never added after another thread's move or cancel took it out.
      let stale = state.withLock { state -> [Subscriber]? in
        guard !state.isCancelled, state.storage !== storage || state.id != id else { return nil }
        let stale = state.subscribers
        for subscriber in stale { subscriber.cancel() }
        var fresh: [Subscriber] = []
        if let storage {
          fresh = state.wanted.map { wanted in
            let channel: Channel = wanted.hearsEdits && isControl ? .userEdit : wanted.channel
            return ClosureSubscriber(key: SlotKey(id: id, channel: channel), storage: storage, handler: wanted.handler)
          }
          for subscriber in fresh { storage.add(subscriber) }
        }
        state.storage = storage
        state.id = id
        state.subscribers = fresh
        return stale
      }
      guard let stale else {
        resubscribeObserver(ifNotOn: storage)
        return
      }
      // Released here, outside the lock.
      withExtendedLifetime(stale) {}
      if retargeted { didRetarget(leafObject) }
      withExtendedLifetime(leafObject) {}
      retargeted = true
      resubscribeObserver(ifNotOn: storage)
    }
  }

  /// Has the observer of the path read it again when its last subscription is not on `storage` (the
  /// last property's registrar): two threads re-targeting at once may leave it on an object the path
  /// no longer reaches.
  @inlinable
  func resubscribeObserver(ifNotOn storage: RegistrarStorage?) {
    guard let storage, let observer = state.withLock({ $0.observer }),
      observer.state.withLock({ $0.subscribers.last?.storage }) !== storage
    else { return }
    observer.reevaluate(deliverChange: false)
  }

  /// The object whose last property the path reaches now from `target` (`nil` when a `nil` breaks it).
  @inlinable
  func lastObject(of target: Target) -> AnyObject? {
    let (_, list) = AccessList.tracking { _ = target[keyPath: keyPath] }
    defer { list.recycle() }
    return list.records.count >= 2 && list.records[0].object === target ? list.records.last?.object : nil
  }

  /// Ends following: the observer of the path and every subscription to the last property.
  @inlinable
  func cancel() {
    let (observer, subscribers) = state.withLock { state -> (ValueObserver<ChainValue>?, [Subscriber]) in
      state.isCancelled = true
      // Under the lock, as a move: none is added after this.
      for subscriber in state.subscribers { subscriber.cancel() }
      defer {
        state.observer = nil
        state.subscribers = []
        state.wanted = []
        state.storage = nil
      }
      return (state.observer, state.subscribers)
    }
    observer?.cancel()
    // Released here, outside the lock.
    withExtendedLifetime(subscribers) {}
  }
}
