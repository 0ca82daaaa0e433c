/// An observation a linked binding ends at unbind.
private final class LinkedObservation: Cancellable {
  let observation: KeyValueObservation
  init(_ observation: KeyValueObservation) { self.observation = observation }
  func cancel() { observation.unbind() }
}

extension PropertyBinding {
  /// Makes a binding whose work another Bindery module does (a controller's content following a
  /// model, a list following a controller), so that everything that binds returns a ``PropertyBinding``
  /// that can be queried, kept in a ``BindingSet`` and unbound.
  ///
  /// The binding is registered on `target` first, replacing (and so unbinding) the one of the same
  /// property; then `connect` starts the work and returns the token that unbinding cancels. Neither end
  /// is retained.
  package static func link<Target: KeyValueObservable, Value>(
    _ targetKeyPath: KeyPath<Target, Value>,
    of target: Target,
    to source: AnyObject,
    _ sourceKeyPath: AnyKeyPath,
    direction: BindingDirection,
    file: StaticString,
    line: UInt,
    connect: () -> KeyValueObservation
  ) -> PropertyBinding {
    var options = BindingOptions()
    options.direction = direction
    let binding = PropertyBinding(
      source: source,
      sourceKeyPath: sourceKeyPath,
      target: target,
      targetKeyPath: targetKeyPath,
      targetPropertyID: PropertyID(rawValue: UInt64(truncatingIfNeeded: targetKeyPath.hashValue)),
      options: options,
      file: file,
      line: line
    )
    binding.setDirection(direction)
    target.keyValueRegistrar.addBinding(binding)
    binding.attach(LinkedObservation(connect()), as: .forward)
    return binding
  }
}
