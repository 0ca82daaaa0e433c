public import Synchronization

extension ValueObserver {
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
}
