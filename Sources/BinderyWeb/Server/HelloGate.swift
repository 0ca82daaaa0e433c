import Bindery

/// Lets one `hello` at a time reach the page's actor. Making a session is the costliest thing a
/// page can ask for; with hellos queued here instead of on the actor, an edit from another tab
/// waits for at most one session to be made, however many tabs connect at once.
final class HelloGate: Sendable {
  private struct State {
    var busy = false
    var waiters: [CheckedContinuation<Void, Never>] = []
    var head = 0
  }

  private let state = SharedLock(State())

  /// Runs `body` when no other hello is running.
  func pass<Result: Sendable>(_ body: () async -> Result) async -> Result {
    await enter()
    let result = await body()
    leave()
    return result
  }

  private func enter() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let enterNow = state.withLock { state in
        guard state.busy else {
          state.busy = true
          return true
        }
        state.waiters.append(continuation)
        return false
      }
      if enterNow { continuation.resume() }
    }
  }

  private func leave() {
    let next: CheckedContinuation<Void, Never>? = state.withLock { state in
      guard state.head < state.waiters.count else {
        state.busy = false
        state.waiters = []
        state.head = 0
        return nil
      }
      let next = state.waiters[state.head]
      state.head += 1
      if state.head > 64, state.head * 2 > state.waiters.count {
        state.waiters.removeFirst(state.head)
        state.head = 0
      }
      return next
    }
    next?.resume()
  }
}
