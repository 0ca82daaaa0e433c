public import Synchronization

// What the observation core carries for a ``KeyValueArray`` property: the mutation its accessor
// recorded, handed to subscribers beside the change so they can apply it instead of diffing.

extension KeyValueRegistrar {
  /// Reports that a ``KeyValueArray`` property was mutated through its accessor, with what the
  /// mutation recorded (the macro's `_modify` accessor calls it); `old` is `new` when the array was
  /// mutated in place.
  @inlinable
  public func _didModify<Object: AnyObject, Element>(
    _ object: Object,
    _ id: PropertyID,
    _ keyPath: @autoclosure () -> KeyPath<Object, KeyValueArray<Element>>,
    from old: KeyValueArray<Element>,
    to new: KeyValueArray<Element>,
    journal: _KeyValueArrayJournal<Element>
  ) {
    guard storage.changeFilter.load(ordering: .relaxed) & id.filterBit != 0 else { return }
    withUnsafePointer(to: journal) { journalPointer in
      _notify(id, .change, from: old, to: new, journal: UnsafeRawPointer(journalPointer))
    }
  }
}

extension RawChange {
  /// What the ``KeyValueArray`` mutation recorded, if the value is a `KeyValueArray<Element>`
  /// mutated through its property's accessor.
  @inline(__always)
  @usableFromInline
  func journal<Element>(of type: Element.Type) -> _CollectionJournal<Element>? {
    guard let journal, valueType == ObjectIdentifier(KeyValueArray<Element>.self) else { return nil }
    return journal.assumingMemoryBound(to: _KeyValueArrayJournal<Element>.self).pointee.journal
  }
}
