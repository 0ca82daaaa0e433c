extension KeyValueObservation {
  /// Keeps this observation in a set, to end it with the set's bindings.
  @discardableResult
  public func store(in set: BindingSet) -> KeyValueObservation {
    set.insert(self)
    return self
  }
}
