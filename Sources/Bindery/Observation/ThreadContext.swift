public import Synchronization

/// Per-thread state of the observation core: the access list being recorded, the changes deferred by
/// ``withCoalescedChanges(_:)`` and those being delivered. (The bindings and diagnostics keep their own:
/// ``BindingThreadContext``, ``DiagnosticsThreadContext``.)
@usableFromInline
final class ThreadContext {
  // Used by its own thread only: Swift's dynamic exclusivity checks of these properties would cost
  // more than the work they guard.
  /// The access list of the innermost tracked evaluation on this thread.
  @usableFromInline
  @exclusivity(unchecked) var tracking: AccessList?
  /// Access lists to reuse, so a tracked evaluation allocates none.
  @usableFromInline
  @exclusivity(unchecked) var spareLists: [AccessList] = []
  /// Nesting depth of `withCoalescedChanges` on this thread.
  @exclusivity(unchecked) var coalescingDepth = 0
  /// Observers with changes deferred to the end of the coalesced block, in order, each with what it
  /// keeps until then (the old value of its first change), and where each sits in that list.
  @exclusivity(unchecked) var deferred: [DeferredEntry] = []
  @exclusivity(unchecked) var deferredIndices: [ObjectIdentifier: Int] = [:]
  /// The changes being delivered to several subscribers on this thread, outermost first, each marked
  /// once a newer change of the same property was delivered during it (``OvertakenChanges``).
  @exclusivity(unchecked) var deliveries: [(storage: ObjectIdentifier, id: PropertyID, overtaken: Bool)] = []

  /// Where each thread keeps its context.
  @usableFromInline
  static let storage = ThreadLocalKey()

  /// This thread's context, if it has one.
  @inline(__always)
  @usableFromInline
  static func existing() -> ThreadContext? {
    guard let pointer = storage.pointer() else { return nil }
    return Unmanaged<ThreadContext>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// The context of the current thread (made on its first use there).
  @inline(__always)
  @usableFromInline
  static var current: ThreadContext {
    existing() ?? made()
  }

  /// A new context for the current thread, kept until the thread ends.
  @inline(never)
  @usableFromInline
  static func made() -> ThreadContext {
    let context = ThreadContext()
    storage.set(context)
    return context
  }

  /// How many tracked evaluations are running, on all threads: a read of an observable property while
  /// none is (almost every read) asks no thread-local storage. A thread's own evaluation is counted
  /// before it reads anything, so the count a read sees on that thread is never 0 while it tracks.
  @usableFromInline
  static let trackingCount = Atomic<Int>(0)

  /// The tracking list of the current thread, without creating a context: the count's check is
  /// compiled into the reading module (every read of an observable property makes it), the
  /// thread-local look-up is not.
  @inlinable
  static var _currentTracking: AccessList? {
    guard trackingCount.load(ordering: .relaxed) > 0 else { return nil }
    return _trackingOfThisThread()
  }

  /// The tracking list of the current thread, looked up in its thread-local storage.
  @usableFromInline
  static func _trackingOfThisThread() -> AccessList? {
    existing()?.tracking
  }
}
