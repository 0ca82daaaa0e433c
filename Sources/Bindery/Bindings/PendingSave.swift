/// A save that a user's edit started and that ends later, off the thread that applied the edit: a
/// write to a database that may be slow.
///
/// Model-side code (store-backed content) makes one when a front end waits for saves
/// (``UserEditing/handOff(_:)`` returns `true`): it starts the slow part on a thread of its own,
/// calls ``markDone()`` from there when it ends, and puts in `finishing` what must happen where the
/// edit was applied (the object set back after a failure, the failure reported, the undo step
/// registered). The front end, after applying the edit, waits with ``waitUntilDone()`` without
/// holding its actor, so other users' reads and edits go on meanwhile, then calls ``finish()`` and
/// tells the user whether the edit was kept.
public final class PendingSave: @unchecked Sendable {
  // Unchecked: `finishing` runs only where the edit was applied, after `waitUntilDone`; the rest is
  // behind the lock.
  private let state = Locked<(done: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))
  private let finishing: () -> Void

  /// A save whose slow part is under way; `finishing` runs in ``finish()``.
  public init(finishing: @escaping () -> Void) {
    self.finishing = finishing
  }

  /// Whether the slow part has ended.
  public var isDone: Bool { state.withLock { $0.done } }

  /// The slow part has ended (from any thread): whoever waits goes on.
  public func markDone() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.done = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Waits until the slow part has ended, without blocking a thread.
  public func waitUntilDone() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let resumeNow = state.withLock { state -> Bool in
        if state.done { return true }
        state.waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  /// Runs what must happen where the edit was applied, once the slow part has ended: call it there,
  /// after ``waitUntilDone()``, inside ``UserEditing/collectingFailures(_:)`` to hear of a failure.
  public func finish() {
    finishing()
  }
}

extension UserEditing {
  /// Hands `save` to whoever applies a user's edit on this thread and waits for saves
  /// (``collectingPendingSaves(_:)``): whether someone took it. When nobody did, the caller saves
  /// synchronously, as it would without a front end that waits.
  public static func handOff(_ save: PendingSave) -> Bool {
    guard let context = BindingThreadContext.existing(), context.pendingSaves != nil else { return false }
    context.pendingSaves?.append(save)
    return true
  }

  /// Whether a front end on this thread takes saves that end later (``handOff(_:)`` would return
  /// `true`).
  public static var takesPendingSaves: Bool {
    BindingThreadContext.existing()?.pendingSaves != nil
  }

  /// Runs `body` (applying a user's edit) and returns the saves it handed off, in order: the caller
  /// waits for each (``PendingSave/waitUntilDone()``), then finishes it (``PendingSave/finish()``).
  ///
  /// ```swift
  /// let saves = UserEditing.collectingPendingSaves { field.userDidEdit(text: "Ada") }
  /// for save in saves { await save.waitUntilDone() }
  /// let failures = UserEditing.collectingFailures { for save in saves { save.finish() } }
  /// ```
  public static func collectingPendingSaves(_ body: () throws -> Void) rethrows -> [PendingSave] {
    let context = BindingThreadContext.current
    let outer = context.pendingSaves
    context.pendingSaves = []
    defer { context.pendingSaves = outer }
    try body()
    return context.pendingSaves ?? []
  }
}
