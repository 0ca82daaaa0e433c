public import Synchronization

/// Records the observers of one object's properties and notifies them of changes.
///
/// Every ``KeyValueObservable`` object owns one. The macro's accessors report reads (``access(_:_:_:name:setter:)``)
/// and writes (``willSet(_:_:_:value:)`` and ``didSet(_:_:_:from:to:)``); a class that conforms by
/// hand calls the same three methods.
///
/// Observers are kept behind a `Mutex`; a notification copies the observers of one property under the
/// lock and calls them after releasing it, on the mutating thread, so an observer may observe, bind,
/// unbind or mutate again without deadlock.
public final class KeyValueRegistrar: Sendable {
  /// The observers and bindings, shared with the subscriptions so they can remove themselves
  /// without holding a reference to the registrar (which lives exactly as long as its object).
  @usableFromInline
  let storage = RegistrarStorage()

  /// Creates an empty registrar.
  public init() {}

  deinit {
    let (subscribers, owned) = storage.drain()
    for subscriber in subscribers { subscriber.ownerDidDeinit() }
    for subscriber in owned { subscriber.targetDidDeinit() }
  }

  // MARK: Reporting reads and writes

  /// Reports a read of a property, so a tracked evaluation running on this thread records it.
  ///
  /// Bindery learns once per class and key path what a property's getter reports (its identifier,
  /// type and setter): a hand-written conformance must report the same for every object of a class,
  /// and its `setter` must write the object it is given, never capture one.
  ///
  /// - Parameters:
  ///   - object: The object read.
  ///   - id: The property's identifier.
  ///   - keyPath: The property's key path; evaluated only while tracking.
  ///   - name: The property's name, for readable descriptions of bindings.
  ///   - setter: Writes the property (`{ $0.name = $1 }`); lets bindings write it without a key path.
  ///     Evaluated only while a binding is being made.
  ///   - throughOptional: The property's key path through an optional of the object (`\.?.name`); lets
  ///     a binding to a chain through an optional (`\.person?.name`) follow it hop by hop. Evaluated only
  ///     while a binding is being made.
  @inlinable
  public func access<Object: AnyObject, Member>(
    _ object: Object,
    _ id: PropertyID,
    _ keyPath: @autoclosure () -> KeyPath<Object, Member>,
    name: StaticString = "",
    setter: @autoclosure () -> ((Object, consuming Member) -> Void)? = nil,
    throughOptional: @autoclosure () -> KeyPath<Object?, Member?>? = nil
  ) {
    _record(object, id, keyPath(), name: name, setter: setter(), throughOptional: throughOptional())
  }

  /// Reports a read of a property whose value is optional, so a tracked evaluation running on this
  /// thread records it; `throughOptional` is its key path through an optional of the object, which
  /// optional chaining flattens (`\.?.person` reads a `Person?`).
  ///
  /// - Parameters:
  ///   - object: The object read.
  ///   - id: The property's identifier.
  ///   - keyPath: The property's key path; evaluated only while tracking.
  ///   - name: The property's name, for readable descriptions of bindings.
  ///   - setter: Writes the property; evaluated only while a binding is being made.
  ///   - throughOptional: The property's key path through an optional of the object (`\.?.person`);
  ///     evaluated only while a binding is being made.
  @inlinable
  public func access<Object: AnyObject, Wrapped>(
    _ object: Object,
    _ id: PropertyID,
    _ keyPath: @autoclosure () -> KeyPath<Object, Wrapped?>,
    name: StaticString = "",
    setter: @autoclosure () -> ((Object, consuming Wrapped?) -> Void)? = nil,
    throughOptional: @autoclosure () -> KeyPath<Object?, Wrapped?>
  ) {
    _record(object, id, keyPath(), name: name, setter: setter(), throughOptional: throughOptional())
  }

  /// What both `access` methods do: records the read in the evaluation tracking this thread, if any,
  /// with the setter and the key path through an optional while a binding is being made.
  @inlinable
  func _record<Object: AnyObject, Member>(
    _ object: Object,
    _ id: PropertyID,
    _ keyPath: @autoclosure () -> KeyPath<Object, Member>,
    name: StaticString,
    setter: @autoclosure () -> ((Object, consuming Member) -> Void)?,
    throughOptional: @autoclosure () -> AnyKeyPath?
  ) {
    guard let list = ThreadContext._currentTracking else { return }
    // A read the evaluation expected (it read it last time) needs no record.
    if list._isChecking, list._matchesExpected(storage: storage, id: id) { return }
    list._append(
      storage: storage,
      id: id,
      object: object,
      keyPath: keyPath(),
      memberType: Member.self,
      name: name,
      setter: list.recordsSetters
        ? setter().map { setter in
          { object, value in
            setter(unsafeDowncast(object, to: Object.self), value.assumingMemoryBound(to: Member.self).pointee)
          }
        } : nil,
      throughOptional: list.recordsSetters ? throughOptional() : nil
    )
  }

