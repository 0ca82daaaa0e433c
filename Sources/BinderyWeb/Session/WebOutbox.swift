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
    /// Close the socket with this WebSocket close code and reason; nothing follows.
    case close(code: UInt16, reason: String)
  }

  private struct State {
    var queue: [String] = []
    var needsReset = false
    var isClosed = false
    var waiter: CheckedContinuation<Item?, Never>?
    var overflows = 0
    /// A close asked for, sent after what is queued.
    var closing: (code: UInt16, reason: String)?
  }

  /// The most messages kept waiting.
  public let limit: Int
  private let state = SharedLock(State())

  /// Creates an outbox of at most `limit` messages.
  public init(limit: Int = 256) {
    self.limit = max(1, limit)
  }

  /// How many times the queue overflowed and was replaced by a reset.
  package var overflowCount: Int { state.withLock { $0.overflows } }

  /// Queues a message; past the limit, the queue is dropped for a reset.
  ///
  /// - Returns: `true` when this message overflowed the queue.
  @discardableResult
  func send(_ text: String) -> Bool {
    let (waiter, overflowed): (CheckedContinuation<Item?, Never>?, Bool) = state.withLock { state in
      guard !state.isClosed, state.closing == nil else { return (nil, false) }
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

  /// Asks the writer to close the socket with `code` and `reason` once what is queued has gone;
  /// nothing sent after this is queued.
  public func close(code: UInt16, reason: String) {
    let waiter: CheckedContinuation<Item?, Never>? = state.withLock { state in
      guard !state.isClosed, state.closing == nil else { return nil }
      guard let waiter = state.waiter else {
        state.closing = (code, reason)
        return nil
      }
      state.waiter = nil
      state.isClosed = true
      return waiter
    }
    waiter?.resume(returning: .close(code: code, reason: reason))
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
        if let closing = state.closing {
          state.isClosed = true
          return .some(.close(code: closing.code, reason: closing.reason))
        }
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
      if let closing = state.closing {
        items.append(.close(code: closing.code, reason: closing.reason))
        state.closing = nil
        state.isClosed = true
      }
      state.queue = []
      state.needsReset = false
      return items
    }
  }
}

/// One page's connection (one WebSocket): its outbox, and the address it came from.
public final class WebConnection: Sendable {
  /// The messages waiting to go to the page.
  public let outbox: WebOutbox
  /// The client's IP address, which per-address limits count by.
  package let remoteAddress: String

  /// Creates a connection from `remoteAddress` whose outbox holds at most `queueLimit` messages.
  public init(queueLimit: Int = 256, remoteAddress: String = "local") {
    outbox = WebOutbox(limit: queueLimit)
    self.remoteAddress = remoteAddress
  }
}
