/// One change of an observed key path: old and new values, and why the handler is called.
///
/// ```swift
/// let token = observe(person, \.firstName) { change in
///   history.append("\(change.oldValue ?? "-") → \(change.newValue)")
/// }
/// ```
public struct KeyValueChange<Object: AnyObject, Value> {
  /// Why a handler is called.
  public enum Kind: Sendable, Equatable {
    /// The current value, delivered at once because ``ObservationOptions/initial`` was asked for.
    case initial
    /// The value is about to change (``ObservationOptions/prior``); `newValue` is still the old value.
    case prior
    /// The value changed.
    case change
  }

  /// The observed key path.
  public let keyPath: KeyPath<Object, Value>
  /// Why the handler is called.
  public let kind: Kind
  /// The value before the change; `nil` for ``Kind/initial``.
  public let oldValue: Value?
  /// The value after the change (for ``Kind/prior``, the value before it).
  public let newValue: Value

  @inlinable
  init(keyPath: KeyPath<Object, Value>, kind: Kind, oldValue: Value?, newValue: Value) {
    self.keyPath = keyPath
    self.kind = kind
    self.oldValue = oldValue
    self.newValue = newValue
  }
}

/// Options for an observation.
public struct ObservationOptions: OptionSet, Sendable {
  /// The bits of the set.
  public let rawValue: Int

  /// Creates a set from its bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Deliver the current value at once, as a change of kind ``KeyValueChange/Kind/initial``.
  public static let initial = ObservationOptions(rawValue: 1 << 0)
  /// Also call the handler before each change, with kind ``KeyValueChange/Kind/prior``.
  public static let prior = ObservationOptions(rawValue: 1 << 1)
}
