extension PropertyBinding {
  /// The binding's own delegate (held weakly); it wins over the delegate of its ``BindingSet``.
  public final var delegate: (any BindingDelegate)? {
    get { withParts { $0.ownDelegate } }
    set {
      withParts { $0.ownDelegate = newValue }
      if newValue != nil { noteDelegate() }
    }
  }

  /// Sets the delegate inherited from a binding set.
  final func setInheritedDelegate(_ delegate: (any BindingDelegate)?) {
    withParts { $0.inheritedDelegate = delegate }
    if delegate != nil { noteDelegate() }
  }

  /// The binding may have a delegate from now on; an input of combined Boolean bindings tells its
  /// group, which then tells the delegates of its writes.
  private final func noteDelegate() {
    state.insert(.mayHaveDelegate)
    let parts = withParts { [$0.forward, $0.enabling] }
    for part in parts {
      (part as? CombinedInput)?.group.inputMayHaveDelegate()
      (part as? FollowedCombinedInput)?.inputMayHaveDelegate()
    }
  }

  /// The delegate in force: the binding's own, else its set's.
  @inline(__always)
  @inlinable
  final var currentDelegate: (any BindingDelegate)? {
    guard state.contains(.mayHaveDelegate) else { return nil }
    return withParts { $0.ownDelegate ?? $0.inheritedDelegate }
  }
}
