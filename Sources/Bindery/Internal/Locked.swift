public import Synchronization

/// State behind a `Synchronization.Mutex`.
///
/// The lock is held only while `body` runs; never call out to user code inside it. Values need not be
/// `Sendable` (closures, generic values): the lock is what makes sharing them safe.
@usableFromInline
package class Locked<State>: @unchecked Sendable {
  @usableFromInline
  let mutex = Mutex(())
  /// The mutex, not Swift's dynamic exclusivity checks, guards the state.
  @usableFromInline @exclusivity(unchecked) var state: State

  @inlinable
  package init(_ initial: State) {
    state = initial
  }

  @inline(__always)
  @inlinable
  package final func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    mutex.withAnnotatedLock(Unmanaged.passUnretained(self).toOpaque()) { _ in body(&state) }
  }
}
