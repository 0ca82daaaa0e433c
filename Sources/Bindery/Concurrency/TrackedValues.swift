/// The values a tracked closure computes, as an async sequence: the closure runs now and again after
/// each change of an observable property it read (reads recorded afresh each time, as with
/// `observe(_:onChange:)`), until the consuming task is cancelled.
///
/// ```swift
/// for await canSave in trackedValues({ [weak controller] in
///   controller.map { $0.person != nil && !$0.isSaving } ?? false
/// }) {
///   print(canSave)
/// }
/// ```
///
/// The closure keeps what it captures: capture objects weakly, as above, so the sequence does not
/// keep them alive. Each iteration evaluates the closure when it starts; equal values are skipped.
public struct TrackedValues<Value: Sendable>: AsyncSequence, @unchecked Sendable {
  // Unchecked: the closure runs where Bindery's observers run (now, then on the thread of each change),
  // never concurrently with itself for one iteration.
  let tracked: () -> Value
  let initial: Bool
  let buffering: ValueBuffering
  /// The actor the sequence was made on, where the closure first runs.
  let isolation: (any Actor)?

  /// Creates the sequence; see ``trackedValues(initial:buffering:isolation:_:)``.
  init(tracked: @escaping () -> Value, initial: Bool, buffering: ValueBuffering, isolation: (any Actor)?) {
    self.tracked = tracked
    self.initial = initial
    self.buffering = buffering
    self.isolation = isolation
  }

  /// Takes the values of one iteration.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var base: ObservedStream.Iterator<Value>

    /// The next value, or `nil` once the task was cancelled.
    public mutating func next() async -> Value? {
      await base.next()
    }
  }

  /// Starts tracking for one iteration.
  public func makeAsyncIterator() -> AsyncIterator {
    let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: buffering.policy(for: Value.self))
    let tracked = self.tracked
    let observer = ValueObserver<Value>(
      evaluate: { tracked() },
      root: nil,
      deliver: { _, new, kind in
        if kind != .prior { continuation.yield(new) }
      }
    )
    let initial = self.initial
    return AsyncIterator(
      base: ObservedStream.iterator(stream, continuation, cancel: observer.cancel, isolation: isolation) {
        observer.start(initial: initial)
      })
  }
}

/// The values `tracked` computes, as an async sequence (``TrackedValues``): its current value first
/// (unless `initial` is `false`), then its value after each change of what it read. Made on an
/// actor, the closure first runs there, at the iteration's first `next()`.
public func trackedValues<Value: Sendable>(
  initial: Bool = true,
  buffering: ValueBuffering = .unbounded,
  isolation: isolated (any Actor)? = #isolation,
  _ tracked: @escaping () -> Value
) -> TrackedValues<Value> {
  TrackedValues(tracked: tracked, initial: initial, buffering: buffering, isolation: isolation)
}
