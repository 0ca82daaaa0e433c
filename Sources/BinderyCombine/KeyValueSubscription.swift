#if canImport(Combine) || OpenCombine
  #if canImport(Combine)
    public import Combine
  #else
    public import OpenCombine
  #endif
  public import Bindery

  /// One subscription to a ``KeyValuePublisher``: an observation of the object that hands its values to
  /// the subscriber one at a time, as far as its demand goes.
  ///
  /// A publisher is mostly subscribed to from code that is not specialized for its types (a `sink`
  /// goes through Combine's generic `subscribe`), so the path of one value touches no type generic
  /// over them but the values themselves: the counters behind the lock are a concrete type, and
  /// what is generic (the subscriber, the values that wait) is reached only when it must be.
  @usableFromInline
  final class KeyValueSubscription<Value, Downstream: Subscriber>: Subscription, ObjectEndListener,
    @unchecked Sendable
  where Downstream.Input == Value, Downstream.Failure == Never {
    // Unchecked: every field is read and written behind the lock, but `downstream`, which the thread
    // that holds `isDelivering` also reads (and nobody else changes meanwhile).
    @usableFromInline
    let lock = Locked(DeliveryState())
    /// The subscriber, until the subscription is cancelled or finishes (in a box: an optional
    /// reference is copied without asking the runtime for the optional's type).
    @usableFromInline @exclusivity(unchecked)
    var downstream: HeldSubscriber<Downstream>?
    /// Values that came while another was being delivered or while there was no demand (then only
    /// the newest), oldest first.
    @usableFromInline @exclusivity(unchecked)
    var waiting: [Value] = []
    /// The observation of the object, until the subscription is cancelled or finishes. It holds this
    /// subscription, as a subject holds its subscriptions: giving it up ends the cycle.
    @usableFromInline @exclusivity(unchecked)
    var observation: ObjectLifetimeObservation<Value>?

    @inlinable
    init<Object: KeyValueObservable>(_ object: Object?, _ keyPath: KeyPath<Object, Value>, _ downstream: Downstream) {
      self.downstream = HeldSubscriber(downstream)
      let observation = ObjectLifetimeObservation(
        object, keyPath,
        deliver: { [self] _, value, _ in take(value) },
        onGone: { [subscription = self as any ObjectEndListener] in subscription.objectWentAway() }
      )
      lock.withLock { _ in self.observation = observation }
    }

    /// Starts observing, with the current value first when `initial`.
    @inlinable
    func start(initial: Bool) {
      let observation = lock.withLock { state in state.isCancelled ? nil : self.observation }
      observation?.start(initial: initial)
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
      let delivers = lock.withLock { state -> Bool in
        if state.isCancelled { return false }
        state.demand += demand
        if state.isDelivering || (state.waitingCount == 0 && !state.objectIsGone) { return false }
        state.isDelivering = true
        return true
      }
      if delivers { deliver(adding: .none) }
    }

    @inlinable
    func cancel() {
      var released: HeldSubscriber<Downstream>?
      var dropped: [Value] = []
      var observation: ObjectLifetimeObservation<Value>?
      lock.withLock { state in
        if state.isCancelled { return }
        state.isCancelled = true
        state.waitingCount = 0
        swap(&dropped, &waiting)
        observation = self.observation.take()
        // A thread delivering a value lets the subscriber go when it is done.
        if !state.isDelivering { released = downstream.take() }
      }
      observation?.cancel()
      // Outside the lock: letting them go may run their code.
      _ = consume released
      _ = consume dropped
    }

    /// A new value of the key path, on the thread that changed it.
    @inlinable
    func take(_ value: Value) {
      let step = lock.withLock { state -> TakenValue in
        if state.isCancelled { return .leave }
        if !state.isDelivering && state.waitingCount == 0 && state.demand > 0 {
          state.demand -= 1
          state.isDelivering = true
          return .sendNow
        }
        return .wait
      }
      switch step {
      case .sendNow: deliver(adding: downstream.unsafelyUnwrapped.subscriber.receive(value))
      case .wait: wait(value)
      case .leave: break
      }
    }

    /// A value that cannot go to the subscriber now: it waits, alone if the subscriber has no demand,
    /// and goes at once if the thread that delivered has finished meanwhile.
    @usableFromInline
    func wait(_ value: Value) {
      var dropped: [Value] = []
      let delivers = lock.withLock { state -> Bool in
        if state.isCancelled { return false }
        if state.demand == 0 { swap(&dropped, &waiting) }
        waiting.append(value)
        state.waitingCount = waiting.count
        if state.isDelivering || state.demand == 0 { return false }
        state.isDelivering = true
        return true
      }
      // Outside the lock: letting a value go may run its code, which may change the object again.
      _ = consume dropped
      if delivers { deliver(adding: .none) }
    }

    @inlinable
    func objectWentAway() {
      let delivers = lock.withLock { state -> Bool in
        state.objectIsGone = true
        if state.isDelivering || state.isCancelled { return false }
        state.isDelivering = true
        return true
      }
      if delivers { deliver(adding: .none) }
    }

    /// Hands the waiting values to the subscriber while it has demand, then the end if the object
    /// went away; called by the thread that set `isDelivering`, which it clears when done.
    @inlinable
    func deliver(adding demand: Subscribers.Demand) {
      // The common case first, without the generic values of the rest: nothing waits.
      let done = lock.withLock { state -> Bool in
        state.demand += demand
        guard !state.isCancelled && state.waitingCount == 0 && !state.objectIsGone else { return false }
        state.isDelivering = false
        return true
      }
      if !done { deliverWaiting() }
    }

    /// Hands the waiting values on, then the end if the object went away (see `deliver(adding:)`).
    @usableFromInline
    func deliverWaiting() {
      var added = Subscribers.Demand.none
      while true {
        var next: Value?
        var released: HeldSubscriber<Downstream>?
        var dropped: [Value] = []
        var observation: ObjectLifetimeObservation<Value>?
        let step = lock.withLock { state -> DeliveryStep in
          state.demand += added
          if state.isCancelled {
            state.isDelivering = false
            released = downstream.take()
            return .stop
          }
          if state.waitingCount == 0 && !state.objectIsGone {
            state.isDelivering = false
            return .stop
          }
          if state.waitingCount > 0 && state.demand > 0 {
            state.demand -= 1
            next = waiting.removeFirst()
            state.waitingCount = waiting.count
            return .send
          }
          if state.waitingCount > 1, let newest = waiting.popLast() {
            swap(&dropped, &waiting)
            waiting.append(newest)
            state.waitingCount = 1
          }
          state.isDelivering = false
          guard state.objectIsGone else { return .stop }
          state.isCancelled = true
          state.waitingCount = 0
          swap(&dropped, &waiting)
          observation = self.observation.take()
          released = downstream.take()
          return .finish
        }
        switch step {
        case .send:
          added = downstream.unsafelyUnwrapped.subscriber.receive(next.unsafelyUnwrapped)
        case .finish:
          observation?.cancel()
          released?.subscriber.receive(completion: .finished)
          _ = consume dropped
          return
        case .stop:
          _ = consume dropped
          return
        }
      }
    }
  }

  /// A subscriber, held by the subscription until it is cancelled or finishes.
  @usableFromInline
  final class HeldSubscriber<Downstream> {
    @usableFromInline
    let subscriber: Downstream

    @inlinable
    init(_ subscriber: Downstream) {
      self.subscriber = subscriber
    }
  }

  /// The counters of a subscription's delivery, behind its lock.
  @usableFromInline
  struct DeliveryState {
    @usableFromInline var demand = Subscribers.Demand.none
    /// How many values wait in the subscription.
    @usableFromInline var waitingCount = 0
    /// Whether a thread is handing values to the subscriber: the others leave theirs waiting.
    @usableFromInline var isDelivering = false
    /// Whether the object went away: the subscriber gets `.finished` after what it may still take.
    @usableFromInline var objectIsGone = false
    /// Whether the subscription was cancelled or has finished.
    @usableFromInline var isCancelled = false

    @inlinable
    init() {}
  }

  /// What a thread that brings a new value does with it.
  @usableFromInline
  enum TakenValue {
    case sendNow
    case wait
    case leave
  }

  /// What a delivering thread does next.
  @usableFromInline
  enum DeliveryStep {
    case send
    case finish
    case stop
  }

  /// What learns that an observed object went away (its end comes on whatever thread releases it).
  @usableFromInline
  protocol ObjectEndListener: AnyObject, Sendable {
    /// The observed object deinitialized.
    func objectWentAway()
  }
#endif
