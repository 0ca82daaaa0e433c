import Synchronization

/// State behind a `Synchronization.Mutex`.
///
/// The lock is held only while `body` runs; never call out to user code inside it. Values need not be
/// `Sendable` (closures, generic values): the lock is what makes sharing them safe.
@usableFromInline
class Locked<State>: @unchecked Sendable {
  private let mutex = Mutex(())
  /// The state lives at a fixed address: the mutex, not Swift's dynamic exclusivity checks, guards it.
  private let state: UnsafeMutablePointer<State>

  init(_ initial: State) {
    state = UnsafeMutablePointer<State>.allocate(capacity: 1)
    state.initialize(to: initial)
  }

  deinit {
    state.deinitialize(count: 1)
    state.deallocate()
  }

  @inline(__always)
  func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    let address = UnsafeMutableRawPointer(state)
    nonisolated(unsafe) var result: Result?
    mutex.withLock { _ in
      Sanitizer.acquire(address)
      result = body(&state.pointee)
      Sanitizer.release(address)
    }
    // The closure above always runs, so `result` is set.
    return result.unsafelyUnwrapped
  }
}
