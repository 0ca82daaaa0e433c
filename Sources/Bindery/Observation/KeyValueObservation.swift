/// Keeps an observation alive; dropping it or calling ``unbind()`` ends the observation.
///
/// ```swift
/// var observation: KeyValueObservation? = observe(person, \.firstName) { label.text = $0.newValue }
/// observation = nil  // no more calls
/// ```
///
/// Bindery ends everything it links with one verb, `unbind()`, and keeps things alive with one
/// container, ``BindingSet``: ``store(in:)`` puts an observation there beside bindings.
public final class KeyValueObservation: Sendable, Hashable {
  private let onEnd: Locked<(@Sendable () -> Void)?>

  /// Creates a token that runs `onEnd` once, when it is unbound or deallocated (for observations
  /// made outside Bindery's core, such as a controller's arrangement observers).
  public init(_ onEnd: @escaping @Sendable () -> Void) {
    self.onEnd = Locked(onEnd)
  }

  deinit { unbind() }

  /// Ends the observation; the handler is not called again. Unbinding twice does nothing.
  public func unbind() {
    let action = onEnd.withLock { action in
      defer { action = nil }
      return action
    }
    action?()
  }

  /// Whether the observation still acts: ``unbind()`` was not called.
  public var isBound: Bool { onEnd.withLock { $0 != nil } }

  /// Ends the observation (the name before ``unbind()``).
  @available(*, deprecated, renamed: "unbind()")
  public func cancel() { unbind() }

  /// Whether ``unbind()`` was called (the name before ``isBound``, with the opposite meaning).
  @available(*, deprecated, message: "use !isBound")
  public var isCancelled: Bool { !isBound }

  /// Keeps this token in a Swift set (before ``store(in:)`` took a ``BindingSet``).
  @available(*, deprecated, message: "keep observations in a BindingSet: store(in: bindingSet)")
  public func store(in set: inout Set<KeyValueObservation>) {
    set.insert(self)
  }

  /// Tokens are equal only to themselves.
  public static func == (lhs: KeyValueObservation, rhs: KeyValueObservation) -> Bool { lhs === rhs }

  /// Hashes the token's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
