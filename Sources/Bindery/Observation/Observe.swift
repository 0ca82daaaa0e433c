/// Observes one key path of an object: the handler gets the old value, the new value and the key path.
///
/// The key path may go through optionals and other objects (`\.person?.fullName`): every observable
/// property read on the way is observed, and a change of an intermediate object re-targets the
/// observation. A computed property is observed through the stored properties it reads.
///
/// ```swift
/// let token = observe(person, \.firstName, options: .initial) { change in
///   history.append("\(change.oldValue ?? "(none)") → \(change.newValue)")
/// }
/// person.firstName = "Ada"  // prints at once, on this thread
/// ```
///
/// Delivery is synchronous, on the mutating thread, after the change and outside every lock. Writing an
/// equal value notifies nobody. The object is not retained; when it is deallocated, the observation ends.
/// An object on the path that is not ``KeyValueObservable`` is read correctly but cannot notify.
///
/// - Parameters:
///   - object: The object to observe.
///   - keyPath: The key path to observe on it.
///   - options: ``ObservationOptions/initial`` to get the current value at once,
///     ``ObservationOptions/prior`` to be called before each change too.
///   - handler: Called with each change.
/// - Returns: A token; the observation lasts until the token is unbound or deallocated.
@inlinable
public func observe<Object: AnyObject, Value>(
  _ object: Object,
  _ keyPath: KeyPath<Object, Value>,
  options: ObservationOptions = [],
  _ handler: @escaping (KeyValueChange<Object, Value>) -> Void
) -> KeyValueObservation {
  let observer = ValueObserver<Value>(
    evaluate: { [weak object] in object.map { $0[keyPath: keyPath] } },
    root: object,
    wantsPrior: options.contains(.prior),
    directKeyPath: keyPath,
    deliver: { old, new, kind in
      let changeKind: KeyValueChange<Object, Value>.Kind =
        switch kind {
        case .initial: .initial
        case .prior: .prior
        case .change: .change
        }
      handler(KeyValueChange(keyPath: keyPath, kind: changeKind, oldValue: old, newValue: new))
    }
  )
  observer.start(initial: options.contains(.initial))
  return KeyValueObservation { observer.cancel() }
}

/// Runs `tracked`, records every observable property it reads, and calls `onChange` with its new value
/// whenever one of them changes; the reads are recorded afresh each time.
///
/// ```swift
/// let token = observe { controller.person?.fullName } onChange: { fullName in
///   label.text = fullName
/// }
/// controller.person = other  // re-targets, then calls onChange with other.fullName
/// ```
///
/// No dependency is declared: computed properties, optional chains and expressions
/// (`controller.person != nil && !controller.isSaving`) are observed through their reads.
/// `onChange` is not called when the new value equals the previous one (for `Equatable` values).
///
/// - Parameters:
///   - tracked: The value to compute; it runs now, and again on the mutating thread after each change.
///   - onChange: Called with the new value after each change.
/// - Returns: A token; the observation lasts until the token is unbound or deallocated.
@inlinable
public func observe<Value>(
  _ tracked: @escaping () -> Value,
  onChange: @escaping (Value) -> Void
) -> KeyValueObservation {
  let observer = ValueObserver<Value>(
    evaluate: { tracked() },
    root: nil,
    deliver: { _, new, kind in
      if kind == .change { onChange(new) }
    }
  )
  observer.start(initial: false)
  return KeyValueObservation { observer.cancel() }
}

/// Runs `tracked`, records every observable property it reads, and calls `onChange` whenever one of
/// them changes; the reads are recorded afresh each time.
///
/// ```swift
/// let token = observe { _ = controller.person?.fullName } onChange: { changeCount += 1 }
/// ```
public func observe(
  _ tracked: @escaping () -> Void,
  onChange: @escaping () -> Void
) -> KeyValueObservation {
  observe({ tracked() }, onChange: { (_: Void) in onChange() })
}
