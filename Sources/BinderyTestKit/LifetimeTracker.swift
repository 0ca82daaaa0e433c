import Foundation

/// Counts the objects a test creates and the ones deallocated, to prove nothing leaks.
///
/// ```swift
/// let tracker = LifetimeTracker()
/// do {
///   let person = tracker.track(Person())
///   // … bind, observe …
/// }
/// #expect(tracker.liveCount == 0)
/// ```
public final class LifetimeTracker: @unchecked Sendable {
  private struct Entry {
    weak var object: AnyObject?
    let name: String
  }

  private let lock = NSLock()
  private var storage: [Entry] = []

  private func withEntries<Result>(_ body: (inout [Entry]) -> Result) -> Result {
    lock.withLock { body(&storage) }
  }

  /// Creates an empty tracker.
  public init() {}

  /// Starts watching `object`; returns it.
  @discardableResult
  public func track<Object: AnyObject>(_ object: Object) -> Object {
    let name = String(describing: type(of: object))
    withEntries { $0.append(Entry(object: object, name: name)) }
    return object
  }

  /// The number of objects tracked so far.
  public var trackedCount: Int { withEntries { $0.count } }

  /// The number of tracked objects still alive.
  public var liveCount: Int { withEntries { $0.filter { $0.object != nil }.count } }

  /// The number of tracked objects deallocated.
  public var deinitCount: Int { trackedCount - liveCount }

  /// The type names of the tracked objects still alive, for failure messages.
  public var liveTypeNames: [String] { withEntries { $0.filter { $0.object != nil }.map(\.name) } }
}

extension LifetimeTracker {
  /// A message naming the tracked objects still alive, or `nil` when every one has been released.
  public func releaseFailure() -> String? {
    let alive = liveTypeNames
    guard !alive.isEmpty else { return nil }
    return "\(alive.count) of \(trackedCount) tracked objects still alive: \(alive.joined(separator: ", "))"
  }
}
