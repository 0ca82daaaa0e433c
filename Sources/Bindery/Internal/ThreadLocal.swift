public import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

/// Per-thread state of the observation core: the access list being recorded and the bindings writing.
@usableFromInline
final class ThreadContext {
  // Used by its own thread only: Swift's dynamic exclusivity checks of these properties would cost
  // more than the work they guard.
  /// The access list of the innermost tracked evaluation on this thread.
  @usableFromInline
  @exclusivity(unchecked) var tracking: AccessList?
  /// Bindings writing on this thread, so their own forward notifications are skipped (echo).
  @usableFromInline
  @exclusivity(unchecked) var writingBindings: [ObjectIdentifier] = []
  /// Access lists to reuse, so a tracked evaluation allocates none.
  @usableFromInline
  @exclusivity(unchecked) var spareLists: [AccessList] = []
  /// Nesting depth of `withCoalescedChanges` on this thread.
  @exclusivity(unchecked) var transactionDepth = 0
  /// Observers with changes deferred to the end of the transaction, in order, each with what it
  /// keeps until then (the old value of its first change), and where each sits in that list.
  @exclusivity(unchecked) var deferred: [DeferredEntry] = []
  @exclusivity(unchecked) var deferredIndices: [ObjectIdentifier: Int] = [:]
  /// The recorded change being written on this thread, which causes what happens during it
  /// (diagnostics).
  @exclusivity(unchecked) var currentCause: ChangeCause?
  /// This thread's number in diagnostics, given when it first records a change (0 until then).
  @exclusivity(unchecked) var diagnosticNumber = 0
  /// Where a file declared the bindings this thread is making (`Editor.spec.yaml:42:5`), if a file did.
  @exclusivity(unchecked) var declaringLocation: String?
  /// The control whose user edit or end of editing is being delivered on this thread.
  @exclusivity(unchecked) var editingControl: ObjectIdentifier?
  /// The failures reported on this thread while a front end collects them (``UserEditing``), or
  /// `nil` when none does.
  @exclusivity(unchecked) var collectedFailures: [any Error]?
  /// The saves handed off on this thread while a front end waits for them (``UserEditing``), or
  /// `nil` when none does.
  @exclusivity(unchecked) var pendingSaves: [PendingSave]?
  /// The changes being delivered to several subscribers on this thread, outermost first, each marked
  /// once a newer change of the same property was delivered during it (``OvertakenChanges``).
  @exclusivity(unchecked) var deliveries: [(storage: ObjectIdentifier, id: PropertyID, overtaken: Bool)] = []

  /// The context of the current thread.
  @usableFromInline
  static var current: ThreadContext {
    if let existing = ThreadLocalStorage.get() { return existing }
    let context = ThreadContext()
    ThreadLocalStorage.set(context)
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
    ThreadLocalStorage.get()?.tracking
  }
}

#if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
  /// A pthread key holding a retained `ThreadContext`, released when the thread exits.
  enum ThreadLocalStorage {
    static let key: pthread_key_t = {
      var key = pthread_key_t()
      let status = pthread_key_create(&key) { pointer in
        #if canImport(Darwin)
          Unmanaged<ThreadContext>.fromOpaque(pointer).release()
        #else
          if let pointer { Unmanaged<ThreadContext>.fromOpaque(pointer).release() }
        #endif
      }
      precondition(status == 0, "Bindery could not create its thread-local key")  // allowed: system failure, not input
      return key
    }()

    @inline(__always)
    @usableFromInline
    static func get() -> ThreadContext? {
      guard let pointer = pthread_getspecific(key) else { return nil }
      return Unmanaged<ThreadContext>.fromOpaque(pointer).takeUnretainedValue()
    }

    @usableFromInline
    static func set(_ context: ThreadContext) {
      pthread_setspecific(key, Unmanaged.passRetained(context).toOpaque())
    }
  }
#else
  /// Single-threaded platforms: one context.
  enum ThreadLocalStorage {
    @usableFromInline
    nonisolated(unsafe) static var context: ThreadContext?
    @usableFromInline
    static func get() -> ThreadContext? { context }
    @usableFromInline
    static func set(_ context: ThreadContext) { self.context = context }
  }
#endif
