extension PropertyBinding {
  /// Writes the target with `write`, telling the delegate before and after.
  @inline(__always)
  @inlinable
  final func updateTarget(with value: @autoclosure () -> Any, _ write: () -> Void) {
    guard state.contains(.observedTargetWrite) else {
      writing(write, echoes: .targetWritesEcho)
      return
    }
    // The model gives the control another value: an error the control shows for what the user
    // typed before belongs to that text, not to this value.
    if state.contains(.showsError) { clearShownError() }
    guard state.contains(.mayHaveDelegate) else {
      writing(write, echoes: .targetWritesEcho)
      return
    }
    // Observed: a delegate hears it, and diagnostics record it (`write` is used only here, inlined, so
    // the fast path above keeps its closure as it is).
    let shown = value()
    let delegate = currentDelegate
    delegate?.binding(self, willUpdateTarget: shown)
    if state.containsRelaxed(.recorded) {
      let outer = beginRecording(shown, toTarget: true)
      writing(write, echoes: .targetWritesEcho)
      endRecording(outer)
    } else {
      writing(write, echoes: .targetWritesEcho)
    }
    delegate?.binding(self, didUpdateTarget: shown)
  }

  /// Writes the source with `write` unless the delegate vetoes; whether it wrote.
  @inlinable
  @discardableResult
  final func updateSource<Value, TargetValue>(
    with value: Value, from targetValue: TargetValue, _ write: () -> Void
  ) -> Bool {
    guard state.contains(.mayHaveDelegate) else {
      writing(write)
      return true
    }
    let delegate = currentDelegate
    if let delegate, !delegate.binding(self, shouldUpdateSource: value, from: targetValue) { return false }
    if state.containsRelaxed(.recorded) {
      let outer = beginRecording(value, toTarget: false)
      writing(write)
      endRecording(outer)
    } else {
      writing(write)
    }
    delegate?.binding(self, didUpdateSource: value)
    return true
  }

  /// Marks the binding as two-way: from now on its writes are guarded against their own echo; its
  /// writes to the target too when `fromTarget` (the reverse path hears every change of the target,
  /// not only a user's edits of a control).
  @usableFromInline
  final func guardsEcho(fromTarget: Bool) {
    state.insert(.hasReversePath)
    if fromTarget { state.insert(.targetWritesEcho) }
  }

  /// Whether this thread is inside a write made by this binding (so the change is its own echo).
  @inline(__always)
  @inlinable
  final var isWritingOnThisThread: Bool {
    guard state.isBeingWritten else { return false }
    let me = ObjectIdentifier(self)
    return BindingThreadContext.current.writingBindings.contains(me)
  }

  /// Runs a write made by this binding; notifications it causes to this binding are skipped when the
  /// binding has `echoes` (a one-way binding's writes, and a two-way binding's writes to a control
  /// whose edits it hears, cannot come back: no thread-local bookkeeping for them).
  @inline(__always)
  @inlinable
  final func writing(_ body: () -> Void, echoes: BindingState.Flag = .hasReversePath) {
    guard state.containsRelaxed(echoes) else {
      body()
      return
    }
    let context = BindingThreadContext.current
    context.writingBindings.append(ObjectIdentifier(self))
    state.beginWrite()
    body()
    state.endWrite()
    context.writingBindings.removeLast()
  }

  /// Schedules `flush` on the binding's actor, once for any number of changes before it runs.
  @usableFromInline
  final func scheduleDelivery(_ flush: @escaping () -> Void) {
    guard !state.insert(.pendingDelivery) else { return }
    onTargetSide { [self] in
      state.remove(.pendingDelivery)
      flush()
    }
  }

  /// Runs `work` where the binding writes its target (``BindingOptions/delivery``): there, later, or
  /// here and now for a synchronous binding. Not coalesced (a refused edit's report, a settled value).
  @usableFromInline
  final func onTargetSide(_ work: @escaping () -> Void) {
    run(work, kind: state.deliveryKind, actor: { $0.deliveryActor })
  }

  /// Runs `work` where the binding writes its source (``BindingOptions/sourceDelivery``).
  @usableFromInline
  final func onSourceSide(_ work: @escaping () -> Void) {
    run(work, kind: state.sourceDeliveryKind, actor: { $0.sourceDeliveryActor })
  }

  /// Runs `work` now (kind 0), on the main actor (1) or on the actor of the binding's parts (2).
  private final func run(_ work: @escaping () -> Void, kind: UInt64, actor: (Parts) -> (any Actor)?) {
    // The binding's closures are made for the threads its options name, as the forward delivery's are.
    let work = UncheckedSendable(work)
    switch kind {
    case 1:
      Task { @MainActor in work.value() }
    case 2:
      guard let chosen = withParts({ actor($0) }) else { return work.value() }
      Task { await runIsolated(on: chosen) { work.value() } }
    default:
      work.value()
    }
  }
}
