import Synchronization

/// Several read-only bindings on one Boolean property of a target, combined with AND or OR.
///
/// Two ways to follow the inputs, picked whenever the inputs change:
/// - direct: every input is one observable property of its source (`\.isSaving`, through any
///   transformer). Each change converts the new value from the registrar's address, updates that
///   input's cached value and writes the target if the combined value changed: no key path is read and
///   nothing is evaluated again. In a coalesced block the inputs are read once, at its end.
/// - tracked: anything else (chains, computed properties). All inputs are read in one tracked
///   evaluation, so the target is written once per change, however many inputs it touched.
///
/// Either way the target is written once per change and once per coalesced block, with the combined value.
@usableFromInline
final class CombinedBooleanBinding: DeferredDelivery, @unchecked Sendable {
  /// An input that is one observable property of its source.
  @usableFromInline
  struct DirectSource {
    @usableFromInline
    let storage: RegistrarStorage
    @usableFromInline
    let id: PropertyID
    @usableFromInline
    let valueType: ObjectIdentifier
    /// The input's value from the address of a new value of the property.
    @usableFromInline
    let convert: (UnsafeRawPointer) -> Bool

    @usableFromInline
    init(
      storage: RegistrarStorage, id: PropertyID, valueType: ObjectIdentifier,
      convert: @escaping (UnsafeRawPointer) -> Bool
    ) {
      self.storage = storage
      self.id = id
      self.valueType = valueType
      self.convert = convert
    }
  }

  @usableFromInline
  struct Input {
    @usableFromInline
    let binding: ObjectIdentifier
    weak var owner: PropertyBinding?
    @usableFromInline
    let read: () -> Bool?
    @usableFromInline
    let direct: DirectSource?
  }

  @usableFromInline
  struct State {
    var inputs: [Input] = []
    /// Whether the inputs are followed directly; their last values then (`nil` once a source is gone),
    /// by input position.
    @usableFromInline
    var isDirect = false
    var cached: [Bool?] = []
    @usableFromInline
    var subscribers: [Subscriber] = []
    @usableFromInline
    var observer: ValueObserver<Bool>?
    var lastWritten: Bool?
  }

  @usableFromInline
  let combination: BooleanCombination
  @usableFromInline
  let write: (Bool) -> Void
  @usableFromInline
  let state = Locked(State())

  /// Whether an input was ever given a delegate (its own or its binding set's): writes then look for
  /// the delegates to tell.
  let mayHaveDelegates = Atomic<Bool>(false)

  /// An input was given a delegate.
  func inputMayHaveDelegate() {
    mayHaveDelegates.store(true, ordering: .relaxed)
  }

  @usableFromInline
  init(combination: BooleanCombination, write: @escaping (Bool) -> Void) {
    self.combination = combination
    self.write = write
  }

  /// Adds an input and writes the new combined value.
  @usableFromInline
  func add(_ binding: PropertyBinding, direct: DirectSource? = nil, read: @escaping () -> Bool?) {
    let input = Input(binding: ObjectIdentifier(binding), owner: binding, read: read, direct: direct)
    if binding.state.contains(.mayHaveDelegate) { inputMayHaveDelegate() }
    state.withLock { $0.inputs.append(input) }
    refresh()
  }

  /// Removes an input; the last one removed ends the observation.
  @usableFromInline
  func remove(_ binding: PropertyBinding) {
    let id = ObjectIdentifier(binding)
    let isEmpty = state.withLock { state in
      state.inputs.removeAll { $0.binding == id }
      return state.inputs.isEmpty
    }
    if isEmpty {
      stopObserving()
    } else {
      refresh()
    }
  }

  // MARK: Following the inputs

  private func stopObserving() {
    let (subscribers, observer) = state.withLock { state in
      defer {
        state.subscribers = []
        state.observer = nil
        state.isDirect = false
      }
      return (state.subscribers, state.observer)
    }
    for subscriber in subscribers { subscriber.cancel() }
    observer?.cancel()
  }

  /// Observes the inputs afresh (they changed) and writes the combined value.
  private func refresh() {
    stopObserving()
    let inputs = state.withLock { $0.inputs }
    guard inputs.allSatisfy({ $0.direct != nil }) else {
      refreshTracked()
      return
    }
    // Direct: one subscriber per distinct property, knowing the positions of its inputs.
    var subscribers: [Subscriber] = []
    let sources = inputs.compactMap(\.direct)
    for (position, direct) in sources.enumerated() {
      guard !subscribers.contains(where: { $0.storage === direct.storage && $0.key.id == direct.id }) else {
        continue
      }
      let positions = sources.indices.filter { sources[$0].storage === direct.storage && sources[$0].id == direct.id }
      let storage = direct.storage
      let handler: (RawChange) -> Void
      if positions == [position] {
        let convert = direct.convert
        let valueType = direct.valueType
        handler = { [self] change in
          guard change.valueType == valueType else { return }
          directChange(at: position, to: convert(change.newValue))
        }
      } else {
        handler = { [self] change in
          for position in positions where sources[position].valueType == change.valueType {
            directChange(at: position, to: sources[position].convert(change.newValue))
          }
        }
      }
      subscribers.append(
        ClosureSubscriber(
          key: SlotKey(id: direct.id, channel: .change),
          storage: storage,
          handler: handler,
          onOwnerDeinit: { [self] in sourceDidDeinit(storage) },
          deferral: self
        )
      )
    }
    state.withLock { state in
      state.subscribers = subscribers
      state.isDirect = true
    }
    for subscriber in subscribers { subscriber.storage.add(subscriber) }
    rereadAll()
  }

