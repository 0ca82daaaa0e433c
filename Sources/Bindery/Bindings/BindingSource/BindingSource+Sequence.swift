extension BindingSource where Value: Sendable {
  /// The elements of an async sequence, each shown by the target as it arrives (a server's events
  /// driving a label): one way, the target keeping its value until the first element.
  ///
  /// ```swift
  /// statusLabel.bind(\.text, to: .sequence(server.statusMessages), options: BindingOptions(delivery: .mainActor))
  /// ```
  ///
  /// A task consumes the sequence for as long as the binding lasts; each element is written to the
  /// target where the binding's options say (on the consuming task, or on the main actor or an
  /// actor of your choice). When the sequence ends the binding ends, the target keeping the last
  /// element; when it throws, the binding ends too and its delegate hears the error
  /// (``BindingDelegate/binding(_:sourceFailed:)``). Unbinding the binding, or the target going
  /// away, cancels the task.
  public static func sequence<Elements: AsyncSequence & Sendable>(_ elements: Elements) -> Self
  where Elements.Element == Value {
    Self(connector: SequenceConnector(elements: elements))
  }
}

/// Binds a target to the elements of an async sequence through a feed object the binding keeps.
struct SequenceConnector<Value: Sendable, Elements: AsyncSequence & Sendable>: SourceConnector
where Elements.Element == Value {
  let elements: Elements

  func connect<Target: KeyValueObservable>(
    _ target: Target,
    _ property: ReferenceWritableKeyPath<Target, Value>,
    _ request: BindingRequest<Value>
  ) -> PropertyBinding {
    let feed = SequenceFeed<Value>()
    var request = request
    request.options.direction = .sourceToTarget
    let binding = BindingSource<Value>.computed(from: feed, named: "sequence", keepingTargetValue: { $0.latest })
      .connector.connect(target, property, request)
    let consumer = SequenceConsumer(feed: feed)
    binding.attach(consumer, reverse: false, feed: true)
    let elements = self.elements
    let reference = WeakBinding(binding)
    consumer.start(
      Task {
        var failure: (any Error)?
        do {
          for try await element in elements {
            if Task.isCancelled { return }
            feed.latest = element
          }
        } catch {
          failure = error
        }
        guard !Task.isCancelled, let binding = reference.value else { return }
        await Self.end(binding, failure: failure)
      })
    return binding
  }

  /// Ends `binding` where it delivers, after the write of the last element it has yet to make there,
  /// and tells its delegate of `failure`, there too.
  static func end(_ binding: PropertyBinding, failure: (any Error)?) async {
    let finish: @Sendable () -> Bool = {
      // A write of the last element still waits on the delivery's actor: end after it.
      if binding.state.contains(.pendingDelivery) { return false }
      binding.unbind()
      if let failure { binding.currentDelegate?.binding(binding, sourceFailed: failure) }
      return true
    }
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

/// The latest element of a sequence, an observable value the binding reads: written by the
/// consuming task, read wherever the binding delivers, so kept behind a lock.
final class SequenceFeed<Value: Sendable>: KeyValueObservable, @unchecked Sendable {
  let keyValueRegistrar = KeyValueRegistrar()
  private let storage = Locked<Value?>(nil)
  private static var latestID: PropertyID { PropertyID("latest") }

  /// The last element received, `nil` before the first.
  var latest: Value? {
    get {
      keyValueRegistrar.access(self, Self.latestID, \.latest)
      return storage.withLock { $0 }
    }
    set {
      let old = storage.withLock { $0 }
      keyValueRegistrar.willSet(self, Self.latestID, \.latest, value: old)
      storage.withLock { $0 = newValue }
      keyValueRegistrar.didSet(self, Self.latestID, \.latest, from: old, to: newValue)
    }
  }
}

/// Keeps the feed alive as long as the binding, and cancels the consuming task when it ends.
final class SequenceConsumer: Cancellable, @unchecked Sendable {
  // Unchecked: the task handle is set once, behind the lock, and cancelled behind it.
  private let feed: AnyObject
  private let task = Locked<(handle: Task<Void, Never>?, cancelled: Bool)>((nil, false))

  init(feed: AnyObject) {
    self.feed = feed
  }

  func start(_ handle: Task<Void, Never>) {
    let cancelled = task.withLock { state in
      state.handle = handle
      return state.cancelled
    }
    if cancelled { handle.cancel() }
  }

  func cancel() {
    let handle = task.withLock { state in
      state.cancelled = true
      return state.handle
    }
    handle?.cancel()
  }
}

/// A binding held weakly by the task that feeds it.
final class WeakBinding: Sendable {
  weak let value: PropertyBinding?
  init(_ value: PropertyBinding) { self.value = value }
}
