import Foundation

/// A clock whose time moves only when a test says so: sleepers wake when ``advance(by:)`` moves the
/// time past their deadline, so timed behaviour (a debounced binding) is tested without sleeping.
///
/// ```swift
/// let clock = ManualClock()
/// field.bind(\.text, to: .keyPath(controller, \.query).pacingEdits(.debounce(.milliseconds(300), clock: clock)))
/// field.userDidEdit(text: "Ada")
/// await clock.advance(by: .milliseconds(300))   // the edit is written now
/// ```
public final class ManualClock: Clock, @unchecked Sendable {
  // Unchecked: the state is behind an NSLock (which the thread sanitizer sees).
  /// A moment of the manual clock: the time since it started.
  public struct Instant: InstantProtocol, Sendable, Hashable, Comparable {
    /// The time since the clock started.
    public var offset: Duration

    /// Creates the moment `offset` after the clock started.
    public init(offset: Duration) { self.offset = offset }

    /// The moment `duration` later.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

    /// The time from this moment to `other`.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    var nextID = 0
  }

  private let lock = NSLock()
  private var storage = State()
  private var state: LockedState { LockedState(clock: self) }

  /// The state, behind the lock.
  private struct LockedState {
    let clock: ManualClock
    func withLock<Result>(_ body: (inout State) -> Result) -> Result {
      clock.lock.withLock { body(&clock.storage) }
    }
  }

  /// Creates a clock at time zero.
  public init() {}

  /// The clock's time.
  public var now: Instant { state.withLock { $0.now } }

  /// The smallest step: none, time moves only when told.
  public var minimumResolution: Duration { .zero }

  /// How many tasks sleep on the clock now.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Sleeps until the clock's time reaches `deadline` (at once if it has); throws `CancellationError`
  /// when the task is cancelled first.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let resumeNow: Bool = state.withLock { state in
          if deadline <= state.now || Task.isCancelled { return true }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return false
        }
        if resumeNow {
          if Task.isCancelled { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
        }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the time by `duration`, waking every sleeper whose deadline it reaches, then gives them a
  /// moment to run.
  public func advance(by duration: Duration) async {
    let woken = state.withLock { state -> [Sleeper] in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }
      state.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in woken { sleeper.continuation.resume() }
    for _ in 0..<100 { await Task.yield() }
  }
}
