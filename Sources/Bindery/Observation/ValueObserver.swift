public import Synchronization

/// The engine under every observation and binding: evaluates a value with tracked reads, subscribes to
/// what it read, and delivers each change.
///
/// Two modes:
/// - direct: the value is one observable property of the root object; a change is delivered from the
///   registrar's values, with no re-evaluation;
/// - tracked: anything else (a chain, a computed property, a closure); each change re-evaluates with
///   tracked reads and re-subscribes if the reads changed (so `controller.person = other` re-targets).
///   When the value is a chain of observable properties that is exactly the observed key path
///   (`\.person?.firstName`) and a raw handler is set, a change of the chain's last property goes by
///   address to that handler, with no re-evaluation; a change of an earlier hop re-evaluates and
///   subscribes afresh only from the first hop whose object changed.
@usableFromInline
final class ValueObserver<Value>: Cancellable, DeferredDelivery, ObservedSource, @unchecked Sendable {
  @usableFromInline
  typealias Delivery = (_ old: Value?, _ new: Value, _ kind: ChangeKind) -> Void

  @usableFromInline
  enum ChangeKind {
    case initial
    case prior
    case change
  }

  @usableFromInline
  struct State {
    @usableFromInline
    var subscribers: [Subscriber] = []
    /// In chain mode, the subscriber of the chain's last property (its handler delivers by address).
    @usableFromInline
    var leafSubscriber: Subscriber?
    /// Whether `subscribers` all re-evaluate on a change (but `leafSubscriber`), so a re-target may
    /// keep those of the hops before the one that changed.
    @usableFromInline
    var reusable = false
    @usableFromInline
    var lastValue: LastValue<Value>
    @usableFromInline
    var leaf = ObservedLeaf()
    /// In direct mode, the value before the first change of the current coalesced block.
    @usableFromInline
    var deferredOld: Value??

    @usableFromInline
    init(
      subscribers: [Subscriber] = [], leafSubscriber: Subscriber? = nil, lastValue: LastValue<Value>,
      deferredOld: Value?? = nil
    ) {
      self.subscribers = subscribers
      self.leafSubscriber = leafSubscriber
      self.lastValue = lastValue
      self.deferredOld = deferredOld
    }
  }

  /// Evaluates the value; `nil` when the root object is gone.
  @usableFromInline
  let evaluate: () -> Value?
  /// The root object, for key path observations: its death ends the observation.
  @usableFromInline
  let rootIdentifier: ObjectIdentifier?
  /// `==` for `Value` when it is `Equatable`, so an unchanged result is not delivered (`nil` when equal
  /// values may differ in what they show: a `nil` that became not-applicable).
  @usableFromInline
  let isEqual: ((Value, Value) -> Bool)?
  @usableFromInline
  let wantsPrior: Bool
  /// The one property whose changes may be delivered by address (direct mode): the value observed
  /// is that property's value, not something computed from it.
  @usableFromInline
  let directKeyPath: AnyKeyPath?
  /// Whether `deliver` reads old values; when not, direct mode keeps no copy of the value (so an
  /// observed array can be mutated in place) and delivers `nil` as the old value.
  @usableFromInline
  let needsOldValue: Bool
  @usableFromInline
  let deliver: Delivery
  @usableFromInline
  let onRootDeinit: (() -> Void)?
  @usableFromInline
  let cancelled = Atomic<Bool>(false)
  @usableFromInline
  let isDirect = Atomic<Bool>(false)
  /// Counts re-subscriptions in chain mode: a change of the last property delivers only if no
  /// re-target happened since its subscriber was made (another thread may re-target meanwhile).
  @usableFromInline
  let leafGeneration = Atomic<UInt64>(0)
  /// The generation (``leafGeneration``) of the chain's last property's subscriber that began
  /// delivering a change by address since the last evaluation, `0` when none did (so the kept value is
  /// out of date, and the next evaluation delivers whatever it finds). An evaluation compares it with
  /// the subscriber it delivers under (``deliverEvaluated(_:_:generation:)``).
  @usableFromInline
  let leafDelivered = Atomic<UInt64>(0)
  /// Whether the observed key path was found to read more than a chain of observable properties (a
  /// computed property), so later evaluations do not ask again.
  @usableFromInline
  let isNeverChain = Atomic<Bool>(false)
  /// Whether values may be objects, kept weakly as the last value (see ``LastValue``).
  @usableFromInline
  let holdsObjects: Bool
  @usableFromInline
  let state: Locked<State>