  private func refreshTracked() {
    let fresh = ValueObserver<Bool>(
      evaluate: { [weak self] in self?.combinedValueByReading() },
      root: nil,
      deliver: { [weak self] _, value, kind in
        if kind == .change { self?.writeIfChanged(value) }
      }
    )
    state.withLock { $0.observer = fresh }
    if let value = fresh.start(initial: false) { writeIfChanged(value, force: true) }
  }

  /// The combined value of the inputs whose source still exists, read now (tracked mode).
  private func combinedValueByReading() -> Bool {
    let inputs = state.withLock { $0.inputs }
    return combination.combine(inputs.lazy.compactMap { $0.read() })
  }

  /// Reads every input again and writes the combined value (direct mode).
  private func rereadAll(force: Bool = true) {
    let inputs = state.withLock { $0.inputs }
    let values = inputs.map { $0.read() }
    let write = state.withLock { state -> Bool? in
      // Inputs added or removed meanwhile: their refresh reads again.
      if state.inputs.count == values.count { state.cached = values }
      return Self.decide(combination.combine(state.cached.lazy.compactMap { $0 }), &state, force: force)
    }
    if let write { deliver(write) }
  }

  /// A new value of the input at `position` (direct mode): one lock, and a write if the combined
  /// value changed.
  private func directChange(at position: Int, to value: Bool) {
    let write = state.withLock { state -> Bool? in
      guard state.isDirect, position < state.cached.count else { return nil }
      state.cached[position] = value
      return Self.decide(Self.combine(state.cached, combination), &state, force: false)
    }
    if let write { deliver(write) }
  }

  private static func combine(_ values: [Bool?], _ combination: BooleanCombination) -> Bool {
    switch combination {
    case .and:
      for value in values where value == false { return false }
      return true
    case .or:
      for value in values where value == true { return true }
      return false
    }
  }

  /// The value to write, if it differs from the last one written (or `force`).
  private static func decide(_ value: Bool, _ state: inout State, force: Bool) -> Bool? {
    guard force || state.lastWritten != value else { return nil }
    state.lastWritten = value
    return value
  }

  /// The source of some inputs is gone: their bindings unbind (and remove their inputs).
  private func sourceDidDeinit(_ storage: RegistrarStorage) {
    let owners = state.withLock { state in
      state.inputs.filter { $0.direct?.storage === storage }.compactMap(\.owner)
    }
    for owner in owners { owner.unbind() }
  }

  private func writeIfChanged(_ value: Bool, force: Bool = false) {
    let changed = state.withLock { state -> Bool in
      guard force || state.lastWritten != value else { return false }
      state.lastWritten = value
      return true
    }
    if changed { deliver(value) }
  }

  /// Writes the combined value to the target, telling the delegates of the inputs before and after,
  /// as a single binding tells its own (each delegate once, with the input binding it belongs to).
  /// While no input ever had a delegate, one relaxed load.
  @inline(__always)
  private func deliver(_ value: Bool) {
    guard mayHaveDelegates.load(ordering: .relaxed) else {
      write(value)
      return
    }
    deliverTellingDelegates(value)
  }

  /// Writes the combined value, telling the inputs' delegates before and after.
  @inline(never)
  private func deliverTellingDelegates(_ value: Bool) {
    let inputs = state.withLock { $0.inputs }
    var told: [(PropertyBinding, any BindingDelegate)] = []
    for input in inputs {
      guard let owner = input.owner, let delegate = owner.currentDelegate,
        !told.contains(where: { $0.1 === delegate })
      else { continue }
      told.append((owner, delegate))
    }
    for (owner, delegate) in told { delegate.binding(owner, willUpdateTarget: value) }
    write(value)
    for (owner, delegate) in told { delegate.binding(owner, didUpdateTarget: value) }
  }

  // MARK: Coalesced changes (direct mode)

  @usableFromInline
  func deferChange(_ change: RawChange, kept: inout Any?) {}

  @usableFromInline
  func flushDeferred(kept: Any?) {
    guard state.withLock({ $0.isDirect }) else { return }
    rereadAll(force: false)
  }
}

/// The handle a combined input's `PropertyBinding` keeps: unbinding removes the input.
@usableFromInline
final class CombinedInput: Cancellable {
  @usableFromInline
  let group: CombinedBooleanBinding
  @usableFromInline
  unowned(unsafe) let binding: PropertyBinding

  @usableFromInline
  init(group: CombinedBooleanBinding, binding: PropertyBinding) {
    self.group = group
    self.binding = binding
  }

  @usableFromInline
  func cancel() { group.remove(binding) }
}
