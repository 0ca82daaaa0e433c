public import Synchronization

extension ValueObserver {
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