  /// The leaf of the last evaluation: where a key path writes back.
  @inlinable
  var leaf: ObservedLeaf { state.withLock { $0.leaf } }

  /// In direct mode, called with each change instead of the generic delivery: set it before `start`,
  /// to deliver with no generic code on the way (bindings whose two ends have the same type). Set
  /// once, before any change can arrive (as the two handlers below): no exclusivity to check.
  @usableFromInline
  @exclusivity(unchecked) var rawDirectHandler: ((RawChange) -> Void)?

  /// In direct mode, called with each change (after the checks of the generic delivery, instead of
  /// it): set it before `start`, to read what the registrar hands over besides the values.
  @usableFromInline
  @exclusivity(unchecked) var directChangeHandler: ((RawChange) -> Void)?

  /// In direct mode, the value before a change, when it cannot be read from the change's old value
  /// (an array mutated in place, rebuilt from what its mutation recorded): what a coalesced block
  /// delivers as the old value.
  @usableFromInline
  @exclusivity(unchecked) var oldValueOfChange: ((RawChange) -> Value?)?

  /// Whether the observed value is one property of the root (direct mode).
  @inlinable
  var isDirectMode: Bool { isDirect.load(ordering: .relaxed) }

  @inlinable
  init(
    evaluate: @escaping () -> Value?,
    root: AnyObject?,
    wantsPrior: Bool = false,
    directKeyPath: AnyKeyPath? = nil,
    skipsEqualValues: Bool = true,
    needsOldValue: Bool = true,
    deliver: @escaping Delivery,
    onRootDeinit: (() -> Void)? = nil
  ) {
    self.evaluate = evaluate
    self.rootIdentifier = root.map(ObjectIdentifier.init)
    self.isEqual = skipsEqualValues ? makeEquality(Value.self) : nil
    self.wantsPrior = wantsPrior
    self.directKeyPath = directKeyPath
    self.needsOldValue = needsOldValue
    self.deliver = deliver
    self.onRootDeinit = onRootDeinit
    // Worked out once: it asks the runtime about the type's conformances.
    let holdsObjects = LastValue<Value>.mayHoldObjects
    self.holdsObjects = holdsObjects
    self.state = Locked(State(lastValue: LastValue(holdingObjects: holdsObjects)))
  }

  @inlinable
  var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

  /// Evaluates, subscribes, and delivers the first value if `initial`; returns the first value.
  @discardableResult
  @inlinable
  func start(initial: Bool, recordingSetters: Bool = false) -> Value? {
    guard let value = reevaluate(deliverChange: false, recordingSetters: recordingSetters) else { return nil }
    if initial { deliver(nil, value, .initial) }
    return value
  }

  /// Subscribes to what an evaluation already made with tracked reads read (`list`, whose records
  /// this observer takes over), `value` being its result; delivers nothing.
  @discardableResult
  @inlinable
  func start(after value: Value, _ list: AccessList) -> Value? {
    var pass = Pass()
    return settle(value, list, deliverChange: false, &pass)
  }

  /// Ends the observation: removes every subscription.
  @inlinable
  func cancel() {
    guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let subscribers = state.withLock { state in
      defer {
        state.subscribers = []
        state.leafSubscriber = nil  // it holds this observer: the cycle ends here
      }
      return state.subscribers
    }
    for subscriber in subscribers { subscriber.cancel() }
  }

  @inlinable
  func rootDidDeinit() {
    guard !isCancelled else { return }
    cancel()
    onRootDeinit?()
  }
}
