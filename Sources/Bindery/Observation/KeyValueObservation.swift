/// Keeps an observation alive; dropping it or calling ``cancel()`` ends the observation.
///
/// ```swift
/// var token: KeyValueObservation? = observe(person, \.firstName) { label.text = $0.newValue }
/// token = nil  // no more calls
/// ```
public final class KeyValueObservation: Sendable, Hashable {
  private let onCancel: Locked<(@Sendable () -> Void)?>

  /// Creates a token that runs `onCancel` once, when it is cancelled or deallocated (for observations
  /// made outside Bindery's core, such as a controller's arrangement observers).
  public init(_ onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = Locked(onCancel)
  }

  deinit { cancel() }

  /// Ends the observation; the handler is not called again. Cancelling twice does nothing.
  public func cancel() {
    let action = onCancel.withLock { action in
      defer { action = nil }
      return action
    }
    action?()
  }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool { onCancel.withLock { $0 == nil } }

  /// Keeps this token in a set, for observations that live as long as the set.
  public func store(in set: inout Set<KeyValueObservation>) {
    set.insert(self)
  }

  /// Tokens are equal only to themselves.
  public static func == (lhs: KeyValueObservation, rhs: KeyValueObservation) -> Bool { lhs === rhs }

  /// Hashes the token's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
