/// Builds a pattern binding: one tracked evaluation of every input, rendered into the pattern.
enum PatternBindingFactory {
  static func make<Target: KeyValueObservable, TargetValue>(
    target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, TargetValue>,
    pattern parsed: DisplayPattern,
    inputs: [PatternInput],
    options: BindingOptions,
    file: StaticString,
    line: UInt,
    convert: @escaping (String) -> TargetValue
  ) -> PropertyBinding {
    let (_, targetReads) = AccessList.tracking { _ = target[keyPath: targetKeyPath] }
    let targetID =
      targetReads.records.last { $0.object === target }?.id
      ?? PropertyID(rawValue: UInt64(truncatingIfNeeded: targetKeyPath.hashValue))
    targetReads.recycle()
    let first = inputs.first
    let binding = PropertyBinding(
      source: first?.source ?? target,
      sourceKeyPath: first.map { $0.keyPath } ?? targetKeyPath,
      sourcePathText: first?.name,
      target: target,
      targetKeyPath: targetKeyPath,
      targetPropertyID: targetID,
      options: options,
      file: file,
      line: line
    )
    binding.setDirection(.sourceToTarget)
    target.keyValueRegistrar.addBinding(binding)
    let write: (String) -> Void = { [weak target] text in
      guard let target, !binding.isUnbound else { return }
      let value = convert(text)
      binding.updateTarget(with: value) { target[keyPath: targetKeyPath] = value }
    }
    let readers = inputs.map(\.read)
    let render = { parsed.render(readers.map { $0() ?? "" }) }
    let synchronous = options.hasSynchronousDelivery
    let observer = ValueObserver<String>(
      evaluate: render,
      root: nil,
      deliver: { _, text, kind in
        guard kind == .change else { return }
        if synchronous {
          write(text)
        } else {
          // Elsewhere: the latest text, rendered where it is written.
          binding.scheduleDelivery { write(render()) }
        }
      }
    )
    binding.attach(observer, reverse: false)
    if let text = observer.start(initial: false) {
      if synchronous { write(text) } else { binding.scheduleDelivery { write(render()) } }
    }
    return binding
  }
}
