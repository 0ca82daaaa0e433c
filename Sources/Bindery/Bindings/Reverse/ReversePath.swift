/// The way from a binding's target back to its source: a subscription to the target property (user
/// edits only, for a control), the edit actions of editing on commit, and the switch to and from the
/// editing form.
@usableFromInline
struct ReversePath<Target: KeyValueObservable, TargetValue, Source: AnyObject, SourceValue> {
  @usableFromInline
  let binding: PropertyBinding
  @usableFromInline
  let property: TargetProperty<Target, TargetValue>
  @usableFromInline
  let sourcePath: SourcePath<Source, SourceValue>
  @usableFromInline
  let sourceWriter: SourceWriter<Source, SourceValue>
  @usableFromInline
  let conversion: Conversion<SourceValue, TargetValue>
  @usableFromInline
  let options: BindingOptions
  @usableFromInline
  let writeTarget: (SourceValue) -> Void
  /// For a target path of several steps: what subscribes to its last property, on the object it
  /// reaches now and on each it reaches later.
  @usableFromInline
  let chain: TargetChain<Target, TargetValue>?

  @inlinable
  func attach(target: Target, source: Source, direction: BindingDirection) {
    let binding = binding
    let keyPath = property.keyPath
    let sourcePath = sourcePath
    let writeTarget = writeTarget
    let chain = chain
    let delivered = binding.state.sourceDeliveryKind != 0
    let userValue = UserValue<Target, TargetValue, Source, SourceValue>(
      binding: binding, sourceWriter: sourceWriter, conversion: conversion, reportsOnTargetSide: delivered)
    let hearsEdits = target is any EditableControl
    // Made only for a control's edits: a model-to-model binding makes and keeps nothing for it.
    let settle = hearsEdits ? Self.showsSettledValue(sourcePath: sourcePath, writeTarget: writeTarget) : nil
    let accept: (TargetValue, Target) -> BindingError? =
      delivered
      ? Self.deliveredAccept(binding: binding, userValue: userValue, chain: chain, settle: settle)
      : { value, target in
        userValue.accept(
          value, from: Self.control(of: target, chain), for: binding.liveSource(as: Source.self), settle: settle)
      }
    // Editing on commit: the control's current value is written when the edit is committed.
    binding.setEditActions(
      commit: {
        guard let target = binding.liveTarget(as: Target.self) else { return nil }
        return accept(target[keyPath: keyPath], target)
      },
      discard: {
        guard let source = binding.liveSource(as: Source.self), let target = binding.liveTarget(as: Target.self)
        else { return }
        writeTarget(sourcePath.read(source))
        binding.reportError(nil, for: (), to: Self.control(of: target, chain))
      }
    )
    let hasEditingForm = conversion.editing != nil
    if !options.updatesContinuously || hasEditingForm {
      // At the end of editing: commit (on-commit bindings), then show the value for display again.
      subscribe(target, .endEditing) { _ in
        let committed = (try? binding.commitEditing()) != nil && !binding.isShowingError
        _ = binding.setUserEditing(false)
        guard hasEditingForm, committed, let source = binding.liveSource(as: Source.self) else { return }
        writeTarget(sourcePath.read(source))
      }
    }
    if hasEditingForm {
      // At the beginning of editing: show the value in its editing form.
      subscribe(target, .beginEditing) { _ in
        guard !binding.setUserEditing(true), let source = binding.liveSource(as: Source.self) else { return }
        writeTarget(sourcePath.read(source))
      }
    }
    if let chain {
      // The object at the end of the path may or may not be a control, and may change: every write
      // to it is guarded against its echo, and a control's user edits are heard.
      binding.guardsEcho(fromTarget: true)
      chain.subscribe(.change, hearingEdits: true, handler: changeHandler(target, source, accept, settle: nil))
    } else {
      // A control bound to itself may hear its own writes on the forward path.
      binding.guardsEcho(fromTarget: !hearsEdits || source === target)
      subscribe(
        target, hearsEdits ? .userEdit : .change,
        handler: changeHandler(target, source, accept, settle: settle))
    }

    // On creation, target-to-source only: the target value goes to the source.
    if direction == .targetToSource {
      _ = accept(target[keyPath: keyPath], target)
    }
  }

  /// What accepts a user's edit for a source written on another actor (``BindingOptions/sourceDelivery``):
  /// the edit waits there, the latest replacing those before it, and is converted, validated and
  /// written on the source's actor; what the control shows (an error, the value the source kept) is
  /// written where the target is. Nothing is refused here, so nothing is returned.
  @inlinable
  static func deliveredAccept(
    binding: PropertyBinding,
    userValue: UserValue<Target, TargetValue, Source, SourceValue>,
    chain: TargetChain<Target, TargetValue>?,
    settle: ((SourceValue, Source) -> Void)?
  ) -> (TargetValue, Target) -> BindingError? {
    let waiting = LatestWaiting<(value: TargetValue, control: (any EditableControl)?)>()
    let settleThere = settle.map { settle in
      { (written: SourceValue, source: Source) in binding.onTargetSide { settle(written, source) } }
    }
    return { value, target in
      guard waiting.keep((value, Self.control(of: target, chain))) else { return nil }
      binding.onSourceSide {
        guard let edit = waiting.take(), !binding.isUnbound else { return }
        _ = userValue.accept(
          edit.value, from: edit.control, for: binding.liveSource(as: Source.self), settle: settleThere)
      }
      return nil
    }
  }

