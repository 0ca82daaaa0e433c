public import Synchronization

extension ValueObserver {
  /// Whether `records` are a chain of observable properties that is exactly the observed key path,
  /// each read on the object the one before it returned, ending in the observed value's type (or its
  /// wrapped type, under an optional hop); only for a raw handler.
  @inlinable
  func chainLeaf(of records: [AccessRecord], _ hops: [ChainHop]) -> ChainLeaf? {
    guard rawDirectHandler != nil, !wantsPrior, let directKeyPath, records.count >= 2, let last = records.last,
      rootIdentifier == ObjectIdentifier(records[0].object)
    else { return nil }
    var lift: (any _AnyOptional.Type)?
    if last.memberType != Value.self {
      guard let optional = Value.self as? any _AnyOptional.Type, optional._wrappedType == last.memberType else {
        return nil
      }
      lift = optional
    }
    var isChain = KeyPathChainCache.isChain(directKeyPath, chain: hops)
    if isChain == nil {
      // Read while no binding was being made (a re-target to a chain not seen before): read once more,
      // recording what the hops say of themselves.
      let (_, reread) = AccessList.tracking(recordingSetters: true) { _ = evaluate() }
      let again = reread.chainHops
      reread.recycle()
      if again.map(\.keyPath) == records.map(\.keyPath) {
        isChain = KeyPathChainCache.isChain(directKeyPath, chain: again)
      }
    }
    guard let isChain, isChain else {
      // A key path that is not a chain of the properties it reads with every hop there never is one
      // (a subclass overriding a property is rare; it is then read as a computed property).
      if isChain == false { isNeverChain.store(true, ordering: .relaxed) }
      return nil
    }
    // A value that already is its optional in memory is handed on by address as it is.
    if let optional = lift, optional._wrapsInPlace {
      return ChainLeaf(leafType: ObjectIdentifier(last.memberType), liftsInPlace: true)
    }
    return ChainLeaf(leafType: ObjectIdentifier(last.memberType), lift: lift)
  }

  /// Evaluates the chain again after a change of its last property raced a re-target (kept out of
  /// ``ChainLeafSubscriber/deliver(_:)``: its result's type would be looked up on every change).
  @inline(never)
  @inlinable
  func deliverAfterRetarget() {
    reevaluate(deliverChange: true, forgetting: true)
  }
}

/// What a ``ValueObserver`` in chain mode needs to deliver a change of a chain's last property as the
/// chain's value (not nested in the generic observer, so using one costs no runtime type lookup).
@usableFromInline
struct ChainLeaf {
  /// The last property's type.
  @usableFromInline
  let leafType: ObjectIdentifier
  /// The observed value's type, when it is the last property's type made optional by an optional hop
  /// and a value must be copied into it.
  @usableFromInline
  let lift: (any _AnyOptional.Type)?
  /// Whether the observed value is the last property's type made optional by an optional hop, and the
  /// last property's value in memory already is that optional (``_AnyOptional/_wrapsInPlace``).
  @usableFromInline
  let liftsInPlace: Bool

  @usableFromInline
  init(leafType: ObjectIdentifier, lift: (any _AnyOptional.Type)? = nil, liftsInPlace: Bool = false) {
    self.leafType = leafType
    self.lift = lift
    self.liftsInPlace = liftsInPlace
  }
}
