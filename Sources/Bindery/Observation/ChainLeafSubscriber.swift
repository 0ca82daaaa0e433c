/// The subscriber of a chain's last property (`firstName` in `\.person?.firstName`): hands each change
/// by address to its observer's raw handler, as the chain's value, with no closure of its own on the way.
///
/// It holds its observer (the cycle ends when the observer cancels) and the handler the observer had
/// when it subscribed; a change that arrives after a re-target made it stale is dropped.
@usableFromInline
final class ChainLeafSubscriber<Value>: Subscriber, @unchecked Sendable {
  @usableFromInline
  let observer: ValueObserver<Value>
  @usableFromInline
  let chain: ChainLeaf
  /// The observer's re-target count when this subscriber was made.
  @usableFromInline
  let generation: UInt64
  /// Whether the property's object is the observed root, whose end ends the observation.
  @usableFromInline
  let isRoot: Bool
  @usableFromInline
  let raw: (RawChange) -> Void

  @usableFromInline
  init(
    key: SlotKey, storage: RegistrarStorage, observer: ValueObserver<Value>, chain: ChainLeaf, generation: UInt64,
    isRoot: Bool, raw: @escaping (RawChange) -> Void
  ) {
    self.observer = observer
    self.chain = chain
    self.generation = generation
    self.isRoot = isRoot
    self.raw = raw
    super.init(key: key, storage: storage, needsOldValue: false)
  }

  @usableFromInline
  override var deferredDelivery: (any DeferredDelivery)? { observer }

  @usableFromInline
  override func ownerDidDeinit() {
    if isRoot { observer.rootDidDeinit() } else { observer.observedObjectDidDeinit() }
  }

  /// A change of the chain's last property: by address to the raw handler, as the chain's value.
  ///
  /// Dropped when a re-target made this subscriber stale; when a re-target happens while it is being
  /// delivered (on another thread), the chain is evaluated again afterwards, so the new object's value
  /// is the last one written.
  @usableFromInline
  override func deliver(_ change: RawChange) {
    let observer = observer
    guard change.valueType == chain.leafType, !observer.isCancelled,
      observer.leafGeneration.load(ordering: .acquiring) == generation
    else { return }
    if observer.leafDelivered.load(ordering: .relaxed) != generation {
      observer.leafDelivered.store(generation, ordering: .sequentiallyConsistent)
    }
    if chain.liftsInPlace {
      raw(
        RawChange(
          id: change.id, oldValue: change.oldValue, newValue: change.newValue, valueType: ObjectIdentifier(Value.self)))
    } else if let lift = chain.lift {
      lift._withLifted(change.newValue) { pointer in
        raw(RawChange(id: change.id, oldValue: pointer, newValue: pointer, valueType: ObjectIdentifier(Value.self)))
      }
    } else {
      raw(change)
    }
    if observer.leafGeneration.load(ordering: .sequentiallyConsistent) != generation {
      observer.deliverAfterRetarget()
    }
  }
}
