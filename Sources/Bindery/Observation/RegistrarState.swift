public import Synchronization

/// The kind of event a subscriber listens to.
@usableFromInline
enum Channel: UInt8, Sendable {
  /// After every change of the property.
  case change
  /// Before every change of the property.
  case prior
  /// After a user edited the property through a control.
  case userEdit
  /// After a user finished editing a property through a control (pressed Return, left the field).
  case endEditing
  /// After a user began editing a property through a control (the field got the focus).
  case beginEditing
  /// After every change of any property of the object (``ObjectChangeSubscription``); its key's
  /// property is ``PropertyID/anyProperty``.
  case anyChange
}

/// A property and a channel: what one subscriber listens to.
@usableFromInline
struct SlotKey: Hashable, Sendable {
  @usableFromInline let id: PropertyID
  @usableFromInline let channel: Channel

  @inlinable
  init(id: PropertyID, channel: Channel) {
    self.id = id
    self.channel = channel
  }
}

/// One change, as the registrar hands it to subscribers: the values by address, with their type.
@usableFromInline
struct RawChange {
  @usableFromInline let id: PropertyID
  @usableFromInline let oldValue: UnsafeRawPointer
  @usableFromInline let newValue: UnsafeRawPointer
  @usableFromInline let valueType: ObjectIdentifier
  /// What a ``KeyValueArray`` recorded of the mutation (a `_KeyValueArrayJournal` of the value's
  /// element type), when the change is one.
  @usableFromInline let journal: UnsafeRawPointer?

  @inlinable
  init(
    id: PropertyID,
    oldValue: UnsafeRawPointer,
    newValue: UnsafeRawPointer,
    valueType: ObjectIdentifier,
    journal: UnsafeRawPointer? = nil
  ) {
    self.id = id
    self.oldValue = oldValue
    self.newValue = newValue
    self.valueType = valueType
    self.journal = journal
  }

  /// The new value, if it is a `Value`.
  @inline(__always)
  @usableFromInline
  func newValue<Value>(as type: Value.Type) -> Value? {
    guard valueType == ObjectIdentifier(type) else { return nil }
    return newValue.assumingMemoryBound(to: type).pointee
  }

  /// The old value, if it is a `Value`.
  @inline(__always)
  @usableFromInline
  func oldValue<Value>(as type: Value.Type) -> Value? {
    guard valueType == ObjectIdentifier(type) else { return nil }
    return oldValue.assumingMemoryBound(to: type).pointee
  }
}

/// Something a binding stops when it unbinds.
@usableFromInline
protocol Cancellable: AnyObject {
  func cancel()
}

/// The registrar's side of a subscription: what an object's registrar keeps of each observer of one of
/// its properties (Bindery's machinery; not for use in apps).
///
/// The base class keeps only what the registrar needs; a subclass takes the changes. A binding that
/// follows one property of its source is its own subscriber (``PropertyBinding`` derives from this
/// class): one object, not two, and no closure.
public class _RegistrarSubscriber: Cancellable, @unchecked Sendable {
  // In this order, so the flag and the place share the key's last word.
  @usableFromInline
  let key: SlotKey
  /// Whether the subscriber reads the old value of a change; when no subscriber of a property does, an
  /// array property can be mutated in place (no copy kept for the old value).
  @usableFromInline
  let needsOldValue: Bool
  /// Where this subscriber sits in its slot's list, -1 when in none; read and written only under its
  /// storage's lock (a subscriber is registered with exactly one storage), so removal finds it in
  /// O(1). The lock, not Swift's dynamic exclusivity checks, guards it.
  @usableFromInline
  @exclusivity(unchecked) var storedPosition: Int32 = -1
  /// The storage of the registrar it is registered with (not the registrar: no weak reference, so the
  /// observed object keeps its fast reference counting).
  @usableFromInline
  let storage: RegistrarStorage

  /// ``storedPosition`` as an index.
  @usableFromInline
  var position: Int {
    get { Int(storedPosition) }
    set { storedPosition = Int32(truncatingIfNeeded: newValue) }
  }

  @usableFromInline
  init(key: SlotKey, storage: RegistrarStorage, needsOldValue: Bool = true) {
    self.needsOldValue = needsOldValue
    self.key = key
    self.storage = storage
  }

  /// The observer that takes this subscriber's changes at the end of a coalesced block, if any (none:
  /// each change is delivered at once, even inside a coalesced block).
  @usableFromInline
  var deferredDelivery: (any DeferredDelivery)? { nil }

  /// The observed object was deallocated.
  @usableFromInline
  func ownerDidDeinit() {}

  /// Tells a subscriber its registrar's object owned it as a target (``OwnedSubscribers``) and is
  /// gone; a binding then unbinds.
  func targetDidDeinit() {}

