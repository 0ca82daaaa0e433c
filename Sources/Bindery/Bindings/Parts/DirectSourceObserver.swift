/// The observer of a binding whose source path is one observable property of the source (`\.value`,
/// not a chain or a computed property): one subscription to that property, whose changes go by address
/// to the target, with no tracked re-evaluation and no copy of the value kept.
///
/// Inside a transaction, the property's final value is written once, and not at all when it ends
/// where it began.
@usableFromInline
final class DirectSourceObserver<Source: AnyObject, Value>: Subscriber, ObservedSource, DeferredDelivery,
  @unchecked Sendable
{
  @usableFromInline
  let keyPath: KeyPath<Source, Value>
  @usableFromInline
  let setter: RawSetter?
  /// The binding, whose source is the one observed (read through the binding's weak reference: the
  /// observer keeps none of its own).
  @usableFromInline
  let binding: PropertyBinding
  /// Writes the target's property, of the source property's type, from a change's address.
  @usableFromInline
  let targetSetter: RawSetter?
  /// What a change does when there is no ``targetSetter`` (a converted write).
  @usableFromInline
  let handler: ((RawChange) -> Void)?

  /// Observes `keyPath` of `source`, the observable property `id` (written by `setter`) of the
  /// registrar whose storage is `storage`, with `handler` (what a change does: writes the target
  /// converted; also what the end of a transaction does), or, for a target property of the same type,
  /// `targetSetter` (the change written by address); call ``start()`` next. The observer is its own
  /// subscriber: one object.
  @inlinable
  init(
    source: Source,
    keyPath: KeyPath<Source, Value>,
    id: PropertyID,
    setter: RawSetter?,
    binding: PropertyBinding,
    storage: RegistrarStorage,
    handler: ((RawChange) -> Void)?,
    targetSetter: RawSetter?
  ) {
    self.keyPath = keyPath
    self.setter = setter
    self.binding = binding
    self.targetSetter = targetSetter
    self.handler = targetSetter == nil ? handler : nil
    super.init(key: SlotKey(id: id, channel: .change), storage: storage)
  }

  /// The source, while it exists: the binding's.
  @inlinable
  var source: Source? {
    guard let object = binding.liveSource else { return nil }
    return unsafeDowncast(object, to: Source.self)
  }

  /// A change of the source property: written to the target by address (same type), or handed to the
  /// handler.
  @inlinable
  override func deliver(_ change: RawChange) {
    guard let targetSetter else {
      handler?(change)
      return
    }
    guard change.valueType == ObjectIdentifier(Value.self), !binding.isUnbound, !binding.isWritingOnThisThread
    else { return }
    guard let target = binding.liveTarget else {
      binding.unbind()
      return
    }
    binding.updateTarget(with: change.newValue.assumingMemoryBound(to: Value.self).pointee) {
      targetSetter(target, change.newValue)
    }
  }

  /// The source was deallocated: the binding ends.
  @inlinable
  override func ownerDidDeinit() {
    binding.unbind()
  }

  /// The property's identifier in the source's registrar.
  @inlinable
  var id: PropertyID { key.id }

  /// This observer takes its own changes at the end of a transaction.
  @inlinable
  override var deferredDelivery: (any DeferredDelivery)? { self }

  /// Subscribes to changes of the property in the source's registrar (not if the binding is already
  /// unbound: only unbinding cancels the observer, so the binding's flag is the observer's).
  @inlinable
  func start() {
    guard !binding.state.contains(.unbound) else { return }
    storage.add(self)
    // A cancel that ran meanwhile may have found nothing to remove.
    if binding.state.contains(.unbound) { storage.remove(self) }
  }

  @inlinable
  var leaf: ObservedLeaf {
    ObservedLeaf(
      object: source, keyPath: keyPath, chain: [ChainHop(keyPath: keyPath, throughOptional: nil)], setter: setter,
      memberType: Value.self)
  }

  @inlinable
  var isDirectMode: Bool { true }

  /// The property's value on `source`, read untracked (an evaluation tracking this thread does not
  /// record it): through `reader`, the property's getter, when given, else through the key path.
  @inlinable
  func currentValue(of source: Source, reader: KeyValueReader?) -> Value {
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

  /// Keeps the old value of the first change of a transaction, in the transaction.
  @inlinable
  func deferChange(_ change: RawChange, kept: inout Any?) {
    guard kept == nil, !binding.isUnbound else { return }
    kept = change.oldValue(as: Value.self) as Any
  }

  /// The source was deallocated: the binding ends.
  @inlinable
  func observedObjectDidDeinit() {
    binding.unbind()
  }

  /// Writes the property's final value at the end of a transaction, unless it ends where it began.
  @inlinable
  func flushDeferred(kept: Any?) {
    guard !binding.isUnbound else { return }
    guard let source else {
      binding.unbind()
      return
    }
    let value = source[keyPath: keyPath]
    if let old = kept as? Value, let isEqual = makeEquality(Value.self), isEqual(old, value) { return }
    withUnsafePointer(to: value) { pointer in
      deliver(RawChange(id: id, oldValue: pointer, newValue: pointer, valueType: ObjectIdentifier(Value.self)))
    }
  }
}
