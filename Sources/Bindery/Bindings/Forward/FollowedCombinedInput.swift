/// A binding's input to a combined Boolean property (AND, OR) of the object at the end of its target
/// path: with ``BindingOptions/conditionallySetsEnabled``, `aView.isEnabled` for `\.aView.text`; for a
/// combining property reached through objects (`\.aView.isHidden`), that property of `aView`.
///
/// The input is in the group of the object the path reaches now. When an object on the way is replaced
/// (``TargetChain`` tells), it leaves that group (the object left keeps what its other inputs say) and
/// joins the group of the object the path reaches then, which is written at once; while a `nil` breaks
/// the path it is in none. Only the object reached is kept, weakly.
@usableFromInline
final class FollowedCombinedInput: Cancellable, @unchecked Sendable {
  // Unchecked: the object and group followed are behind the lock; `join` runs outside it.
  @usableFromInline
  struct State {
    @usableFromInline
    weak var object: AnyObject?
    @usableFromInline
    var group: CombinedBooleanBinding?
    @usableFromInline
    var isCancelled = false
    @usableFromInline
    init() {}
  }

  /// The binding whose input this is; it keeps this object, and cancels it when it is unbound.
  @usableFromInline
  unowned(unsafe) let binding: PropertyBinding
  /// Adds the binding's input to the group of the property of `object` and returns the group; `nil`
  /// when the object has no such property. (The binding is given, not kept: it keeps this object.)
  @usableFromInline
  let join: (_ object: AnyObject, _ binding: PropertyBinding) -> CombinedBooleanBinding?
  @usableFromInline
  let state = Locked(State())

  @usableFromInline
  init(
    binding: PropertyBinding,
    join: @escaping (_ object: AnyObject, _ binding: PropertyBinding) -> CombinedBooleanBinding?
  ) {
    self.binding = binding
    self.join = join
  }

  /// Makes the input one of `object`'s group (`nil`: of none), unless it is already.
  @usableFromInline
  func follow(_ object: AnyObject?) {
    let left = state.withLock { state -> CombinedBooleanBinding?? in
      guard !state.isCancelled, state.object !== object else { return nil }
      state.object = object
      defer { state.group = nil }
      return .some(state.group)
    }
    guard let left else { return }
    // Outside the lock: leaving and joining write the objects' properties.
    left?.remove(binding)
    guard let object, !binding.isUnbound, let joined = join(object, binding) else { return }
    let stays = state.withLock { state -> Bool in
      guard !state.isCancelled, state.object === object, state.group == nil else { return false }
      state.group = joined
      return true
    }
    // Cancelled or moved on meanwhile.
    if !stays { joined.remove(binding) }
  }

  /// The binding may have a delegate from now on: the group it is in tells the delegates of its writes
  /// (a group joined later is told by the binding itself).
  func inputMayHaveDelegate() {
    state.withLock { $0.group }?.inputMayHaveDelegate()
  }

  /// Leaves the group the input is in, for good.
  @usableFromInline
  func cancel() {
    let left = state.withLock { state -> CombinedBooleanBinding? in
      state.isCancelled = true
      defer {
        state.group = nil
        state.object = nil
      }
      return state.group
    }
    left?.remove(binding)
  }
}
