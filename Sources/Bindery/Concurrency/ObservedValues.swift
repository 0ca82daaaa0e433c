/// The values of one key path of an object, as an async sequence: the current value first (unless
/// asked not to), then each new value, until the object goes away or the consuming task is cancelled.
///
/// ```swift
/// for await name in person.values(of: \.fullName) {
///   print(name)   // "Ada Lovelace", then each new full name
/// }
/// ```
///
/// The sequence holds the object weakly. Each iteration observes the object from the moment it
/// starts (a sequence iterated after its object went away ends at once) and stops observing when
/// it ends, is cancelled, or its iterator is dropped. Values are taken on the thread that changes
/// the property and handed to the consumer wherever it runs; equal values are skipped. A sequence
/// made on an actor (a model of the main actor) reads the object there: its iterations start
/// observing at their first `next()`, on that actor, whatever task consumes them; elsewhere, when
/// the iterator is made.
public struct ObservedValues<Object: KeyValueObservable, Value: Sendable>: AsyncSequence, @unchecked Sendable {
  // Unchecked: the object is only read through its observation (Bindery's observers may be made from
  // any thread), and a key path is an immutable value.
  weak var object: Object?
  let keyPath: KeyPath<Object, Value>
  let initial: Bool
  let buffering: ValueBuffering
  /// The actor the sequence was made on, where it reads the object.
  let isolation: (any Actor)?

  /// Takes the values of one iteration.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var base: ObservedStream.Iterator<Value>

    /// The next value, or `nil` once the object has gone or the task was cancelled.
    public mutating func next() async -> Value? {
      await base.next()
    }
  }

  /// Starts observing the object for one iteration.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(
      base: ObservedStream.make(
        object, keyPath, initial: initial, buffering: buffering, isolation: isolation, element: Value.self
      ) { _, new, _ in new })
  }
}

/// The changes of one key path of an object, with their old and new values, as an async sequence,
/// until the object goes away or the consuming task is cancelled (see ``ObservedValues``).
///
/// ```swift
/// for await change in person.changes(of: \.age) {
///   print(change.oldValue ?? 0, "→", change.newValue)
/// }
/// ```
public struct ObservedChanges<Object: KeyValueObservable, Value: Sendable>: AsyncSequence, @unchecked Sendable {
  weak var object: Object?
  let keyPath: KeyPath<Object, Value>
  let initial: Bool
  let buffering: ValueBuffering
  /// The actor the sequence was made on, where it reads the object.
  let isolation: (any Actor)?

  /// Takes the changes of one iteration.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var base: ObservedStream.Iterator<KeyValueChange<Object, Value>>

    /// The next change, or `nil` once the object has gone or the task was cancelled.
    public mutating func next() async -> KeyValueChange<Object, Value>? {
      await base.next()
    }
  }

  /// Starts observing the object for one iteration.
  public func makeAsyncIterator() -> AsyncIterator {
    let keyPath = self.keyPath
    return AsyncIterator(
      base: ObservedStream.make(
        object, keyPath, initial: initial, buffering: buffering, isolation: isolation,
        element: KeyValueChange<Object, Value>.self
      ) { old, new, isInitial in
        KeyValueChange(keyPath: keyPath, kind: isInitial ? .initial : .change, oldValue: old, newValue: new)
      })
  }
}

/// A change can be handed to another task when its values can: its key path is an immutable value.
extension KeyValueChange: @unchecked Sendable where Value: Sendable {}

extension KeyValueObservable {
  /// The values of `keyPath` as an async sequence: the current value first (unless `initial` is
  /// `false`), then each new one, until this object goes away or the consuming task is cancelled.
  ///
  /// - Parameters:
  ///   - keyPath: The value to follow; it may go through optionals and other objects.
  ///   - initial: Whether the current value comes first.
  ///   - buffering: How many values wait while the consumer is busy (all by default).
  ///   - isolation: The actor the object is read on (the caller's, by default).
  public func values<Value: Sendable>(
    of keyPath: KeyPath<Self, Value>,
    initial: Bool = true,
    buffering: ValueBuffering = .unbounded,
    isolation: isolated (any Actor)? = #isolation
  ) -> ObservedValues<Self, Value> {
    ObservedValues(object: self, keyPath: keyPath, initial: initial, buffering: buffering, isolation: isolation)
  }

  /// The changes of `keyPath` as an async sequence, each with its old and new value, until this
  /// object goes away or the consuming task is cancelled; with `initial`, the current value first
  /// (a change of kind `.initial` with no old value).
  public func changes<Value: Sendable>(
    of keyPath: KeyPath<Self, Value>,
    initial: Bool = false,
    buffering: ValueBuffering = .unbounded,
    isolation: isolated (any Actor)? = #isolation
  ) -> ObservedChanges<Self, Value> {
    ObservedChanges(object: self, keyPath: keyPath, initial: initial, buffering: buffering, isolation: isolation)
  }
}

/// The stream of one iteration of an observed value, and how it starts.
enum ObservedStream {
  /// One iteration: it starts observing when made, or, for a sequence made on an actor, at its first
  /// `next()`, on that actor.
  struct Iterator<Element: Sendable> {
    var base: AsyncStream<Element>.Iterator
    var pendingStart: (@Sendable () -> Void)?
    let isolation: (any Actor)?

    /// The next element, or `nil` once the iteration has ended.
    mutating func next() async -> Element? {
      if let start = pendingStart {
        pendingStart = nil
        if let isolation { await runIsolated(on: isolation, start) } else { start() }
      }
      return await base.next()
    }
  }

  /// The observer of one iteration, and the stream it feeds; started now without an actor.
  static func make<Object: KeyValueObservable, Value, Element: Sendable>(
    _ object: Object?,
    _ keyPath: KeyPath<Object, Value>,
    initial: Bool,
    buffering: ValueBuffering,
    isolation: (any Actor)?,
    element: Element.Type,
    _ transform: @escaping (_ old: Value?, _ new: Value, _ isInitial: Bool) -> Element
  ) -> Iterator<Element> {
    let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: buffering.policy(for: Element.self))
    let observation = ObjectLifetimeObservation(
      object, keyPath,
      deliver: { old, new, isInitial in continuation.yield(transform(old, new, isInitial)) },
      onGone: { continuation.finish() }
    )
    return iterator(stream, continuation, cancel: observation.cancel, isolation: isolation) {
      observation.start(initial: initial)
    }
  }

  /// The iterator of `stream`, whose observer ends with the iteration, started by `start` now or at
  /// its first `next()` on `isolation`.
  static func iterator<Element: Sendable>(
    _ stream: AsyncStream<Element>,
    _ continuation: AsyncStream<Element>.Continuation,
    cancel: @escaping @Sendable () -> Void,
    isolation: (any Actor)?,
    start: @escaping @Sendable () -> Void
  ) -> Iterator<Element> {
    let token = KeyValueObservation(cancel)
    continuation.onTermination = { _ in token.unbind() }
    if isolation == nil {
      start()
      return Iterator(base: stream.makeAsyncIterator(), pendingStart: nil, isolation: nil)
    }
    return Iterator(base: stream.makeAsyncIterator(), pendingStart: start, isolation: isolation)
  }
}
