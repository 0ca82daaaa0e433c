/// The bound property of a target, found by one tracked read: its identifier in the registrar and,
/// for a property of the macro, its setter, so values are written by address with no key path.
@usableFromInline
struct TargetProperty<Target: AnyObject, Value> {
  @usableFromInline
  let keyPath: ReferenceWritableKeyPath<Target, Value>
  /// Whether the key path is one observable property of the target (so its changes can be observed).
  /// The read itself is not kept: it holds the target, which would keep it alive.
  @usableFromInline
  let isObservable: Bool
  @usableFromInline
  let id: PropertyID
  @usableFromInline
  let setter: RawSetter?
  /// Whether the key path is a chain of observable properties from the target (`\.aView.text`): the
  /// binding follows it (``TargetChain``), as a source chain is followed.
  @usableFromInline
  let isChain: Bool

  /// `chainPath`, when given, is the target path `keyPath` reads and writes through (a path through
  /// optionals, which Swift makes read-only): the binding follows it as a chain.
  @inlinable
  init(of target: Target, _ keyPath: ReferenceWritableKeyPath<Target, Value>, chainPath: AnyKeyPath? = nil) {
    self.keyPath = keyPath
    if chainPath == nil,
      let known = ObservablePropertyCache.info(for: keyPath, ofClass: ObjectIdentifier(type(of: target)))
    {
      isObservable = true
      id = known.id
      setter = known.memberType == Value.self ? known.setter : nil
      isChain = false
      return
    }
    let (_, reads) = AccessList.tracking(recordingSetters: true) { _ = target[keyPath: keyPath] }
    let startsAtTarget = !reads.records.isEmpty && reads.records[0].object === target
    let record = chainPath == nil && reads.records.count == 1 && startsAtTarget ? reads.records[0] : nil
    if let chainPath {
      // A path through optionals may be broken by a `nil` now: the key tables tell what it ends in.
      isChain =
        startsAtTarget
        && (reads.records.count >= 2 && KeyPathChainCache.isChain(chainPath, chain: reads.chainHops) == true
          || (Target.self as? any KeyValueCoding.Type).map { KeyPathChainCache.isWritableKeyChain(chainPath, from: $0) }
            == true)
    } else {
      isChain =
        reads.records.count >= 2 && startsAtTarget && KeyPathChainCache.isChain(keyPath, chain: reads.chainHops) == true
    }
    reads.recycle()
    isObservable = record != nil
    id = record?.id ?? PropertyID(rawValue: UInt64(truncatingIfNeeded: keyPath.hashValue))
    // Only the property itself is written by address: a computed property that reads a stored one
    // of its type is written through its own setter.
    setter = record?.memberType == Value.self && record?.keyPath == keyPath ? record?.setter : nil
    if let record, record.keyPath == keyPath {
      // The key path is the property itself: every object of the class reads the same.
      ObservablePropertyCache.remember(
        ObservablePropertyInfo(id: record.id, memberType: record.memberType, setter: record.setter), for: keyPath,
        of: target)
    }
  }

  /// Writes `value`: by address through the setter when there is one, through the key path otherwise.
  @inline(__always)
  @inlinable
  func write(_ value: Value, to target: Target) {
    if let setter {
      withUnsafePointer(to: value) { setter(target, UnsafeRawPointer($0)) }
    } else {
      target[keyPath: keyPath] = value
    }
  }
}
