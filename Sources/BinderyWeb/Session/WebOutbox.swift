import Bindery

/// The messages waiting to go to one page, at most `limit` of them: a page that does not read
/// them in time gets the whole page again (a reset) instead of an ever longer queue.
///
/// ```swift
/// while let item = await connection.outbox.next() {
///   switch item {
///   case .message(let text): try await socket.write(text)
///   case .reset: if let text = await host.resetMessage(for: connection) { try await socket.write(text) }
///   }
/// }
/// ```
public final class WebOutbox: Sendable {
  /// What the writer sends next.
  public enum Item: Equatable, Sendable {
    /// A message's text.
    case message(String)
    /// The page fell behind: send it the whole page (``WebPageHost/resetMessage(for:)``).
    case reset
  }

  private struct State {
    var queue: [String] = []
    var needsReset = false
    var isClosed = false
    var waiter: CheckedContinuation<Item?, Never>?
    var overflows = 0
  }

  /// The most messages kept waiting.
  public let limit: Int
  private let state = SharedLock(State())

  /// Creates an outbox of at most `limit` messages.
  public init(limit: Int = 256) {
    self.limit = max(1, limit)
  }

  /// How many times the queue overflowed and was replaced by a reset.
  public var overflowCount: Int { state.withLock { $0.overflows } }

  /// Queues a message; past the limit, the queue is dropped for a reset.
  ///
  /// - Returns: `true` when this message overflowed the queue.
  @discardableResult
  func send(_ text: String) -> Bool {
    let (waiter, overflowed): (CheckedContinuation<Item?, Never>?, Bool) = state.withLock { state in
      guard !state.isClosed else { return (nil, false) }
      if let waiter = state.waiter {
        state.waiter = nil
        return (waiter, false)
      }
      if state.needsReset { return (nil, false) }  // the reset will carry it
      if state.queue.count >= limit {
        state.queue = []
        state.needsReset = true
        state.overflows += 1
        return (nil, true)
      }
      state.queue.append(text)
      return (nil, false)
    }
    waiter?.resume(returning: .message(text))
    return overflowed
  }

  /// Drops what is queued (a reset is about to carry it).
  func discardQueued() {
    state.withLock { state in
      state.queue = []
      state.needsReset = false
    }
  }

  /// Ends the outbox: the writer's `next()` returns `nil`.
  public func close() {
    let waiter = state.withLock { state in
      state.isClosed = true
      state.queue = []
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: nil)
  }

  /// The next thing to send, waiting for one; `nil` once closed.
  public func next() async -> Item? {
    await withCheckedContinuation { continuation in
      let item: Item?? = state.withLock { state in
        if state.isClosed { return .some(nil) }
        if state.needsReset {
          state.needsReset = false
          return .some(.reset)
        }
        if !state.queue.isEmpty { return .some(.message(state.queue.removeFirst())) }
        state.waiter = continuation
        return .none
      }
      if let item { continuation.resume(returning: item) }
    }
  }

  /// Everything waiting now, without waiting (for tests and tools).
  public func drain() -> [Item] {
    state.withLock { state in
      var items: [Item] = state.needsReset ? [.reset] : []
      items += state.queue.map { .message($0) }
      state.queue = []
      state.needsReset = false
      return items
    }
  }
}

/// One page's connection (one WebSocket): its outbox.
public final class WebConnection: Sendable {
  /// The messages waiting to go to the page.
  public let outbox: WebOutbox

  /// Creates a connection whose outbox holds at most `queueLimit` messages.
  public init(queueLimit: Int = 256) {
    outbox = WebOutbox(limit: queueLimit)
  }
}
