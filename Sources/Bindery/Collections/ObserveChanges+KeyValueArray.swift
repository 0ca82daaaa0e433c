/// Observes a to-many ``KeyValueArray`` property of an object: the handler gets one
/// ``CollectionChange`` per change, with the exact indexes, and the new elements.
///
/// ```swift
/// let token = observeChanges(team, \.members) { change, members in
///   list.apply(change, members)
/// }
/// team.members.append(ada)  // +[n], without comparing the elements
/// ```
///
/// - Returns: A token; the observation lasts until it is unbound or deallocated.
public func observeChanges<Object: AnyObject, Element>(
  _ object: Object,
  _ keyPath: KeyPath<Object, KeyValueArray<Element>>,
  _ handler: @escaping (CollectionChange, [Element]) -> Void
) -> KeyValueObservation {
  observeChanges(object, keyPath) { change, _, elements in handler(change, elements) }
}

/// Observes a to-many ``KeyValueArray`` property of an object, like the `(change, new)` form, and
/// also hands the handler the elements before the change (to know which objects were removed).
///
/// A mutation through the property (`append`, `insert`, `remove(at:)`, a subscript set, a replaced
/// range, `move(from:to:)`) is recorded as it happens: the change is exactly that, found without
/// comparing the elements, and the elements before it are read through the new ones (no copy).
/// Several mutations at once (`removeAll(where:)`, a sort, a ``withCoalescedChanges(_:)``) and a new
/// array assigned to the property are compared with the elements before.
///
/// ```swift
/// let token = observeChanges(team, \.members) { change, old, new in
///   for index in change.removed { print("left:", old[index].name) }
/// }
/// ```
public func observeChanges<Object: AnyObject, Element>(
  _ object: Object,
  _ keyPath: KeyPath<Object, KeyValueArray<Element>>,
  _ handler: @escaping (CollectionChange, _ old: ElementsBeforeChange<Element>, _ new: [Element]) -> Void
) -> KeyValueObservation {
  // A change compared with the elements before: a new array, a coalesced block, a path through other
  // objects.
  func deliverComparing(_ old: KeyValueArray<Element>, _ new: KeyValueArray<Element>) {
    let change = CollectionChange.between(anyOf: old.elements, new.elements)
    guard !change.isEmpty else { return }
    handler(change, ElementsBeforeChange(old.elements), new.elements)
  }
  let observer = ValueObserver<KeyValueArray<Element>>(
    evaluate: { [weak object] in object.map { $0[keyPath: keyPath] } },
    root: object,
    directKeyPath: keyPath,
    needsOldValue: false,
    deliver: { old, new, kind in
      guard kind == .change, let old else { return }
      deliverComparing(old, new)
    }
  )
  observer.directChangeHandler = { raw in
    guard let new = raw.newValue(as: KeyValueArray<Element>.self) else { return }
    if let journal = raw.journal(of: Element.self) {
      let change = journal.change(to: new.elements)
      guard !change.isEmpty else { return }
      handler(change, ElementsBeforeChange(journal, new: new.elements), new.elements)
    } else if let old = raw.oldValue(as: KeyValueArray<Element>.self) {
      deliverComparing(old, new)
    }
  }
  observer.oldValueOfChange = { raw in
    guard let new = raw.newValue(as: KeyValueArray<Element>.self) else { return nil }
    guard let journal = raw.journal(of: Element.self) else { return raw.oldValue(as: KeyValueArray<Element>.self) }
    return KeyValueArray(Array(ElementsBeforeChange(journal, new: new.elements)))
  }
  observer.start(initial: false)
  return KeyValueObservation { observer.cancel() }
}
