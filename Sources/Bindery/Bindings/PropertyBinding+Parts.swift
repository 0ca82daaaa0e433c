extension PropertyBinding {
  /// What unbinding stops or drops: the forward observer, the reverse subscriptions, the edit actions.
  /// Most bindings have only the first two; the rest live in ``Extras``, made when first set.
  @usableFromInline
  struct Parts: @unchecked Sendable {
    @usableFromInline
    var forward: (any Cancellable)?
    @usableFromInline
    var reverse: (any Cancellable)?
    private var extras: Extras?

    /// The end-of-editing subscription (on-commit bindings, editing forms).
    @usableFromInline
    var endEditing: (any Cancellable)? {
      get { extras?.endEditing }
      set { if newValue != nil || extras != nil { made().endEditing = newValue } }
    }
    /// The begin-editing subscription (editing forms).
    @usableFromInline
    var beginEditing: (any Cancellable)? {
      get { extras?.beginEditing }
      set { if newValue != nil || extras != nil { made().beginEditing = newValue } }
    }
    /// The input this binding adds to its target's `isEnabled` (conditionally sets enabled).
    @usableFromInline
    var enabling: (any Cancellable)? {
      get { extras?.enabling }
      set { if newValue != nil || extras != nil { made().enabling = newValue } }
    }
    /// What feeds or paces the binding, ended with it (the task consuming an async sequence, the
    /// timer of a debounced edit).
    @usableFromInline
    var feed: (any Cancellable)? {
      get { extras?.feed }
      set { if newValue != nil || extras != nil { made().feed = newValue } }
    }
    /// What follows a target path of several steps (``TargetChain``).
    @usableFromInline
    var targetChain: (any Cancellable)? {
      get { extras?.targetChain }
      set { if newValue != nil || extras != nil { made().targetChain = newValue } }
    }
    /// Writes the control's current value back (editing on commit).
    @usableFromInline
    var commit: (() -> BindingError?)? {
      get { extras?.commit }
      set { if newValue != nil || extras != nil { made().commit = newValue } }
    }
    /// Shows the source value again, dropping a pending edit.
    @usableFromInline
    var discard: (() -> Void)? {
      get { extras?.discard }
      set { if newValue != nil || extras != nil { made().discard = newValue } }
    }
    /// The source path as it was written (kept at unbind).
    @usableFromInline
    var sourcePathText: String? {
      get { extras?.sourcePathText }
      set { if newValue != nil || extras != nil { made().sourcePathText = newValue } }
    }
    /// The actor of an actor delivery (kept at unbind).
    @usableFromInline
    var deliveryActor: (any Actor)? {
      get { extras?.deliveryActor }
      set { if newValue != nil || extras != nil { made().deliveryActor = newValue } }
    }
    /// The actor of an actor source delivery (``BindingOptions/sourceDelivery``).
    var sourceDeliveryActor: (any Actor)? {
      get { extras?.sourceDeliveryActor }
      set { if newValue != nil || extras != nil { made().sourceDeliveryActor = newValue } }
    }
    /// What diagnostics know of the binding (kept at unbind).
    var details: BindingDetails? {
      get { extras?.details }
      set { if newValue != nil || extras != nil { made().details = newValue } }
    }
    /// The control showing an error of this binding (weak).
    var errorControl: (any EditableControl)? {
      get { extras?.errorControl }
      set { if newValue != nil || extras != nil { made().errorControl = newValue } }
    }
    /// The binding's own delegate, and the one of its binding set (both weak; kept at unbind).
    @usableFromInline
    var ownDelegate: (any BindingDelegate)? {
      get { extras?.ownDelegate }
      set { if newValue != nil || extras != nil { made().ownDelegate = newValue } }
    }
    @usableFromInline
    var inheritedDelegate: (any BindingDelegate)? {
      get { extras?.inheritedDelegate }
      set { if newValue != nil || extras != nil { made().inheritedDelegate = newValue } }
    }

    /// Takes out what unbinding stops or drops, keeping what describes the binding (its source path's
    /// text, its delivery's actor, its delegates).
    @usableFromInline
    mutating func takeDropped() -> Parts {
      var dropped = Parts()
      swap(&dropped.forward, &forward)
      swap(&dropped.reverse, &reverse)
      guard let extras else { return dropped }
      dropped.endEditing = extras.endEditing
      dropped.beginEditing = extras.beginEditing
      dropped.enabling = extras.enabling
      dropped.feed = extras.feed
      dropped.targetChain = extras.targetChain
      extras.feed = nil
      extras.targetChain = nil
      extras.endEditing = nil
      extras.beginEditing = nil
      extras.enabling = nil
      extras.commit = nil
      extras.discard = nil
      return dropped
    }

    /// Cancels what was taken out by ``takeDropped()``.
    @usableFromInline
    func cancelAll() {
      forward?.cancel()
      reverse?.cancel()
      endEditing?.cancel()
      beginEditing?.cancel()
      enabling?.cancel()
      feed?.cancel()
      targetChain?.cancel()
    }

    /// Whether the rarely set parts were ever made.
    @usableFromInline
    var hasExtras: Bool { extras != nil }

    @usableFromInline
    mutating func made() -> Extras {
      if let extras { return extras }
      let made = Extras()
      extras = made
      return made
    }
  }

  /// The parts few bindings have; read and written only under the binding's lock.
  @usableFromInline
  final class Extras {
    @usableFromInline
    var endEditing: (any Cancellable)?
    @usableFromInline
    var beginEditing: (any Cancellable)?
    @usableFromInline
    var enabling: (any Cancellable)?
    @usableFromInline
    var feed: (any Cancellable)?
    @usableFromInline
    var targetChain: (any Cancellable)?
    @usableFromInline
    var commit: (() -> BindingError?)?
    @usableFromInline
    var discard: (() -> Void)?
    @usableFromInline
    weak var ownDelegate: (any BindingDelegate)?
    @usableFromInline
    weak var inheritedDelegate: (any BindingDelegate)?
    @usableFromInline
    var sourcePathText: String?
    @usableFromInline
    var deliveryActor: (any Actor)?
    var sourceDeliveryActor: (any Actor)?
    /// What diagnostics know of the binding (recorded bindings, and those of spec files).
    var details: BindingDetails?
    /// The control showing an error of this binding (the target, or the control at the end of a
    /// target path), until the error is cleared.
    weak var errorControl: (any EditableControl)?
  }
}
