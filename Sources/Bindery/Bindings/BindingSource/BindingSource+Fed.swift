extension BindingSource where Value: Sendable {
  /// Values pushed into the binding by something it starts when it is made (an async sequence, a
  /// publisher): one way, the target keeping its value until the first one.
  ///
  /// `start` gets the `BindingFeed` to push values and the end into, and returns what stops the
  /// pushing; the binding calls it when it is unbound or its target goes away. Values are written to
  /// the target where the binding's options say: on the pushing thread, or on the main actor or an
  /// actor of their choice.
  package static func fed(
    named name: String,
    by start: @escaping @Sendable (BindingFeed<Value>) -> @Sendable () -> Void
  ) -> Self {
    Self(connector: FeedConnector(name: name, start: start))
  }
}

/// What pushes values into a binding fed from outside (`BindingSource.fed(named:by:)`), and ends it.
package final class BindingFeed<Value: Sendable>: Sendable {
  private let latest: FeedValue<Value>
  private let reference: WeakBinding
  /// Whether the binding stopped listening, and whether it is still being made (its maker has not
  /// returned it yet, so nobody can be its delegate).
  private let progress = Locked((stopped: false, connecting: true))

  init(binding: PropertyBinding, latest: FeedValue<Value>) {
    self.reference = WeakBinding(binding)
    self.latest = latest
  }

  /// Whether the binding has stopped listening (unbound, or its target gone).
  package var isStopped: Bool { progress.withLock { $0.stopped } }

  /// Shows `value` at the target, where the binding delivers; nothing once the binding has stopped.
  package func send(_ value: Value) {
    if isStopped { return }
    latest.value = value
  }

  /// Ends the binding where it delivers, after the writes it has yet to make there, and tells its
  /// delegate of `failure`, there too (``BindingDelegate/binding(_:sourceFailed:)``).
  package func finish(failure: (any Error)?) async {
    guard !isStopped, let binding = reference.value else { return }
    await end(binding, failure: failure)
  }

  /// Ends the binding now when it delivers on the pushing thread and has no write waiting, else as
  /// soon as it can, where it delivers (see `finish(failure:)`). A failure that comes while the
  /// binding is being made (a publisher that fails as it is subscribed to) ends it at once and
  /// reaches its delegate a moment later, once its maker could set one.
  package func finishSoon(failure: (any Error)?) {
    guard let binding = reference.value else { return }
    let (stopped, connecting) = progress.withLock { ($0.stopped, $0.connecting) }
    if stopped { return }
    if binding.state.deliveryKind == 0 {
      if let failure, connecting {
        binding.unbind()
        Task { binding.currentDelegate?.binding(binding, sourceFailed: failure) }
        return
      }
      if finish(binding, failure: failure) { return }
    }
    Task { await end(binding, failure: failure) }
  }

  /// The binding's maker returned it.
  func connected() {
    progress.withLock { $0.connecting = false }
  }

  func stop() {
    progress.withLock { $0.stopped = true }
  }

  /// Ends `binding` unless a write still waits for its delivery's actor; nothing, and no word to its
  /// delegate, when it was unbound meanwhile.
  private func finish(_ binding: PropertyBinding, failure: (any Error)?) -> Bool {
    if binding.state.contains(.pendingDelivery) { return false }
    if isStopped { return true }
    binding.unbind()
    if let failure { binding.currentDelegate?.binding(binding, sourceFailed: failure) }
    return true
  }

  private func end(_ binding: PropertyBinding, failure: (any Error)?) async {
    let finish: @Sendable () -> Bool = { self.finish(binding, failure: failure) }
    for _ in 0..<1_000 {
      let ended: Bool
      switch binding.state.deliveryKind {
      case 1: ended = await MainActor.run { finish() }
      case 2:
        guard let actor = binding.withParts({ $0.deliveryActor }) else { return _ = finish() }
        ended = await runIsolated(on: actor, finish)
      default: ended = finish()
      }
      if ended { return }
      await Task.yield()
    }
    binding.unbind()
  }
}

/// Binds a target to the values a `BindingFeed` receives, through an observable value the binding
/// keeps.
struct FeedConnector<Value: Sendable>: SourceConnector {
  let name: String
  let start: @Sendable (BindingFeed<Value>) -> @Sendable () -> Void

  func connect<Target: KeyValueObservable>(
    _ target: Target,
    _ property: ReferenceWritableKeyPath<Target, Value>,
    _ request: BindingRequest<Value>
  ) -> PropertyBinding {
    var request = request
    request.options.direction = .sourceToTarget
    let latest = FeedValue<Value>()
    let binding = BindingSource<Value>.computed(from: latest, named: name, keepingTargetValue: { $0.value })
      .connector.connect(target, property, request)
    let feed = BindingFeed<Value>(binding: binding, latest: latest)
    let consumer = FeedConsumer(feed: feed)
    binding.attach(consumer, as: .feed)
    consumer.started(start(feed))
    feed.connected()
    return binding
  }
}

/// The latest value pushed into a feed, an observable value the binding reads: written by the
/// pushing thread, read wherever the binding delivers, so kept behind a lock.
final class FeedValue<Value: Sendable>: KeyValueObservable, @unchecked Sendable {
  let keyValueRegistrar = KeyValueRegistrar()
  private let storage = Locked<Value?>(nil)
  private static var valueID: PropertyID { #propertyID("value") }

  /// The last value received, `nil` before the first.
  var value: Value? {
    get {
      keyValueRegistrar.access(self, Self.valueID, \.value)
      return storage.withLock { $0 }
    }
    set {
      let old = storage.withLock { $0 }
      keyValueRegistrar.willSet(self, Self.valueID, \.value, value: old)
      storage.withLock { $0 = newValue }
      keyValueRegistrar.didSet(self, Self.valueID, \.value, from: old, to: newValue)
    }
  }
}

/// Keeps the feed alive as long as the binding, and stops what pushes into it when the binding ends.
final class FeedConsumer: Cancellable, @unchecked Sendable {
  // Unchecked: the stop closure is set once, behind the lock, and taken behind it.
  /// Stops the feed; it holds the feed, which keeps it alive as long as the binding.
  private let stopFeed: @Sendable () -> Void
  private let stopping = Locked<(stop: (@Sendable () -> Void)?, cancelled: Bool)>((nil, false))

  init<Value>(feed: BindingFeed<Value>) {
    self.stopFeed = { feed.stop() }
  }

  /// Records what stops the pushing; runs it at once when the binding has already ended.
  func started(_ stop: @escaping @Sendable () -> Void) {
    let cancelled = stopping.withLock { state in
      state.stop = stop
      return state.cancelled
    }
    if cancelled { stop() }
  }

  func cancel() {
    stopFeed()
    let stop = stopping.withLock { state in
      state.cancelled = true
      return state.stop.take()
    }
    stop?()
  }
}

/// A binding held weakly by what feeds it.
final class WeakBinding: Sendable {
  weak let value: PropertyBinding?
  init(_ value: PropertyBinding) { self.value = value }
}
