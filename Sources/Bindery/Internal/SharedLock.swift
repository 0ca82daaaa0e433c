/// State behind a lock, for the package's other modules (caches, registries): a `Locked` they can
/// reach, so that every lock in the package is one the thread sanitizer sees (a bare
/// `Synchronization.Mutex` locks with a futex on Linux, which the sanitizer cannot see, and every
/// access it guards would be reported as a race).
package final class SharedLock<State>: @unchecked Sendable {
  private let locked: Locked<State>

  /// A lock around `initial`.
  package init(_ initial: State) {
    locked = Locked(initial)
  }

  /// Runs `body` with the state, under the lock; never call out to user code inside it.
  package func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    locked.withLock(body)
  }
}
