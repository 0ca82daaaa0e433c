import Synchronization

/// State behind a `Mutex`, for state whose values are not `Sendable` (closures, generic values).
///
/// The lock is held only while `body` runs; never call out to user code inside it.
final class Locked<State>: @unchecked Sendable {
  private let mutex = Mutex(())
  private var state: State

  init(_ state: State) {
    self.state = state
  }

  func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    nonisolated(unsafe) var result: Result?
    mutex.withLock { _ in result = body(&state) }
    // The closure above always runs, so `result` is set.
    return result.unsafelyUnwrapped
  }
}
