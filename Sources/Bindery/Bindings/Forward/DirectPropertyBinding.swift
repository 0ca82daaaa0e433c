/// A binding whose source path is one observable property of the source (`\.value`, not a chain or a
/// computed property), written to a target property of the same type: the binding is itself the
/// property's subscriber in the source's registrar (one object), and each change goes by address to the
/// target's setter, with no tracked re-evaluation and no copy of the value kept.
///
/// Inside a coalesced block, the property's final value is written once, and not at all when it ends
/// where it began.
@usableFromInline
class DirectPropertyBinding<Source: AnyObject, Value>: PropertyBinding, ObservedSource, DeferredDelivery,
  @unchecked Sendable
{
  /// Writes the source property by address (for the reverse path of a two-way binding).
  @usableFromInline
  let setter: RawSetter?
  /// Writes the target's property from a change's address (of the source property's type, or, for a
  /// ``ConvertingPropertyBinding``, of the converted type).
  @usableFromInline
  let targetSetter: RawSetter

  /// Binds `targetKeyPath` of `target` to `keyPath` of `source`, the observable property `id` (written
  /// by `setter`) of the registrar whose storage is `storage`; call ``start()`` next.
  @inlinable
  init(
    source: Source,
    keyPath: KeyPath<Source, Value>,
    sourcePathText: String?,
    id: PropertyID,
    setter: RawSetter?,
    storage: RegistrarStorage,
    target: any KeyValueObservable,
    targetKeyPath: AnyKeyPath,
    targetPropertyID: PropertyID,
    targetSetter: @escaping RawSetter,
    options: BindingOptions,
    file: StaticString,
    line: UInt
  ) {
    self.setter = setter
    self.targetSetter = targetSetter
    super.init(
      source: source, sourceKeyPath: keyPath, sourcePathText: sourcePathText, target: target,
      targetKeyPath: targetKeyPath, targetPropertyID: targetPropertyID, options: options, file: file, line: line,
      subscription: SlotKey(id: id, channel: .change), storage: storage)
  }

  /// The source key path (the binding's, of this type by construction).
  @inlinable
  var keyPath: KeyPath<Source, Value> {
    unsafeDowncast(sourceKeyPath.unsafelyUnwrapped, to: KeyPath<Source, Value>.self)
  }

  /// The source, while it exists.
  @inlinable
  var liveTypedSource: Source? {
    guard let object = liveSource else { return nil }
    return unsafeDowncast(object, to: Source.self)
  }

  /// A change of the source property, written to the target by address.
  @inlinable
  override func deliver(_ change: RawChange) {
    guard change.valueType == ObjectIdentifier(Value.self), !isUnbound, !isWritingOnThisThread else { return }
    guard let target = liveTarget else {
      unbind()
      return
    }
    updateTarget(with: change.newValue.assumingMemoryBound(to: Value.self).pointee) {
      targetSetter(target, change.newValue)
    }
  }

  /// The source was deallocated: the binding ends.
  @inlinable
  override func ownerDidDeinit() {
    unbind()
  }

  /// The property's identifier in the source's registrar.
  @inlinable
  var id: PropertyID { key.id }

  /// This binding takes its own changes at the end of a coalesced block.
  @inlinable
  override var deferredDelivery: (any DeferredDelivery)? { self }

  /// Subscribes to changes of the property in the source's registrar (not if the binding is already
  /// unbound).
  @inlinable
  func start() {
    guard !state.contains(.unbound) else { return }
    storage.add(self)
    // An unbind that ran meanwhile may have found nothing to remove.
    if state.contains(.unbound) { storage.remove(self) }
  }

  @inlinable
  var leaf: ObservedLeaf {
    ObservedLeaf(
      keyPath: keyPath, chain: [ChainHop(keyPath: keyPath, throughOptional: nil)],
      setter: setter, memberType: Value.self)
  }

  @inlinable
  var isDirectMode: Bool { true }

  /// The property's value on `source`, read untracked (an evaluation tracking this thread does not
  /// record it): through `reader`, the property's getter, when given, else through the key path.
  @inlinable
  static func currentValue(of source: Source, _ keyPath: KeyPath<Source, Value>, reader: KeyValueReader?) -> Value {
    // Outside every tracked evaluation (the usual case) the read records nothing anyway.
    if ThreadContext._currentTracking == nil {
      if let reader, let value = reader.value(of: source, as: Value.self) { return value }
      return source[keyPath: keyPath]
    }
    let context = ThreadContext.current
    let outer = context.tracking
    context.tracking = nil
    defer { context.tracking = outer }
    if let reader, let value = reader.value(of: source, as: Value.self) { return value }
    return source[keyPath: keyPath]
  }

  /// Writes the source's first value to the target, by address, as a change is written.
  @inlinable
  func deliverFirst(_ value: Value) {
    withUnsafePointer(to: value) { pointer in
      deliver(RawChange(id: id, oldValue: pointer, newValue: pointer, valueType: ObjectIdentifier(Value.self)))
    }
  }

  /// Keeps the old value of the first change of a coalesced block, in the coalesced block.
  @inlinable
  func deferChange(_ change: RawChange, kept: inout Any?) {
    guard kept == nil, !isUnbound else { return }
    kept = change.oldValue(as: Value.self) as Any
  }

  /// The source was deallocated: the binding ends.
  @inlinable
  func observedObjectDidDeinit() {
    unbind()
  }

  /// Writes the property's final value at the end of a coalesced block, unless it ends where it began.
  @inlinable
  func flushDeferred(kept: Any?) {
    guard !isUnbound else { return }
    guard let source = liveTypedSource else {
      unbind()
      return
    }
    let value = source[keyPath: keyPath]
    if let old = kept as? Value, let isEqual = makeEquality(Value.self), isEqual(old, value) { return }
    deliverFirst(value)
  }
}

