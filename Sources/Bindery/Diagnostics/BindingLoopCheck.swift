/// Finds, when a binding is made, whether it binds a property to itself or closes a loop of one-way
/// bindings, by walking back from its source through the bindings that write it (each object knows
/// the bindings it is the target of). Two-way bindings are not loops: they carry one value both ways
/// and never echo. The walk is bounded, so a large graph of bindings costs at most a fixed number of
/// steps per binding made.
enum BindingLoopCheck {
  /// The most bindings a walk visits.
  static let maximumSteps = 4_096

  /// Checks `binding`, just made with `direction`, and reports what it finds.
  static func check(_ binding: PropertyBinding, direction: BindingDirection) {
    // Cheap questions first (no retain): the same object at both ends, or a one-way binding whose
    // target property something observes (a loop needs something to read it; at the end of a chain
    // being built, the usual case, nothing does).
    if binding.sourceReference.refersToSameObject(as: binding.targetReference) {
      guard let target = binding.target, binding.sourceKeyPath == binding.targetKeyPath else { return }
      BindingDiagnostics.report(
        BindingProblem(kind: .boundToItself, bindings: [binding], path: [name(binding.targetKeyPath, of: target)]))
      return
    }
    guard direction == .sourceToTarget, isObserved(binding), let source = binding.source, let target = binding.target,
      let sourceKeyPath = binding.sourceKeyPath, let first = writers(of: source)
    else { return }
    // Depth first, back from the source: a one-way binding whose target is the property read here.
    var stack: [(object: AnyObject, keyPath: AnyKeyPath, trail: [PropertyBinding], writers: [PropertyBinding])] = [
      (source, sourceKeyPath, [], first)
    ]
    var visited: Set<ObjectIdentifier> = [ObjectIdentifier(binding)]
    var steps = 0
    while let (object, keyPath, trail, candidates) = stack.popLast() {
      for writer in candidates where writer.targetKeyPath == keyPath && writer.target === object {
        steps += 1
        guard steps <= maximumSteps else { return }
        guard visited.insert(ObjectIdentifier(writer)).inserted, writer.direction == .sourceToTarget,
          !writer.isUnbound, let next = writer.source, let nextKeyPath = writer.sourceKeyPath
        else { continue }
        let path = trail + [writer]
        if next === target, nextKeyPath == binding.targetKeyPath {
          report(loop: [binding] + path.reversed())
          return
        }
        if let more = writers(of: next) { stack.append((next, nextKeyPath, path, more)) }
      }
    }
  }

  /// Whether anything observes the binding's target property (one relaxed load when nothing does).
  private static func isObserved(_ binding: PropertyBinding) -> Bool {
    let storage = binding.targetStorage
    let id = binding.targetPropertyID
    guard storage.changeFilter.load(ordering: .relaxed) & id.filterBit != 0 else { return false }
    return storage.withLock { $0.isObserved(SlotKey(id: id, channel: .change)) }
  }

  /// The bindings `object` is the target of, if it is observable and has any.
  private static func writers(of object: AnyObject) -> [PropertyBinding]? {
    guard let observable = object as? any KeyValueObservable else { return nil }
    let bindings = observable.keyValueRegistrar.ownedBindings
    return bindings.isEmpty ? nil : bindings
  }

  /// Reports the loop `bindings` (each one's source is the previous one's target, the last one's target
  /// the first one's source).
  private static func report(loop bindings: [PropertyBinding]) {
    var path: [String] = []
    if let first = bindings.first, let source = first.source, let keyPath = first.sourceKeyPath {
      path.append(name(keyPath, of: source))
    }
    for binding in bindings {
      guard let target = binding.target else { return }
      path.append(name(binding.targetKeyPath, of: target))
    }
    BindingDiagnostics.report(BindingProblem(kind: .loop, bindings: bindings, path: path))
  }

  /// `Type.property`.
  static func name(_ keyPath: AnyKeyPath, of object: AnyObject) -> String {
    KeyPathNames.learn(reading: keyPath, of: object)
    return KeyPathNames.describe(keyPath)
  }
}
