/// When a binding writes a user's edits back to its source: after a pause in typing (debounce), or at
/// most once an interval (throttle), and always at the end of editing (Return, leaving the field),
/// whichever comes first. A search field that queries as the user types:
///
/// ```swift
/// searchField.bind(\.text, to: .keyPath(controller, \.query).pacingEdits(.debounce(.milliseconds(300))))
/// ```
///
/// The edit is written on the actor the pacing was made on (the caller's, by default: the main actor
/// for a user interface), on any `Clock` measured in `Duration` (a manual clock in tests). Unbinding
/// cancels a pending write; the edit then stays in the control.
public final class EditPacing: Sendable, CustomStringConvertible {
  /// How long after an edit its write comes.
  public let delay: Duration
  /// Whether each edit restarts the wait (debounce) or the first edit of an interval starts it and
  /// the later ones join it (throttle).
  public let restartsOnEachEdit: Bool
  let clock: any Clock<Duration>
  let isolation: (any Actor)?

  /// A pacing whose writes happen on `isolation`: what a file's `pacing` attribute makes, with the
  /// actor its load was called on.
  package init(delay: Duration, restartsOnEachEdit: Bool, clock: any Clock<Duration>, isolation: (any Actor)?) {
    self.delay = delay
    self.restartsOnEachEdit = restartsOnEachEdit
    self.clock = clock
    self.isolation = isolation
  }

  /// Writes an edit `delay` after the user's last edit (each edit restarts the wait).
  public static func debounce(
    _ delay: Duration,
    clock: any Clock<Duration> = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation
  ) -> EditPacing {
    EditPacing(delay: delay, restartsOnEachEdit: true, clock: clock, isolation: isolation)
  }

  /// Writes the latest edit `interval` after the first edit of each interval (at most one write an
  /// interval while the user types).
  public static func throttle(
    _ interval: Duration,
    clock: any Clock<Duration> = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation
  ) -> EditPacing {
    EditPacing(delay: interval, restartsOnEachEdit: false, clock: clock, isolation: isolation)
  }

  /// `debounce 300 ms` or `throttle 1 s`.
  public var description: String {
    (restartsOnEachEdit ? "debounce " : "throttle ") + "\(delay)"
  }
}

/// The timer of one paced binding: started by an edit, it commits the pending edit when it fires.
final class EditPacer: Cancellable, @unchecked Sendable {
  // Unchecked: the timer's task is behind the lock.
  let pacing: EditPacing
  private let timer = Locked<(task: Task<Void, Never>?, generation: Int, cancelled: Bool)>((nil, 0, false))

  init(_ pacing: EditPacing) {
    self.pacing = pacing
  }

  /// The user edited the target: (re)start the wait.
  func editDidHappen(_ binding: PropertyBinding) {
    let pacing = self.pacing
    let reference = WeakBinding(binding)
    let replaced = timer.withLock { timer -> Task<Void, Never>? in
      guard !timer.cancelled else { return nil }
      if timer.task != nil && !pacing.restartsOnEachEdit { return nil }
      let previous = timer.task
      timer.generation += 1
      let generation = timer.generation
      // The wait counts from the edit, not from when the task gets to run (late under load).
      let wait = Self.sleepUntil(pacing.delay, after: pacing.clock)
      timer.task = Task { [self] in
        do {
          try await wait()
        } catch {
          return
        }
        finish(generation)
        guard let binding = reference.value else { return }
        let commit: @Sendable () -> Void = { try? binding.commitEditing() }
        if let actor = pacing.isolation { await runIsolated(on: actor, commit) } else { commit() }
      }
      return previous
    }
    replaced?.cancel()
  }

  /// A sleep until `delay` after the clock's time now.
  private static func sleepUntil<C: Clock<Duration>>(
    _ delay: Duration, after clock: C
  ) -> @Sendable () async throws -> Void {
    let deadline = clock.now.advanced(by: delay)
    return { try await clock.sleep(until: deadline, tolerance: nil) }
  }

  /// The timer of `generation` fired: the next edit starts a new one.
  private func finish(_ generation: Int) {
    timer.withLock { timer in
      if timer.generation == generation { timer.task = nil }
    }
  }

  /// The binding ended: a pending write is dropped.
  func cancel() {
    let task = timer.withLock { timer -> Task<Void, Never>? in
      timer.cancelled = true
      defer { timer.task = nil }
      return timer.task
    }
    task?.cancel()
  }
}