/// A ``DirectPropertyBinding`` whose target property has another type: each change is converted, then
/// written by address.
@usableFromInline
final class ConvertingPropertyBinding<Source: AnyObject, Value, TargetValue>: DirectPropertyBinding<Source, Value>,
  @unchecked Sendable
{
  /// Converts a source value for the target.
  @usableFromInline
  let toTarget: (Value) -> TargetValue
  /// Converts by address, when the binding's source made the conversion where its types are known: a
  /// change then goes from the source's address to the target's setter with no value copied here.
  @usableFromInline
  let toTargetByAddress: ConversionByAddress?
  /// Whether ``toTargetByAddress`` was given (asked first, so the closure is called in place, not
  /// copied out of an optional with a retain of its context).
  @usableFromInline
  let convertsByAddress: Bool

  @inlinable
  init(
    source: Source,
    keyPath: KeyPath<Source, Value>,
    sourcePathText: String?,
    id: PropertyID,
    setter: RawSetter?,
    storage: RegistrarStorage,
    target: any KeyValueObservable,
    targetKeyPath: AnyKeyPath,
    targetPropertyID: PropertyID,
    targetSetter: @escaping RawSetter,
    toTarget: @escaping (Value) -> TargetValue,
    toTargetByAddress: ConversionByAddress?,
    options: BindingOptions,
    file: StaticString,
    line: UInt
  ) {
    self.toTarget = toTarget
    self.toTargetByAddress = toTargetByAddress
    self.convertsByAddress = toTargetByAddress != nil
    super.init(
      source: source, keyPath: keyPath, sourcePathText: sourcePathText, id: id, setter: setter, storage: storage,
      target: target,
      targetKeyPath: targetKeyPath, targetPropertyID: targetPropertyID, targetSetter: targetSetter, options: options,
      file: file, line: line)
  }

  /// A change of the source property: converted, then written by address (by address all the way when
  /// the conversion can be, unless a delegate is to see the converted value).
  @inlinable
  override func deliver(_ change: RawChange) {
    guard change.valueType == ObjectIdentifier(Value.self), !isUnbound, !isWritingOnThisThread else { return }
    guard let target = liveTarget else {
      unbind()
      return
    }
    if convertsByAddress, !state.contains(.mayHaveDelegate) {
      writing({ toTargetByAddress?(change.newValue) { targetSetter(target, $0) } }, echoes: .targetWritesEcho)
      return
    }
    let converted = toTarget(change.newValue.assumingMemoryBound(to: Value.self).pointee)
    updateTarget(with: converted) {
      withUnsafePointer(to: converted) { targetSetter(target, UnsafeRawPointer($0)) }
    }
  }
}