  /// Takes one change.
  @usableFromInline
  func deliver(_ change: RawChange) {}

  /// Removes this subscriber from its registrar; removing it twice does nothing.
  @usableFromInline
  func cancel() { storage.remove(self) }
}

/// The registrar's side of a subscription.
@usableFromInline
typealias Subscriber = _RegistrarSubscriber

/// A subscriber whose changes go to a closure.
@usableFromInline
final class ClosureSubscriber: Subscriber, @unchecked Sendable {
  @usableFromInline
  let handler: (RawChange) -> Void
  @usableFromInline
  let onOwnerDeinit: (() -> Void)?
  /// The observer that takes this subscriber's changes at the end of a coalesced block, if any, and
  /// learns of the observed object's end when the subscriber has no closure for it (held strongly:
  /// the cycle with its observer ends when the observer cancels).
  @usableFromInline
  let deferral: (any DeferredDelivery)?

  @usableFromInline
  init(
    key: SlotKey,
    storage: RegistrarStorage,
    handler: @escaping (RawChange) -> Void,
    onOwnerDeinit: (() -> Void)? = nil,
    deferral: (any DeferredDelivery)? = nil,
    needsOldValue: Bool = true
  ) {
    self.deferral = deferral
    self.handler = handler
    self.onOwnerDeinit = onOwnerDeinit
    super.init(key: key, storage: storage, needsOldValue: needsOldValue)
  }

  @usableFromInline
  override var deferredDelivery: (any DeferredDelivery)? { deferral }

  @usableFromInline
  override func ownerDidDeinit() {
    if let onOwnerDeinit { onOwnerDeinit() } else { deferral?.observedObjectDidDeinit() }
  }

  @usableFromInline
  override func deliver(_ change: RawChange) { handler(change) }
}

/// A registrar's subscriptions and owned bindings, behind its lock, and the counts read without it.
@usableFromInline
final class RegistrarStorage: Locked<RegistrarState>, @unchecked Sendable {
  /// The storage of no registrar: that of a binding that is no subscriber itself (nothing is ever
  /// added to it).
  @usableFromInline
  static let detached = RegistrarStorage()

  /// Number of live subscriptions, read without the lock to skip unobserved writes.
  @usableFromInline
  let subscriptionCount = Atomic<Int>(0)
  /// Number of subscriptions that asked for a call before each change.
  @usableFromInline
  let priorSubscriptionCount = Atomic<Int>(0)
  /// Number of subscriptions to every change of the object (``Channel/anyChange``), read without the
  /// lock after each change is delivered: none, the usual case, costs one load.
  @usableFromInline
  let anyChangeSubscriptionCount = Atomic<Int>(0)
  /// One bit per property whose changes something observes (``PropertyID/filterBit``), read without
  /// the lock: a write of a property nobody observes, on an object with observers of others, skips
  /// the lock. Changed only under the lock; a bit may stay set for a property no longer observed
  /// (two properties can share one), never the other way round.
  @usableFromInline
  let changeFilter = Atomic<UInt64>(0)

  @usableFromInline
  init() {
    super.init(RegistrarState())
  }

  @usableFromInline
  func add(_ subscriber: Subscriber) {
    withLock { state in
      state.add(subscriber)
      switch subscriber.key.channel {
      case .change: changeFilter.bitwiseOr(subscriber.key.id.filterBit, ordering: .relaxed)
      case .anyChange: changeFilter.bitwiseOr(.max, ordering: .relaxed)  // every write is reported
      default: break
      }
    }
    subscriptionCount.add(1, ordering: .relaxed)
    if subscriber.key.channel == .prior { priorSubscriptionCount.add(1, ordering: .relaxed) }
    if subscriber.key.channel == .anyChange { anyChangeSubscriptionCount.add(1, ordering: .relaxed) }
  }

  @usableFromInline
  func remove(_ subscriber: Subscriber) {
    let removed = withLock { state in
      let removed = state.remove(subscriber)
      if removed, subscriber.key.channel == .change || subscriber.key.channel == .anyChange,
        !state.isObserved(subscriber.key)
      {
        changeFilter.store(state.changeFilter, ordering: .relaxed)
      }
      return removed
    }
    guard removed else { return }
    subscriptionCount.subtract(1, ordering: .relaxed)
    if subscriber.key.channel == .prior { priorSubscriptionCount.subtract(1, ordering: .relaxed) }
    if subscriber.key.channel == .anyChange { anyChangeSubscriptionCount.subtract(1, ordering: .relaxed) }
  }

  /// Whether no subscriber to the changes of `id` reads their old value.
  @usableFromInline
  func noSubscriberNeedsOldValue(_ id: PropertyID) -> Bool {
    let key = SlotKey(id: id, channel: .change)
    return withLock { state in
      for slot in state.slots where slot.key == key {
        return !slot.subscribers.contains { $0?.needsOldValue ?? false }
      }
      return true
    }
  }

