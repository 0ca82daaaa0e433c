import Foundation

/// A thread-safe list of values, for recording what observers and controls receive.
///
/// ```swift
/// let log = ChangeLog<String>()
/// let token = observe(person, \.firstName) { log.append($0.newValue) }
/// person.firstName = "Ada"
/// #expect(log.values == ["Ada"])
/// ```
///
/// It locks with `NSLock` (a pthread mutex), which the thread sanitizer sees.
public final class ChangeLog<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Value] = []

  /// Creates an empty log.
  public init() {}

  /// Adds a value.
  public func append(_ value: Value) {
    lock.withLock { storage.append(value) }
  }

  /// Everything logged, in order.
  public var values: [Value] { lock.withLock { storage } }

  /// The number of values logged.
  public var count: Int { lock.withLock { storage.count } }

  /// Empties the log.
  public func removeAll() {
    lock.withLock { storage.removeAll() }
  }
}
