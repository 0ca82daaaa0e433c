import Synchronization

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
public final class LifetimeTracker: Sendable {
  private struct Entry: @unchecked Sendable {
    weak var object: AnyObject?
    let name: String
  }

  private let entries = Mutex<[Entry]>([])

  /// Creates an empty tracker.
  public init() {}

  /// Starts watching `object`; returns it.
  @discardableResult
  public func track<Object: AnyObject>(_ object: Object) -> Object {
    let name = String(describing: type(of: object))
    entries.withLock { $0.append(Entry(object: object, name: name)) }
    return object
  }

  /// The number of objects tracked so far.
  public var trackedCount: Int { entries.withLock { $0.count } }

  /// The number of tracked objects still alive.
  public var liveCount: Int { entries.withLock { $0.filter { $0.object != nil }.count } }

  /// The number of tracked objects deallocated.
  public var deinitCount: Int { trackedCount - liveCount }

  /// The type names of the tracked objects still alive, for failure messages.
  public var liveTypeNames: [String] { entries.withLock { $0.filter { $0.object != nil }.map(\.name) } }
}
