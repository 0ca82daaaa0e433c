public import Bindery

/// Records every change of one key path, to assert what a mutation propagates.
///
/// ```swift
/// let recorder = PropagationRecorder(label, \.text)
/// person.firstName = "Ada"
/// #expect(recorder.values == ["Ada Lovelace"])
/// ```
public final class PropagationRecorder<Object: AnyObject, Value>: @unchecked Sendable {
  private var recorded: [Value] = []
  private var token: KeyValueObservation?

  /// Starts recording the changes of `keyPath` on `object`.
  public init(_ object: Object, _ keyPath: KeyPath<Object, Value>) {
    token = observe(object, keyPath) { [unowned self] change in
      self.recorded.append(change.newValue)
    }
  }

  /// The values delivered, in order.
  public var values: [Value] { recorded }

  /// The number of changes delivered.
  public var changeCount: Int { recorded.count }

  /// Forgets what was recorded.
  public func reset() {
    recorded.removeAll()
  }

  /// Stops recording.
  public func stop() {
    token?.unbind()
  }
}

/// Checks that running `mutation` changes `keyPath` of `object` exactly once, to `expected`.
///
/// - Returns: A message describing the difference, or `nil` when the propagation is as expected.
public func propagationMismatch<Object: AnyObject, Value: Equatable>(
  of mutation: () throws -> Void,
  to object: Object,
  _ keyPath: KeyPath<Object, Value>,
  expected: Value
) rethrows -> String? {
  let recorder = PropagationRecorder(object, keyPath)
  defer { recorder.stop() }
  try mutation()
  let values = recorder.values
  if values == [expected] { return nil }
  return "expected exactly one change to \(expected), got \(values)"
}

/// Checks that `object` is the target of exactly `count` live bindings.
///
/// - Returns: A message describing the difference, or `nil` when the count is as expected.
public func bindingCountMismatch(_ object: some KeyValueObservable, count: Int) -> String? {
  let bindings = object.bindings
  if bindings.count == count { return nil }
  let list = bindings.map(\.description).joined(separator: "; ")
  return "expected \(count) bindings on \(type(of: object)), found \(bindings.count)\(list.isEmpty ? "" : ": \(list)")"
}
