#if canImport(Combine) || OpenCombine
  #if canImport(Combine)
    public import Combine
  #else
    public import OpenCombine
  #endif
  public import Bindery

  /// The values of one key path of an object, as a Combine publisher: the current value first (unless
  /// asked not to), then each new value, finishing when the object goes away.
  ///
  /// ```swift
  /// person.publisher(of: \.fullName)
  ///   .sink { label.text = $0 }
  ///   .store(in: &cancellables)
  /// ```
  ///
  /// The publisher holds the object weakly, like every subscription it makes: a subscription made
  /// after the object went away finishes at once. Values are sent on the thread that changes the
  /// property, equal values skipped, one at a time (changes made while the subscriber is busy, on
  /// another thread or from its own `receive(_:)`, wait and follow in order). While the subscriber has
  /// no demand, only the newest value waits. Cancelling the subscription leaves no observer behind.
  public struct KeyValuePublisher<Object: KeyValueObservable, Value>: Publisher {
    /// Each value of the key path.
    public typealias Output = Value
    /// A key path's values never fail.
    public typealias Failure = Never

    @usableFromInline weak var object: Object?
    @usableFromInline let keyPath: KeyPath<Object, Value>
    @usableFromInline let initial: Bool

    @inlinable
    init(object: Object, keyPath: KeyPath<Object, Value>, initial: Bool) {
      self.object = object
      self.keyPath = keyPath
      self.initial = initial
    }

    /// Starts a subscription: it observes the object from now until it is cancelled or the object
    /// goes away.
    @inlinable
    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Value, Downstream.Failure == Never {
      let subscription = KeyValueSubscription<Value, Downstream>(object, keyPath, subscriber)
      subscriber.receive(subscription: subscription)
      subscription.start(initial: initial)
    }
  }

  extension KeyValueObservable {
    /// The values of `keyPath` as a Combine publisher (``KeyValuePublisher``): the current value first
    /// (unless `initial` is `false`), then each new one, finishing when this object goes away.
    ///
    /// - Parameters:
    ///   - keyPath: The value to follow; it may go through optionals and other objects, and may be a
    ///     computed property (observed through what it reads).
    ///   - initial: Whether a subscription gets the current value first.
    @inlinable
    public func publisher<Value>(
      of keyPath: KeyPath<Self, Value>,
      initial: Bool = true
    ) -> KeyValuePublisher<Self, Value> {
      KeyValuePublisher(object: self, keyPath: keyPath, initial: initial)
    }
  }
#endif
