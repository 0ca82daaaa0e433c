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

  @inlinable
  init(of target: Target, _ keyPath: ReferenceWritableKeyPath<Target, Value>) {
    self.keyPath = keyPath
    if let known = ObservablePropertyCache.info(for: keyPath, ofClass: ObjectIdentifier(type(of: target))) {
      isObservable = true
      id = known.id
      setter = known.memberType == Value.self ? known.setter : nil
      return
    }
    let (_, reads) = AccessList.tracking(recordingSetters: true) { _ = target[keyPath: keyPath] }
    let record = reads.records.count == 1 && reads.records[0].object === target ? reads.records[0] : nil
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
