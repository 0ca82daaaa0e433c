/// Several read-only bindings on one Boolean property of a target, combined with AND or OR.
///
/// All inputs are read in one tracked evaluation, so the target is written once per change, with the
/// combined value, however many inputs the change touched (and once per transaction).
final class CombinedBooleanBinding: @unchecked Sendable {
  private struct Input {
    let binding: ObjectIdentifier
    let read: () -> Bool?
  }

  let combination: BooleanCombination
  private let write: (Bool) -> Void
  private let inputs = Locked<[Input]>([])
  private let observer = Locked<ValueObserver<Bool>?>(nil)

  init(combination: BooleanCombination, write: @escaping (Bool) -> Void) {
    self.combination = combination
    self.write = write
  }

  /// The combined value of the inputs whose source still exists.
  private func combinedValue() -> Bool {
    let current = inputs.withLock { $0 }
    return combination.combine(current.lazy.compactMap { $0.read() })
  }

  /// Adds an input and writes the new combined value.
  func add(_ binding: PropertyBinding, read: @escaping () -> Bool?) {
    inputs.withLock { $0.append(Input(binding: ObjectIdentifier(binding), read: read)) }
    refresh()
  }

  /// Removes an input; the last one removed ends the observation.
  func remove(_ binding: PropertyBinding) {
    let isEmpty = inputs.withLock { inputs in
      inputs.removeAll { $0.binding == ObjectIdentifier(binding) }
      return inputs.isEmpty
    }
    if isEmpty {
      observer.withLock { $0 }?.cancel()
    } else {
      refresh()
    }
  }

  /// Observes the inputs afresh (they changed) and writes the combined value.
  private func refresh() {
    let fresh = ValueObserver<Bool>(
      evaluate: { [weak self] in self?.combinedValue() },
      root: nil,
      allowsDirect: false,
      deliver: { [write] _, value, kind in
        if kind == .change { write(value) }
      }
    )
    let old = observer.withLock { observer in
      defer { observer = fresh }
      return observer
    }
    old?.cancel()
    if let value = fresh.start(initial: false) { write(value) }
  }
}

/// The handle a combined input's `PropertyBinding` keeps: unbinding removes the input.
final class CombinedInput: Cancellable {
  private let group: CombinedBooleanBinding
  private unowned(unsafe) let binding: PropertyBinding

  init(group: CombinedBooleanBinding, binding: PropertyBinding) {
    self.group = group
    self.binding = binding
  }

  func cancel() { group.remove(binding) }
}
