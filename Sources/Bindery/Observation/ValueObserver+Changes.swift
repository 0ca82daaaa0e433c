public import Synchronization

extension ValueObserver {
  @inlinable
  func deferChange(_ change: RawChange, kept: inout Any?) {
    // Tracked mode keeps `lastValue`.
    guard isDirect.load(ordering: .relaxed), needsOldValue || oldValueOfChange != nil else { return }
    let old: Value?
    if let oldValueOfChange {
      // Rebuilding the old value costs a copy: only for the first change of the coalesced block.
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
}