  /// The control that shows the binding's errors: the target, or the object its path reaches now.
  @inlinable
  static func control(of target: Target, _ chain: TargetChain<Target, TargetValue>?) -> (any EditableControl)? {
    if let chain { return chain.lastObject(of: target) as? any EditableControl }
    return target as? any EditableControl
  }

  /// What a change of the target does: by address to the source's setter where nothing converts or
  /// validates, else accepted as a user value (or kept pending, on commit).
  @inlinable
  func changeHandler(
    _ target: Target,
    _ source: Source,
    _ accept: @escaping (TargetValue, Target) -> BindingError?,
    settle: ((SourceValue, Source) -> Void)?
  ) -> (RawChange) -> Void {
    let binding = binding
    let keyPath = property.keyPath
    let validates = conversion.validation != nil || source is any KeyValueValidating
    let byAddress =
      conversion.isIdentity && SourceValue.self == TargetValue.self && conversion.marker == nil
      && conversion.placeholders.isEmpty && !options.conditionallySetsEnabled && conversion.editing == nil
      && !validates && options.updatesContinuously && binding.state.sourceDeliveryKind == 0
    if byAddress, let setter = sourceWriter.directSetter {
      let valueType = ObjectIdentifier(TargetValue.self)
      // Writes by address; whether it wrote (a delegate may veto).
      let write: (RawChange, Source) -> Bool = { change, source in
        guard !binding.state.contains(.mayHaveDelegate) else {
          let value = change.newValue.assumingMemoryBound(to: TargetValue.self).pointee
          return binding.updateSource(with: value, from: value) { setter(source, change.newValue) }
        }
        binding.writing { setter(source, change.newValue) }
        return true
      }
      guard let settle else {
        // Model to model: the propagation path, written out so nothing is added to it.
        return { change in
          guard change.valueType == valueType, !binding.isUnbound, !binding.isWritingOnThisThread else { return }
          guard let source = binding.liveSource(as: Source.self) else {
            binding.unbind()
            return
          }
          guard !binding.state.contains(.mayHaveDelegate) else {
            let value = change.newValue.assumingMemoryBound(to: TargetValue.self).pointee
            binding.updateSource(with: value, from: value) { setter(source, change.newValue) }
            return
          }
          binding.writing { setter(source, change.newValue) }
        }
      }
      // A control's edit: the value the model kept is shown if it is not the one written.
      return { change in
        guard change.valueType == valueType, !binding.isUnbound, !binding.isWritingOnThisThread else { return }
        guard let source = binding.liveSource(as: Source.self) else {
          binding.unbind()
          return
        }
        if write(change, source) { settle(change.newValue.assumingMemoryBound(to: SourceValue.self).pointee, source) }
      }
    }
    let continuous = options.updatesContinuously
    return { change in
      guard !binding.isUnbound, !binding.isWritingOnThisThread, let target = binding.liveTarget(as: Target.self)
      else { return }
      guard continuous else {
        binding.markPendingEdit()
        return
      }
      let value = change.newValue(as: TargetValue.self) ?? target[keyPath: keyPath]
      _ = accept(value, target)
    }
  }

  /// What follows a user's edit written to the source: when the source did not keep the value
  /// written (its `didSet` clamped it, a store set it back), the control shows the value it kept,
  /// as the binding's own echo guard would otherwise hide that change. Only for values that can be
  /// compared; a control's edits are rare next to the changes a binding propagates.
  @inlinable
  static func showsSettledValue(
    sourcePath: SourcePath<Source, SourceValue>, writeTarget: @escaping (SourceValue) -> Void
  ) -> (SourceValue, Source) -> Void {
    { written, source in
      guard let equal = makeEquality(SourceValue.self) else { return }
      let kept = sourcePath.read(source)
      if !equal(kept, written) { writeTarget(kept) }
    }
  }

  /// Subscribes `handler` to a channel of the target property; the binding cancels it at unbind.
  @inlinable
  func subscribe(
    _ target: Target,
    _ channel: Channel,
    handler: @escaping (RawChange) -> Void
  ) {
    if let chain {
      chain.subscribe(channel, handler: handler)
      return
    }
    let subscriber = ClosureSubscriber(
      key: SlotKey(id: property.id, channel: channel),
      storage: target.keyValueRegistrar.storage,
      handler: handler
    )
    target.keyValueRegistrar.add(subscriber)
    binding.attach(
      subscriber, as: channel == .endEditing ? .endEditing : channel == .beginEditing ? .beginEditing : .reverse)
  }

  @usableFromInline
  init(
    binding: PropertyBinding, property: TargetProperty<Target, TargetValue>,
    sourcePath: SourcePath<Source, SourceValue>, sourceWriter: SourceWriter<Source, SourceValue>,
    conversion: Conversion<SourceValue, TargetValue>, options: BindingOptions,
    writeTarget: @escaping (SourceValue) -> Void,
    chain: TargetChain<Target, TargetValue>? = nil
  ) {
    self.binding = binding
    self.property = property
    self.sourcePath = sourcePath
    self.sourceWriter = sourceWriter
    self.conversion = conversion
    self.options = options
    self.writeTarget = writeTarget
    self.chain = chain
  }
}