  /// Empties the storage when its object is deallocated; returns what was in it.
  func drain() -> (subscribers: [Subscriber], owned: [Subscriber]) {
    let drained = withLock { state in
      defer {
        state.slots.removeAll()
        state.owned.removeAll()
        state.combinedGroups.removeAll()
      }
      return (state.slots.flatMap { $0.subscribers.compactMap(\.self) }, state.owned.all)
    }
    subscriptionCount.store(0, ordering: .relaxed)
    priorSubscriptionCount.store(0, ordering: .relaxed)
    anyChangeSubscriptionCount.store(0, ordering: .relaxed)
    changeFilter.store(0, ordering: .relaxed)
    return drained
  }
}

/// The subscribers of one property on one channel, in registration order.
///
/// A removed subscriber leaves a hole (`nil`) so that removal is O(1) and the others keep their
/// order; holes are squeezed out, in order, once they outnumber the live subscribers, so the list
/// stays within twice its live size and removal stays O(1) amortised.
@usableFromInline
struct Slot {
  @usableFromInline
  let key: SlotKey
  /// The subscribers, with holes where some were removed; each knows its own index.
  @usableFromInline
  var subscribers: [Subscriber?]
  /// How many entries of `subscribers` are not holes.
  var live: Int

  @usableFromInline
  init(key: SlotKey, first: Subscriber) {
    self.key = key
    first.position = 0
    subscribers = [first]
    live = 1
  }

  @usableFromInline
  mutating func append(_ subscriber: Subscriber) {
    subscriber.position = subscribers.count
    subscribers.append(subscriber)
    live += 1
  }

  /// Removes `subscriber` if it is in this slot; returns whether it was.
  @usableFromInline
  mutating func remove(_ subscriber: Subscriber) -> Bool {
    let position = subscriber.position
    guard position >= 0, position < subscribers.count, subscribers[position] === subscriber else { return false }
    subscribers[position] = nil
    subscriber.position = -1
    live -= 1
    while let last = subscribers.last, last == nil { subscribers.removeLast() }
    let holes = subscribers.count - live
    if holes > 32, holes > live { compact() }
    return true
  }

  /// Squeezes the holes out, keeping the order, and tells each subscriber its new index.
  private mutating func compact() {
    var kept: [Subscriber?] = []
    kept.reserveCapacity(live)
    for case let subscriber? in subscribers {
      subscriber.position = kept.count
      kept.append(subscriber)
    }
    subscribers = kept
  }
}

/// Everything a registrar keeps behind its lock.
@usableFromInline
struct RegistrarState {
  var slots: [Slot] = []
  /// What the object owns as a target: its bindings (kept here by the bindings layer).
  var owned = OwnedSubscribers()
  /// Groups of bindings combined on one property (multi-value bindings), by property.
  var combinedGroups: [PropertyID: AnyObject] = [:]

  /// The subscribers of `key`, as a change is delivered to them: the only one, returned retained
  /// (no list copied, the common case; the caller releases it after delivering), or none returned and
  /// the list put in `others`.
  @usableFromInline
  func subscribers(for key: SlotKey, others: inout [Subscriber?]?) -> Unmanaged<Subscriber>? {
    for index in slots.indices where slots[index].key == key {
      if slots[index].subscribers.count == 1 {
        guard let only = slots[index].subscribers[0] else { return nil }
        return Unmanaged.passRetained(only)
      }
      others = slots[index].subscribers
      return nil
    }
    return nil
  }

  /// Whether `key` has a live subscriber.
  func isObserved(_ key: SlotKey) -> Bool {
    slots.contains { $0.key == key && $0.live > 0 }
  }

  /// The bits of every property with a live subscriber to its changes; every bit while something
  /// subscribes to all of the object's changes.
  var changeFilter: UInt64 {
    var filter: UInt64 = 0
    for slot in slots where slot.live > 0 {
      if slot.key.channel == .change { filter |= slot.key.id.filterBit }
      if slot.key.channel == .anyChange { return .max }
    }
    return filter
  }

  @usableFromInline
  mutating func add(_ subscriber: Subscriber) {
    if let index = slots.firstIndex(where: { $0.key == subscriber.key }) {
      slots[index].append(subscriber)
    } else {
      slots.append(Slot(key: subscriber.key, first: subscriber))
    }
  }

  @usableFromInline
  mutating func remove(_ subscriber: Subscriber) -> Bool {
    guard let index = slots.firstIndex(where: { $0.key == subscriber.key }), slots[index].remove(subscriber)
    else { return false }
    // An emptied slot stays, with its list's storage, for the next subscriber of the same property
    // (a binding made again): one per property and channel ever observed.
    return true
  }
}
