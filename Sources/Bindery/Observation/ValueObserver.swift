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
    /// In direct mode, the value before the first change of the current transaction.
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
  /// (an array mutated in place, rebuilt from what its mutation recorded): what a transaction
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

  // MARK: Transactions

  @inlinable
  func deferChange(_ change: RawChange, kept: inout Any?) {
    // Tracked mode keeps `lastValue`.
    guard isDirect.load(ordering: .relaxed), needsOldValue || oldValueOfChange != nil else { return }
    let old: Value?
    if let oldValueOfChange {
      // Rebuilding the old value costs a copy: only for the first change of the transaction.
      if state.withLock({ $0.deferredOld != nil }) { return }
      old = oldValueOfChange(change)
    } else {
      old = change.oldValue(as: Value.self)
    }
    state.withLock { state in
      if state.deferredOld == nil { state.deferredOld = .some(old) }
    }
  }

  @inlinable
  func flushDeferred(kept: Any?) {
    guard !isCancelled else { return }
    guard isDirect.load(ordering: .relaxed) else {
      reevaluate(deliverChange: true)
      return
    }
    guard let value = evaluate() else {
      rootDidDeinit()
      return
    }
    let old = state.withLock { state in
      defer { state.deferredOld = nil }
      return state.deferredOld ?? nil
    }
    if let old, let isEqual, isEqual(old, value) { return }
    deliver(old, value, .change)
  }

  // MARK: Changes

  @inlinable
  func handle(_ change: RawChange, channel: Channel) {
    guard !isCancelled else { return }
    if isDirect.load(ordering: .relaxed), let new = change.newValue(as: Value.self) {
      switch channel {
      case .prior: deliver(new, new, .prior)
      case .change where directChangeHandler != nil: directChangeHandler?(change)
      default:
        let old = needsOldValue ? change.oldValue(as: Value.self) : nil
        deliver(old, new, .change)
      }
      return
    }
    if channel == .prior {
      if let last = state.withLock({ $0.lastValue.value }) { deliver(last, last, .prior) }
      return
    }
    reevaluate(deliverChange: true)
  }

  /// Evaluates with tracked reads, re-subscribes where the reads changed, delivers if the value did.
  ///
  /// When the reads are the same as last time (the common case), nothing is allocated.
  ///
  /// A delivered value was read before it was written: another thread may have written a newer one to
  /// the target meanwhile. It is evaluated again (once more, or until it stands) when:
  /// - the evaluation re-subscribed: a write of the new objects between its reads and the new
  ///   subscriptions reached no subscriber (delivered again only if the value changed);
  /// - another thread re-subscribed meanwhile (a re-target): it may have written the new chain's value
  ///   before this one wrote the old chain's;
  /// - a change of the chain's last property began to be delivered by address while this value was
  ///   written (``deliverEvaluated(_:_:generation:)``): it may have been written first.
  @discardableResult
  @inlinable
  func reevaluate(deliverChange: Bool, recordingSetters: Bool = false, forgetting: Bool = false) -> Value? {
    var forgetting = forgetting
    var passes = 0
    while true {
      let before = leafGeneration.load(ordering: .sequentiallyConsistent)
      var pass = Pass()
      let value = evaluateOnce(
        deliverChange: deliverChange, recordingSetters: recordingSetters, forgetting: forgetting, &pass)
      passes += 1
      // Bounded: a change cycle through the target (a delivery that writes the chain's own last
      // property again) must not loop here.
      guard deliverChange, value != nil, passes < Self.maxPasses, !isCancelled else { return value }
      let after = leafGeneration.load(ordering: .sequentiallyConsistent)
      let othersResubscribed = after != before &+ (pass.resubscribed ? 1 : 0)
      if othersResubscribed {
        // The kept value may be the other thread's, while the target shows this one's.
        forgetting = true
      } else if pass.stands, !(pass.resubscribed && isEqual != nil) {
        return value
      } else {
        forgetting = false  // the next pass forgets the kept value when a change was delivered meanwhile
      }
    }
  }

  /// At most this many evaluations for one change (``reevaluate(deliverChange:recordingSetters:forgetting:)``).
  @inlinable
  static var maxPasses: Int { 8 }

  /// What one evaluation of ``reevaluate(deliverChange:recordingSetters:forgetting:)`` did.
  @usableFromInline
  struct Pass {
    /// Whether it re-subscribed (counted in ``leafGeneration``).
    @usableFromInline
    var resubscribed = false
    /// Whether its value stands: not written while a change of the chain's last property was being
    /// delivered by address.
    @usableFromInline
    var stands = true

    @inlinable
    init() {}
  }

  /// One evaluation: delivers its value if it changed.
  @inlinable
  func evaluateOnce(deliverChange: Bool, recordingSetters: Bool, forgetting: Bool, _ pass: inout Pass) -> Value? {
    // Read before evaluating: a change of a chain's last property delivered after this is seen next time.
    let forgetsLastValue =
      leafDelivered.load(ordering: .relaxed) != 0 && leafDelivered.exchange(0, ordering: .acquiringAndReleasing) != 0
      || forgetting
    // What the last evaluation read: the same reads again (the common case) are only counted.
    let (expected, generation) =
      recordingSetters ? ([], 0) : state.withLock { ($0.subscribers, leafGeneration.load(ordering: .relaxed)) }
    let (evaluated, list) = AccessList.tracking(
      recordingSetters: recordingSetters, expecting: expected, stride: wantsPrior ? 2 : 1
    ) { evaluate() }
    if list.readExactlyTheExpected {
      if let settled = settleUnchanged(
        evaluated, list, generation: generation, deliverChange: deliverChange, forgetsLastValue: forgetsLastValue,
        &pass)
      {
        return settled
      }
    } else if list.recordedEveryRead {
      return settle(evaluated, list, deliverChange: deliverChange, forgetsLastValue: forgetsLastValue, &pass)
    } else {
      list.recycle()
    }
    // The reads changed after some that were only counted, or the subscriptions changed meanwhile:
    // read again, recording every read.
    let (again, full) = AccessList.tracking(recordingSetters: recordingSetters) { evaluate() }
    return settle(again, full, deliverChange: deliverChange, forgetsLastValue: forgetsLastValue, &pass)
  }

  /// Writes an evaluation's value (read under the subscriptions of `generation`); whether it stands.
  ///
  /// A change of the chain's last property whose delivery by address began since the evaluation began
  /// (under the same subscriptions) carries the property's latest value: it is not overwritten with
  /// this one, read earlier. One that began while this value was written may have written first: the
  /// value does not stand, and is evaluated again.
  @inlinable
  func deliverEvaluated(_ old: Value?, _ value: Value, generation: UInt64) -> Bool {
    guard generation != 0 else {
      deliver(old, value, .change)
      return true
    }
    if leafDelivered.load(ordering: .sequentiallyConsistent) == generation { return true }
    deliver(old, value, .change)
    return leafDelivered.load(ordering: .sequentiallyConsistent) != generation
  }

  /// Delivers the result of an evaluation that read what the last one read (`list` recorded nothing,
  /// and is recycled here), if it changed. Returns `nil` when the subscriptions changed since
  /// `generation` (another thread re-subscribed): the caller evaluates again, recording the reads.
  @inlinable
  func settleUnchanged(
    _ evaluated: Value?,
    _ list: AccessList,
    generation: UInt64,
    deliverChange: Bool,
    forgetsLastValue: Bool,
    _ pass: inout Pass
  ) -> Value?? {
    list.recycle()
    guard let value = evaluated else {
      rootDidDeinit()
      return .some(nil)
    }
    let keepsValue = !isDirect.load(ordering: .relaxed) || needsOldValue
    let kept: Value?? = state.withLock { state in
      guard leafGeneration.load(ordering: .relaxed) == generation else { return .none }
      defer { state.lastValue.store(keepsValue ? value : nil, holdingObjects: holdsObjects) }
      if forgetsLastValue || leafDelivered.load(ordering: .sequentiallyConsistent) != 0 { return .some(nil) }
      return .some(state.lastValue.value)
    }
    guard case .some(let old) = kept else { return nil }
    if deliverChange, !isCancelled {
      if let old, let isEqual, isEqual(old, value) { return value }
      pass.stands = deliverEvaluated(old, value, generation: generation)
    }
    return value
  }

  /// Re-subscribes where the reads of an evaluation (`list`, recycled here) changed, and delivers its
  /// result if it changed.
  @discardableResult
  @inlinable
  func settle(
    _ evaluated: Value?,
    _ list: AccessList,
    deliverChange: Bool,
    forgetsLastValue: Bool = false,
    _ pass: inout Pass
  ) -> Value? {
    defer { list.recycle() }
    guard let value = evaluated else {
      rootDidDeinit()
      return nil
    }
    list.deduplicate()
    let records = list.records
    // Direct only when the evaluation read exactly the property observed: a value computed from one
    // property of its own type (`!isOn`, a computed property) is not that property's value.
    let direct =
      directKeyPath != nil && records.count == 1 && rootIdentifier == ObjectIdentifier(records[0].object)
      && records[0].memberType == Value.self && records[0].keyPath == directKeyPath
    // Whether the reads form a chain is asked only when they changed (a re-target, or the first time):
    // not on every re-evaluation of a computed property.
    let hops = list.chainHops
    let chain = direct || isNeverChain.load(ordering: .relaxed) ? nil : chainLeaf(of: records, hops)
    var stale: [Subscriber] = []
    var fresh: [Subscriber] = []
    let keepsValue = !direct || needsOldValue  // no copy of an array mutated in place
    var forgets = forgetsLastValue
    var generation: UInt64 = 0
    var resubscribed = false
    let old: Value? = state.withLock { state in
      defer { generation = leafGeneration.load(ordering: .relaxed) }
      defer { state.lastValue.store(keepsValue ? value : nil, holdingObjects: holdsObjects) }
      if !Self.sameDependencies(state.subscribers, records, wantsPrior: wantsPrior) {
        // A chain re-targeted delivers its value even when equal to the one kept: a change of the old
        // object's last property may have been delivered since.
        if chain != nil || state.leafSubscriber != nil { forgets = true }
        // Hops before the first that changed keep their subscribers (they re-evaluate on a change).
        var kept = 0
        if state.reusable, !direct, !wantsPrior {
          while kept < min(state.subscribers.count, records.count), kept < records.count - (chain == nil ? 0 : 1) {
            let subscriber = state.subscribers[kept]
            guard subscriber !== state.leafSubscriber, subscriber.storage === records[kept].storage,
              subscriber.key.id == records[kept].id
            else { break }
            kept += 1
          }
        }
        stale = Array(state.subscribers[kept...])
        let generation = leafGeneration.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
        resubscribed = true
        fresh = makeSubscribers(for: records[kept...], direct: direct, chain: chain, generation: generation)
        state.subscribers = Array(state.subscribers[..<kept]) + fresh
        state.leafSubscriber = chain == nil ? nil : fresh.last
        state.reusable = !direct && !wantsPrior
        if let last = records.last {
          state.leaf = ObservedLeaf(
            keyPath: last.keyPath,
            chain: hops,
            setter: last.setter,
            memberType: last.memberType
          )
        } else {
          state.leaf = ObservedLeaf()
        }
      }
      // A change of the last property delivered meanwhile (before this re-target was counted) also
      // makes the kept value out of date (sequentially consistent with the delivery's own check).
      if forgets || leafDelivered.load(ordering: .sequentiallyConsistent) != 0 { return nil }
      return state.lastValue.value
    }
    pass.resubscribed = resubscribed
    isDirect.store(direct, ordering: .relaxed)
    for subscriber in stale { subscriber.cancel() }
    for subscriber in fresh { subscriber.storage.add(subscriber) }
    if !fresh.isEmpty {
      // Another thread's re-subscription may have taken these out (and cancelled them) before they were
      // added here: those go again, or they would stay in their registrars, observed by no one.
      // Looked for without making an array: a re-target's usual case is that none was taken.
      let dropped = state.withLock { state -> [Subscriber]? in
        guard fresh.contains(where: { subscriber in !state.subscribers.contains { $0 === subscriber } }) else {
          return nil
        }
        return fresh.filter { subscriber in !state.subscribers.contains { $0 === subscriber } }
      }
      for subscriber in dropped ?? [] { subscriber.cancel() }
    }
    if isCancelled {
      // Cancelled meanwhile: drop what was added here and everything kept (each subscriber holds this
      // observer). What is kept is taken and cancelled here, not just dropped: `cancel()` may have set
      // the flag without having taken it yet.
      let kept = state.withLock { state in
        defer {
          state.subscribers = []
          state.leafSubscriber = nil  // it holds this observer: the cycle ends here
        }
        return state.subscribers
      }
      for subscriber in fresh + kept { subscriber.cancel() }
      return value
    }
    if deliverChange {
      if let old, let isEqual, isEqual(old, value) { return value }
      pass.stands = deliverEvaluated(old, value, generation: generation)
    }
    return value
  }

  @inlinable
  func makeSubscribers(
    for records: ArraySlice<AccessRecord>,
    direct: Bool,
    chain: ChainLeaf?,
    generation: UInt64
  ) -> [Subscriber] {
    var subscribers: [Subscriber] = []
    let raw = direct ? rawDirectHandler : nil
    for (index, record) in zip(records.indices, records) {
      let isRoot = rootIdentifier == ObjectIdentifier(record.object)
      if let chain, let leafHandler = rawDirectHandler, index == records.endIndex - 1 {
        subscribers.append(
          ChainLeafSubscriber(
            key: SlotKey(id: record.id, channel: .change), storage: record.storage, observer: self, chain: chain,
            generation: generation, isRoot: isRoot, raw: leafHandler))
        continue
      }
      let ownerGone: (() -> Void)? = isRoot ? { [self] in self.rootDidDeinit() } : nil
      var handler: (RawChange) -> Void
      if let raw {
        handler = raw
      } else {
        handler = { [self] change in self.handle(change, channel: .change) }
      }
      subscribers.append(
        ClosureSubscriber(
          key: SlotKey(id: record.id, channel: .change),
          storage: record.storage,
          handler: handler,
          onOwnerDeinit: ownerGone,
          deferral: self,
          needsOldValue: direct && needsOldValue
        )
      )
      if wantsPrior {
        subscribers.append(
          ClosureSubscriber(
            key: SlotKey(id: record.id, channel: .prior),
            storage: record.storage,
            handler: { [self] change in self.handle(change, channel: .prior) }
          )
        )
      }
    }
    return subscribers
  }

  // MARK: Chains

  /// Whether `records` are a chain of observable properties that is exactly the observed key path,
  /// each read on the object the one before it returned, ending in the observed value's type (or its
  /// wrapped type, under an optional hop); only for a raw handler.
  @inlinable
  func chainLeaf(of records: [AccessRecord], _ hops: [ChainHop]) -> ChainLeaf? {
    guard rawDirectHandler != nil, !wantsPrior, let directKeyPath, records.count >= 2, let last = records.last,
      rootIdentifier == ObjectIdentifier(records[0].object)
    else { return nil }
    var lift: (any _AnyOptional.Type)?
    if last.memberType != Value.self {
      guard let optional = Value.self as? any _AnyOptional.Type, optional._wrappedType == last.memberType else {
        return nil
      }
      lift = optional
    }
    var isChain = KeyPathChainCache.isChain(directKeyPath, chain: hops)
    if isChain == nil {
      // Read while no binding was being made (a re-target to a chain not seen before): read once more,
      // recording what the hops say of themselves.
      let (_, reread) = AccessList.tracking(recordingSetters: true) { _ = evaluate() }
      let again = reread.chainHops
      reread.recycle()
      if again.map(\.keyPath) == records.map(\.keyPath) {
        isChain = KeyPathChainCache.isChain(directKeyPath, chain: again)
      }
    }
    guard let isChain, isChain else {
      // A key path that is not a chain of the properties it reads with every hop there never is one
      // (a subclass overriding a property is rare; it is then read as a computed property).
      if isChain == false { isNeverChain.store(true, ordering: .relaxed) }
      return nil
    }
    // A value that already is its optional in memory is handed on by address as it is.
    if let optional = lift, optional._wrapsInPlace {
      return ChainLeaf(leafType: ObjectIdentifier(last.memberType), liftsInPlace: true)
    }
    return ChainLeaf(leafType: ObjectIdentifier(last.memberType), lift: lift)
  }

  /// Evaluates the chain again after a change of its last property raced a re-target (kept out of
  /// ``ChainLeafSubscriber/deliver(_:)``: its result's type would be looked up on every change).
  @inline(never)
  @inlinable
  func deliverAfterRetarget() {
    reevaluate(deliverChange: true, forgetting: true)
  }

  @inlinable
  func rootDidDeinit() {
    guard !isCancelled else { return }
    cancel()
    onRootDeinit?()
  }

  @inlinable
  static func sameDependencies(_ subscribers: [Subscriber], _ records: [AccessRecord], wantsPrior: Bool) -> Bool {
    let stride = wantsPrior ? 2 : 1
    guard subscribers.count == records.count * stride else { return false }
    for (index, record) in records.enumerated() {
      let subscriber = subscribers[index * stride]
      guard subscriber.storage === record.storage, subscriber.key.id == record.id else { return false }
    }
    return true
  }
}

/// What a ``ValueObserver`` in chain mode needs to deliver a change of a chain's last property as the
/// chain's value (not nested in the generic observer, so using one costs no runtime type lookup).
@usableFromInline
struct ChainLeaf {
  /// The last property's type.
  @usableFromInline
  let leafType: ObjectIdentifier
  /// The observed value's type, when it is the last property's type made optional by an optional hop
  /// and a value must be copied into it.
  @usableFromInline
  let lift: (any _AnyOptional.Type)?
  /// Whether the observed value is the last property's type made optional by an optional hop, and the
  /// last property's value in memory already is that optional (``_AnyOptional/_wrapsInPlace``).
  @usableFromInline
  let liftsInPlace: Bool

  @usableFromInline
  init(leafType: ObjectIdentifier, lift: (any _AnyOptional.Type)? = nil, liftsInPlace: Bool = false) {
    self.leafType = leafType
    self.lift = lift
    self.liftsInPlace = liftsInPlace
  }
}
