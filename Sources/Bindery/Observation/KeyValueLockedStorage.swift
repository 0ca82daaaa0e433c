/// The storage `@KeyValueObservable` gives an observable property of a `Sendable` class: the value
/// behind a lock, so the property can be read and written from any thread.
///
/// The macro makes it; it is not meant to be used by hand.
public final class _KeyValueLockedStorage<Value> {
  private let locked: Locked<Value>

  /// Stores `value`.
  public init(_ value: Value) {
    locked = Locked(value)
  }

  /// The value.
  @inlinable
  public func load() -> Value { _load() }

  /// Stores `value`; returns the value it replaces.
  @inlinable
  public func exchange(_ value: Value) -> Value { _exchange(value) }

  @usableFromInline
  func _load() -> Value { locked.withLock { $0 } }

  @usableFromInline
  func _exchange(_ value: Value) -> Value {
    locked.withLock { state in
      let old = state
      state = value
      return old
    }
  }
}

extension _KeyValueLockedStorage: @unchecked Sendable where Value: Sendable {}
