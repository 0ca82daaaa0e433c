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
    // Which property of the target is bound, as any binding's: a target path of several steps
    // (`\.aView.text`, or a key path that writes a path through optionals) is followed below.
    var property = TargetProperty(of: target, targetKeyPath)
    var chainPath: KeyPath<Target, TargetValue>?
    if property.setter == nil, !property.isChain,
      let known = TargetChainPaths.chain(writtenBy: targetKeyPath) as? KeyPath<Target, TargetValue>
    {
      chainPath = known
      property = TargetProperty(of: target, targetKeyPath, chainPath: known)
    }
    let first = inputs.first
    let binding = PropertyBinding(
      source: first?.source ?? target,
      sourceKeyPath: first.map { $0.keyPath } ?? targetKeyPath,
      sourcePathText: first?.name,
      target: target,
      targetKeyPath: chainPath ?? targetKeyPath,
      targetPropertyID: property.id,
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
    binding.attach(observer, as: .forward)
    // When an object on the target path is replaced, the object reached now shows the text at once
    // (the writes above go to the object the path reaches when they are made).
    if property.isChain {
      let chain = TargetChain(binding: binding, keyPath: chainPath ?? targetKeyPath) { object in
        guard object != nil, !binding.isUnbound else { return }
        if synchronous { write(render()) } else { binding.scheduleDelivery { write(render()) } }
      }
      binding.attach(chain, as: .targetChain)
      chain.start(target: target)
    }
    if let text = observer.start(initial: false) {
      if synchronous { write(text) } else { binding.scheduleDelivery { write(render()) } }
    }
    return binding
  }
}
