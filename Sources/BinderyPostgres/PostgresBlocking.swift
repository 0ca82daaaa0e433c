// Built with the package's Postgres trait; without it the module is empty.
#if Postgres
  import Bindery
  import Synchronization
  import BinderyStore
  import NIOCore
  import NIOPosix

  /// The bridge from the store's synchronous methods to postgres-nio: the work runs on the store's own
  /// event loops and the calling thread waits for it.
  enum PostgresBlocking {
    /// The event loops every store's connections run on (two threads, for the whole process).
    static let eventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: 2)

    /// Waits on the calling thread for `future`'s value. A call from one of NIO's event-loop threads is
    /// refused (waiting there could never end) with a ``BinderyStore/StoreError/Kind/database`` error.
    static func wait<Value: Sendable>(_ future: EventLoopFuture<Value>) throws -> Value {
      guard MultiThreadedEventLoopGroup.currentEventLoop == nil else {
        throw StoreError(
          .database, "a PostgresStore was called on a NIO event-loop thread, where it cannot wait for the server")
      }
      return try future.wait()
    }

    /// `future`, failed with a ``PostgresTimeout`` when it takes longer than `timeout`; a value that
    /// comes after that is handed to `discard` (to close a connection that came too late).
    static func limit<Value: Sendable>(
      _ future: EventLoopFuture<Value>, to timeout: TimeAmount, what: String,
      discard: @escaping @Sendable (Value) -> Void
    ) -> EventLoopFuture<Value> {
      let promise = future.eventLoop.makePromise(of: Value.self)
      let timedOut = Flag()
      let timer = future.eventLoop.scheduleTask(in: timeout) {
        timedOut.set()
        promise.fail(PostgresTimeout(what: what, limit: timeout))
      }
      future.whenComplete { result in
        timer.cancel()
        // The timer and the future run on the same event loop: a value after the timer is discarded.
        let late = timedOut.isSet
        switch result {
        case .success(let value): if late { discard(value) } else { promise.succeed(value) }
        case .failure(let error): if !late { promise.fail(error) }
        }
      }
      return promise.futureResult
    }

    /// `duration` as NIO's time amount: nanoseconds, at most `Int64.max` of them (292 years), at least 0.
    static func timeAmount(_ duration: Duration) -> TimeAmount {
      let (seconds, attoseconds) = duration.components
      guard seconds >= 0, attoseconds >= 0 else { return .zero }
      let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
      let (total, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
      return .nanoseconds(overflow || overflowAgain ? .max : total)
    }

    /// `amount` in whole milliseconds, rounded up.
    static func milliseconds(_ amount: TimeAmount) -> Int64 {
      let (milliseconds, rest) = amount.nanoseconds.quotientAndRemainder(dividingBy: 1_000_000)
      return rest > 0 ? milliseconds + 1 : milliseconds
    }

    /// `amount` for people: `250 ms`, `1 s`, `1.5 s`.
    static func describe(_ amount: TimeAmount) -> String {
      let milliseconds = milliseconds(amount)
      guard milliseconds >= 1000 else { return "\(milliseconds) ms" }
      let fraction = milliseconds % 1000
      guard fraction != 0 else { return "\(milliseconds / 1000) s" }
      var digits = String(fraction)
      digits = String(repeating: "0", count: 3 - digits.count) + digits
      while digits.hasSuffix("0") { digits.removeLast() }
      return "\(milliseconds / 1000).\(digits) s"
    }
  }

  /// A flag that is set once, from any thread.
  final class Flag: Sendable {
    private let value = Locked(false)

    /// Whether ``set()`` was called.
    var isSet: Bool { value.withLock { $0 } }

    /// Sets the flag.
    func set() { value.withLock { $0 = true } }
  }
#endif
