import Synchronization

/// A thread-safe list of values, for recording what observers and controls receive.
///
/// ```swift
/// let log = ChangeLog<String>()
/// let token = observe(person, \.firstName) { log.append($0.newValue) }
/// person.firstName = "Ada"
/// #expect(log.values == ["Ada"])
/// ```
public final class ChangeLog<Value: Sendable>: Sendable {
  private let storage = Mutex<[Value]>([])

  /// Creates an empty log.
  public init() {}

  /// Adds a value.
  public func append(_ value: Value) {
    storage.withLock { $0.append(value) }
  }

  /// Everything logged, in order.
  public var values: [Value] { storage.withLock { $0 } }

  /// The number of values logged.
  public var count: Int { storage.withLock { $0.count } }

  /// Empties the log.
  public func removeAll() {
    storage.withLock { $0.removeAll() }
  }
}