  /// Reports that a property is about to change; calls the observers that asked for prior calls.
  @inlinable
  public func willSet<Object: AnyObject, Member>(
    _ object: Object,
    _ id: PropertyID,
    _ keyPath: @autoclosure () -> KeyPath<Object, Member>,
    value: Member
  ) {
    guard storage.priorSubscriptionCount.load(ordering: .relaxed) > 0 else { return }
    _notify(id, .prior, from: value, to: value)
  }

  /// Reports that a property changed from `old` to `new`; calls its observers synchronously.
  @inlinable
  public func didSet<Object: AnyObject, Member>(
    _ object: Object,
    _ id: PropertyID,
    _ keyPath: @autoclosure () -> KeyPath<Object, Member>,
    from old: Member,
    to new: Member
  ) {
    guard storage.changeFilter.load(ordering: .relaxed) & id.filterBit != 0 else { return }
    _notify(id, .change, from: old, to: new)
  }

  /// Whether anything observes any property of this object (one atomic load): the macro's accessor
  /// of a ``KeyValueArray`` property records mutations only then.
  @inlinable
  public var _hasSubscriptions: Bool {
    storage.subscriptionCount.load(ordering: .relaxed) > 0
  }

  /// Whether a write of the property `id` is reported to anyone: something observes its changes, or
  /// an observer of this object asked for calls before changes (two atomic loads). The macro's setters
  /// store a value nobody is told of without comparing it with the old one.
  @inlinable
  public func _reportsWrites(of id: PropertyID) -> Bool {
    storage.changeFilter.load(ordering: .relaxed) & id.filterBit != 0
      || storage.priorSubscriptionCount.load(ordering: .relaxed) > 0
  }

  /// Whether a collection property can be mutated in place: no observer of its changes reads their
  /// old value (so none needs a copy of it). The macro's `_modify` accessor of an array property asks
  /// before each mutation; in place, it reports the change with ``didSet(_:_:_:from:to:)`` giving
  /// the new value as both old and new.
  @inlinable
  public func _canMutateInPlace(_ id: PropertyID) -> Bool {
    guard storage.changeFilter.load(ordering: .relaxed) & id.filterBit != 0 else { return true }
    return storage.noSubscriberNeedsOldValue(id)
  }

  // MARK: Internals used by the inlinable entry points

  /// Hands `old` and `new` by address to the subscribers of one property and channel.
  @inlinable
  func _notify<Member>(
    _ id: PropertyID,
    _ channel: Channel,
    from old: Member,
    to new: Member,
    journal: UnsafeRawPointer? = nil
  ) {
    withUnsafePointer(to: old) { oldPointer in
      withUnsafePointer(to: new) { newPointer in
        _notify(
          SlotKey(id: id, channel: channel),
          RawChange(
            id: id,
            oldValue: UnsafeRawPointer(oldPointer),
            newValue: UnsafeRawPointer(newPointer),
            valueType: ObjectIdentifier(Member.self),
            journal: journal
          )
        )
      }
    }
  }

  @usableFromInline
  func _notify(_ key: SlotKey, _ change: RawChange) {
    _notifySlot(key, change)
    // One load: whether anything follows every change of this object (an array controller's object).
    if storage.anyChangeSubscriptionCount.load(ordering: .relaxed) != 0 { notifyObjectSubscribers(change, key) }
  }

  /// Hands a change of a property to the subscribers of every change of the object, after those of
  /// the property.
  @inline(never)
  func notifyObjectSubscribers(_ change: RawChange, _ changed: SlotKey) {
    guard changed.channel == .change else { return }
    var others: [Subscriber?]?
    let key = SlotKey(id: .anyProperty, channel: .anyChange)
    let only = storage.withLock { $0.subscribers(for: key, others: &others) }
    if let only {
      only._withUnsafeGuaranteedRef { $0.deliver(change) }
      only.release()
      return
    }
    for case let subscriber? in others ?? [] { subscriber.deliver(change) }
  }

