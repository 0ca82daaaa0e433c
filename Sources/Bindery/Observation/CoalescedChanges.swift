import Synchronization

/// Runs `body` as one coalesced block: observations and bindings see its mutations once, at its end, with
/// the final values (never an intermediate one).
///
/// ```swift
/// withCoalescedChanges {
///   controller.person = ada
///   controller.isSaving = false
/// }
/// // a field enabled by `person != nil && !isSaving` is set once, here
/// ```
///
/// Blocks nest: the outermost one delivers. They apply to the thread that runs them. Observers
/// that write back to a source (the reverse half of a two-way binding) are not deferred.
///
/// - Returns: What `body` returns.
public func withCoalescedChanges<Result>(_ body: () throws -> Result) rethrows -> Result {
  let context = ThreadContext.current
  context.coalescingDepth += 1
  if context.coalescingDepth == 1 { CoalescedChanges.active.add(1, ordering: .relaxed) }
  defer {
    context.coalescingDepth -= 1
    if context.coalescingDepth == 0 {
      CoalescedChanges.active.subtract(1, ordering: .relaxed)
      context.flushDeferred()
    }
  }
  return try body()
}

/// Process-wide count of threads inside a coalesced block (low 32 bits) and of deliveries to several
/// subscribers under way (high 32 bits, ``OvertakenChanges``), read without a lock on every
/// notification.
enum CoalescedChanges {
  static let active = Atomic<Int>(0)
  /// The bits that count coalesced blocks.
  static let countMask = (1 << 32) - 1
}

/// An observer that can take a change now and deliver it at the end of a coalesced block.
@usableFromInline
protocol DeferredDelivery: AnyObject {
  /// Notes a change made inside a coalesced block. `kept` is what the coalesced block keeps for this observer
  /// until its end, `nil` at its first change: an observer may keep the old value there instead of in
  /// its own state (the coalesced block runs on one thread, and so does its end).
  func deferChange(_ change: RawChange, kept: inout Any?)
  /// Delivers the final value once; `kept` is what ``deferChange(_:kept:)`` kept.
  func flushDeferred(kept: Any?)
  /// The observed object was deallocated: called for a subscriber given no closure of its own for it
  /// (so a binding's observer needs no closure allocated to unbind it).
  func observedObjectDidDeinit()
}

extension DeferredDelivery {
  /// Nothing, for observers that give each subscriber its own closure for the observed object's end.
  @usableFromInline
  func observedObjectDidDeinit() {}
}

extension ThreadContext {
  /// Defers a change for `observer`; each observer is delivered once per coalesced block.
  func deferChange(_ change: RawChange, for observer: any DeferredDelivery) {
    let id = ObjectIdentifier(observer)
    let index: Int
    if let known = deferredIndices[id] {
      index = known
    } else {
      index = deferred.count
      deferredIndices[id] = index
      deferred.append(DeferredEntry(observer: observer))
    }
    observer.deferChange(change, kept: &deferred[index].kept)
  }

  /// Delivers every deferred observer once, in the order they first changed.
  func flushDeferred() {
    while !deferred.isEmpty {
      let entries = deferred
      deferred = []
      deferredIndices = [:]
      for entry in entries { entry.observer.flushDeferred(kept: entry.kept) }
    }
  }
}

/// An observer with changes deferred to the end of a coalesced block, and what it keeps until then.
struct DeferredEntry {
  let observer: any DeferredDelivery
  var kept: Any?
}
