/// Builds the machinery of one binding: a forward observer on the source path, a reverse subscription
/// on the target property, and the writers of both ends.
///
/// Where both ends are single observable properties of the same type, values travel by address from
/// the registrar to the other end's setter: no key path is applied and no generic code runs on the way.
enum BindingFactory {
  static func make<Target: KeyValueObservable, TargetValue, Source: AnyObject, SourceValue>(
    target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, TargetValue>,
    source: Source,
    _ sourcePath: SourcePath<Source, SourceValue>,
    toTarget: @escaping (SourceValue) -> TargetValue,
    toSource: @escaping (TargetValue) throws -> SourceValue?,
    validateTarget: ((TargetValue) throws -> Void)? = nil,
    isIdentity: Bool,
    isReversible: Bool = true,
    marker: ((SourceValue) -> BindingMarker?)? = nil,
    placeholders: BindingPlaceholders<TargetValue> = .none,
    editing: EditingConversion<SourceValue, TargetValue>? = nil,
    options: BindingOptions,
    file: StaticString,
    line: UInt
  ) -> PropertyBinding {
    // Which property of the target is bound: one tracked read tells.
    let property = TargetProperty(of: target, targetKeyPath)
    let targetID = property.id
    let targetSetter = property.setter

    let binding = PropertyBinding(
      source: source,
      sourceKeyPath: sourcePath.keyPath,
      sourcePathText: sourcePath.text,
      target: target,
      targetKeyPath: targetKeyPath,
      targetPropertyID: targetID,
      options: options,
      file: file,
      line: line
    )

    // A Boolean property that combines its bindings (AND, OR) gets this one as one more input.
    if TargetValue.self == Bool.self,
      let combination = options.combining
        ?? (Target.self as? any BooleanCombining.Type)?.booleanCombination(for: targetKeyPath)
    {
      target.keyValueRegistrar.addBinding(binding, replacing: false)
      binding.setDirection(.sourceToTarget)
      let group = target.keyValueRegistrar.combinedGroup(for: targetID) {
        CombinedBooleanBinding(combination: combination) { [weak target] value in
          guard let target else { return }
          // `TargetValue` is `Bool` (checked above).
          property.write(withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: TargetValue.self) }, to: target)
        }
      }
      // An input that is one observable property of its source (not a value computed from one) is
      // followed by address.
      let (_, sourceReads) = AccessList.tracking { _ = sourcePath.read(source) }
      let sourceRecord =
        sourceReads.records.count == 1 && sourceReads.records[0].subject === source
          && sourceReads.records[0].memberType == SourceValue.self && sourcePath.keyPath != nil
          && sourceReads.records[0].keyPath == sourcePath.keyPath ? sourceReads.records[0] : nil
      sourceReads.recycle()
      let direct = sourceRecord.map { record in
        CombinedBooleanBinding.DirectSource(
          storage: record.storage,
          id: record.id,
          valueType: ObjectIdentifier(SourceValue.self)
        ) { pointer in
          let converted = toTarget(pointer.assumingMemoryBound(to: SourceValue.self).pointee)
          return withUnsafePointer(to: converted) { UnsafeRawPointer($0).load(as: Bool.self) }
        }
      }
      group.add(binding, direct: direct) { [weak source] in
        guard let source else { return nil }
        return toTarget(sourcePath.read(source)) as? Bool
      }
      binding.attach(CombinedInput(group: group, binding: binding), reverse: false)
      return binding
    }

    target.keyValueRegistrar.addBinding(binding)

    let requested = options.direction
    let forwardEnabled = requested != .targetToSource
    let synchronous: Bool = if case .synchronous = options.delivery { true } else { false }
    // Markers and placeholders: only bindings that ask for them look for markers.
    let presenter: MarkerPresenter<SourceValue, TargetValue>? =
      marker != nil || !placeholders.isEmpty || options.conditionallySetsEnabled
      ? MarkerPresenter(marker: marker, placeholders: placeholders) : nil
    // Values may travel by address only when nothing converts them.
    let sameType = isIdentity && SourceValue.self == TargetValue.self && presenter == nil && editing == nil

    // Writing the target: the value converted for display (or for editing, while the user edits), or
    // the placeholder of its marker.
    let writeTarget: (SourceValue) -> Void = { [weak target] value in
      guard let target else {
        binding.unbind()
        return
      }
      // Only bindings with an editing form ask whether the user is editing.
      let convert = if let editing, binding.isUserEditing { editing.toTarget } else { toTarget }
      let converted = presenter?.present(value, convert) ?? convert(value)
      binding.updateTarget(with: converted) { property.write(converted, to: target) }
    }
    let flush: (() -> Void)? =
      synchronous
      ? nil
      : { [weak source] in
        guard !binding.isUnbound, let source else { return }
        writeTarget(sourcePath.read(source))
      }

    // The forward path: an observer of the source path.
    let observer = ValueObserver<SourceValue>(
      evaluate: { [weak source] in
        guard let source else { return nil }
        return presenter?.evaluate(source, sourcePath.read) ?? sourcePath.read(source)
      },
      root: source,
      directKeyPath: sourcePath.keyPath,
      skipsEqualValues: presenter == nil,
      deliver: { _, new, kind in
        guard forwardEnabled, kind == .change, !binding.isUnbound, !binding.isWritingOnThisThread else { return }
        if let flush {
          binding.scheduleDelivery(flush)
        } else {
          writeTarget(new)
        }
      },
      onRootDeinit: { binding.unbind() }
    )
    if forwardEnabled, synchronous, sameType, let targetSetter {
      let valueType = ObjectIdentifier(TargetValue.self)
      observer.rawDirectHandler = { [weak target] change in
        guard change.valueType == valueType, !binding.isUnbound, !binding.isWritingOnThisThread else { return }
        guard let target else {
          binding.unbind()
          return
        }
        binding.updateTarget(with: change.newValue.assumingMemoryBound(to: TargetValue.self).pointee) {
          targetSetter(target, change.newValue)
        }
      }
    } else if forwardEnabled, synchronous, presenter == nil, editing == nil, let targetSetter {
      // Converted values: read from the registrar's address, converted, written by address.
      let valueType = ObjectIdentifier(SourceValue.self)
      observer.rawDirectHandler = { [weak target] change in
        guard change.valueType == valueType, !binding.isUnbound, !binding.isWritingOnThisThread else { return }
        guard let target else {
          binding.unbind()
          return
        }
        let converted = toTarget(change.newValue.assumingMemoryBound(to: SourceValue.self).pointee)
        binding.updateTarget(with: converted) {
          withUnsafePointer(to: converted) { targetSetter(target, UnsafeRawPointer($0)) }
        }
      }
    }
    binding.attach(observer, reverse: false)
    let first = observer.start(initial: false, recordingSetters: true)

    // Can the source path be written? (Not asked when the binding is one-way by request.)
    let sourceWriter: SourceWriter<Source, SourceValue>? =
      requested == .sourceToTarget
      ? nil : SourceWriter(sourcePath: sourcePath, observer: observer)
    let reversible = isReversible && sourceWriter?.isWritable == true && property.isObservable
    let direction: BindingDirection =
      switch requested {
      case nil: reversible ? .both : .sourceToTarget
      case .sourceToTarget: .sourceToTarget
      case .both: reversible ? .both : .sourceToTarget
      case .targetToSource: reversible ? .targetToSource : .sourceToTarget
      }
    binding.setDirection(direction)

    // The reverse path: a subscription to the target property (user edits only, for a control).
    if direction != .sourceToTarget, property.isObservable, let sourceWriter {
      let writeSource: (SourceValue, TargetValue) -> Void = { [weak source] value, targetValue in
        guard let source else {
          binding.unbind()
          return
        }
        binding.updateSource(with: value, from: targetValue) { sourceWriter.write(value, to: source) }
      }
      let channel: Channel = target is any EditableControl ? .userEdit : .change
      let validatesSource = validateTarget != nil || source is any KeyValueValidating
      let continuous = options.updatesContinuously
      let rawSourceSetter = sameType && !validatesSource && continuous ? sourceWriter.directSetter : nil
      // Converts, validates, writes; a failure leaves the source as it is and is shown by the control.
      let acceptUserValue: (TargetValue, Target) -> BindingError? = { [weak source] value, target in
        let control = target as? any EditableControl
        if let validateTarget {
          do {
            try validateTarget(value)
          } catch {
            binding.reportError(.validationFailed(error), for: value, to: control)
            return .validationFailed(error)
          }
        }
        let converted: SourceValue?
        do {
          converted = try editing?.toSource(value, binding.isUserEditing) ?? toSource(value)
        } catch let failure as ValidationFailure {
          binding.reportError(.validationFailed(failure.underlying), for: failure.value, to: control)
          return .validationFailed(failure.underlying)
        } catch {
          binding.reportError(.conversionFailed(error), for: value, to: control)
          return .conversionFailed(error)
        }
        guard let converted, let source else { return nil }
        do {
          try sourceWriter.validate(converted, on: source)
        } catch {
          binding.reportError(.validationFailed(error), for: converted, to: control)
          return .validationFailed(error)
        }
        writeSource(converted, value)
        binding.reportError(nil, for: converted, to: control)
        return nil
      }
      // Editing on commit: the control's current value is written when the edit is committed.
      binding.setEditActions(
        commit: { [weak target] in
          guard let target else { return nil }
          return acceptUserValue(target[keyPath: targetKeyPath], target)
        },
        discard: { [weak source, weak target] in
          guard let source, let target else { return }
          writeTarget(sourcePath.read(source))
          binding.reportError(nil, for: (), to: target as? any EditableControl)
        }
      )
      let valueType = ObjectIdentifier(TargetValue.self)
      let handler: (RawChange) -> Void
      if let rawSourceSetter {
        handler = { [weak source] change in
          guard change.valueType == valueType, !binding.isUnbound, !binding.isWritingOnThisThread else { return }
          guard let source else {
            binding.unbind()
            return
          }
          guard binding.currentDelegate == nil else {
            let value = change.newValue.assumingMemoryBound(to: TargetValue.self).pointee
            binding.updateSource(with: value, from: value) { rawSourceSetter(source, change.newValue) }
            return
          }
          binding.writing { rawSourceSetter(source, change.newValue) }
        }
      } else {
        handler = { [weak target] change in
          guard !binding.isUnbound, !binding.isWritingOnThisThread, let target else { return }
          guard continuous else {
            binding.markPendingEdit()
            return
          }
          let value = change.newValue(as: TargetValue.self) ?? target[keyPath: targetKeyPath]
          _ = acceptUserValue(value, target)
        }
      }
      if !continuous || editing != nil {
        // At the end of editing: commit (on-commit bindings), then show the value for display again.
        let endEditing = Subscriber(
          key: SlotKey(id: targetID, channel: .endEditing),
          storage: target.keyValueRegistrar.storage,
          handler: { [weak source] _ in
            let committed = (try? binding.commitEditing()) != nil && !binding.isShowingError
            _ = binding.setUserEditing(false)
            guard editing != nil, committed, let source else { return }
            writeTarget(sourcePath.read(source))
          }
        )
        target.keyValueRegistrar.add(endEditing)
        binding.attach(endEditing, reverse: true, endEditing: true)
      }
      if editing != nil {
        // At the beginning of editing: show the value in its editing form.
        let beginEditing = Subscriber(
          key: SlotKey(id: targetID, channel: .beginEditing),
          storage: target.keyValueRegistrar.storage,
          handler: { [weak source] _ in
            guard !binding.setUserEditing(true), let source else { return }
            writeTarget(sourcePath.read(source))
          }
        )
        target.keyValueRegistrar.add(beginEditing)
        binding.attach(beginEditing, reverse: true, beginEditing: true)
      }
      let reverse = Subscriber(
        key: SlotKey(id: targetID, channel: channel),
        storage: target.keyValueRegistrar.storage,
        handler: handler
      )
      binding.guardsEcho()
      target.keyValueRegistrar.add(reverse)
      binding.attach(reverse, reverse: true)

      // On creation, target-to-source only: the target value goes to the source.
      if direction == .targetToSource {
        _ = acceptUserValue(target[keyPath: targetKeyPath], target)
      }
    }

    // On creation, the source value goes to the target.
    if direction != .targetToSource, let first {
      if let flush { binding.scheduleDelivery(flush) } else { writeTarget(first) }
    }

    // Conditionally enabled: the target is enabled only while the source path resolves to a selection.
    if options.conditionallySetsEnabled, let presenter, let control = target as? any EnablingControl {
      func addInput<Control: EnablingControl>(_ control: Control) {
        ConditionalEnabling.add(to: control, binding: binding) { [weak source] in
          guard let source else { return nil }
          return presenter.isEnabled(by: presenter.evaluate(source, sourcePath.read))
        }
      }
      addInput(control)
    }
    return binding
  }
}