  /// Hands a change to the subscribers of its property and channel.
  @inline(__always)
  func _notifySlot(_ key: SlotKey, _ change: RawChange) {
    var others: [Subscriber?]?
    let only = storage.withLock { $0.subscribers(for: key, others: &others) }
    // One load tells whether a coalesced block or a delivery to several subscribers is under way
    // anywhere; a change pays nothing more when neither is.
    if CoalescedChanges.active.load(ordering: .relaxed) != 0, key.channel == .change,
      notifyOnSlowPath(change, key, only, others)
    {
      return
    }
    if let only {
      // Retained once, under the lock, and released once after the call (a reference returned from
      // the lock would be retained again for the call's duration).
      only._withUnsafeGuaranteedRef { $0.deliver(change) }
      only.release()
      return
    }
    guard let others else { return }
    deliver(change, to: others, key)
  }

  /// Marks the deliveries of this property under way on this thread as overtaken, then, inside a
  /// coalesced block, defers the change (and returns `true`: delivered).
  @inline(never)
  func notifyOnSlowPath(
    _ change: RawChange, _ key: SlotKey, _ only: Unmanaged<Subscriber>?, _ others: [Subscriber?]?
  ) -> Bool {
    let slowPaths = CoalescedChanges.active.load(ordering: .relaxed)
    if slowPaths >= OvertakenChanges.delivery { OvertakenChanges.markOvertaken(storage, key.id) }
    guard slowPaths & CoalescedChanges.countMask > 0, let context = ThreadContext.existing(),
      context.coalescingDepth > 0
    else { return false }
    for case let subscriber? in CollectionOfOne(only?.takeRetainedValue()) + (others ?? []) {
      if let observer = subscriber.deferredDelivery {
        context.deferChange(change, for: observer)
      } else {
        subscriber.deliver(change)
      }
    }
    return true
  }

  /// Delivers `change` to several subscribers. A subscriber may change the property again (a store
  /// setting back a refused value): that newer change reaches every subscriber, and this one,
  /// overtaken, goes no further. Kept out of ``_notify(_:_:)``, whose one-subscriber path stays lean.
  @inline(never)
  func deliver(_ change: RawChange, to others: [Subscriber?], _ key: SlotKey) {
    guard key.channel == .change else {
      for case let subscriber? in others { subscriber.deliver(change) }
      return
    }
    let context = ThreadContext.current
    let depth = context.deliveries.count
    context.deliveries.append((ObjectIdentifier(storage), key.id, false))
    CoalescedChanges.active.add(OvertakenChanges.delivery, ordering: .relaxed)
    defer {
      CoalescedChanges.active.subtract(OvertakenChanges.delivery, ordering: .relaxed)
      context.deliveries.removeLast()
    }
    for case let subscriber? in others {
      guard !context.deliveries[depth].overtaken else { return }
      subscriber.deliver(change)
    }
  }

  /// Adds a subscriber.
  @usableFromInline
  func add(_ subscriber: Subscriber) {
    storage.add(subscriber)
  }

  /// Whether anything observes the changes of the property `id`: a property that is costly to
  /// compute (an array made on demand) can skip computing a value that nobody would get.
  ///
  /// ```swift
  /// if keyValueRegistrar.hasObservers(of: Self.itemsID) {
  ///   keyValueRegistrar.didSet(self, Self.itemsID, \.items, from: items, to: items)
  /// }
  /// ```
  public func hasObservers(of id: PropertyID) -> Bool {
    guard storage.changeFilter.load(ordering: .relaxed) & id.filterBit != 0 else { return false }
    let key = SlotKey(id: id, channel: .change)
    return storage.withLock { $0.isObserved(key) }
  }

  /// The number of live subscriptions to this object's properties.
  public var observerCount: Int { storage.withLock { state in state.slots.reduce(0) { $0 + $1.live } } }
}

/// Changes overtaken during their delivery: when a subscriber changes the property again, the newer
/// change is delivered to every subscriber, and the older one stops, so none is left with a stale
/// value.
@usableFromInline
enum OvertakenChanges {
  /// What a delivery to several subscribers adds to ``CoalescedChanges/active`` while it is under way
  /// (the high half counts them, the low half counts coalesced blocks), so that one load tells a change
  /// whether either is under way.
  @usableFromInline
  static let delivery = 1 << 32

  /// Marks the deliveries under way on this thread of a change of `id` of the object `storage`.
  @inline(never)
  static func markOvertaken(_ storage: AnyObject, _ id: PropertyID) {
    guard let context = ThreadContext.existing() else { return }
    let storage = ObjectIdentifier(storage)
    for index in context.deliveries.indices
    where context.deliveries[index].storage == storage && context.deliveries[index].id == id {
      context.deliveries[index].overtaken = true
    }
  }
}
