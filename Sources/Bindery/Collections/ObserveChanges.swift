/// Observes a to-many property (an array) of an object: the handler gets one ``CollectionChange``
/// per change, with the exact indexes, and the new elements.
///
/// ```swift
/// let token = observeChanges(controller, \.people) { change, people in
///   list.apply(change, people)  // -[2] +[0] ~[5→1] …
/// }
/// controller.people.append(ada)   // +[n]
/// controller.people.remove(at: 0)  // -[0]
/// controller.people.sort { $0.lastName < $1.lastName }  // moves
/// ```
///
/// Elements are matched by identity (objects) or equality (`Hashable` values). The unchanged ends of
/// the array are skipped, so an append, an insert, a removal, a replaced range or a move reports
/// exactly that; the rest is matched by key, and elements that kept their order stay while the
/// fewest possible move. Mutations inside ``withCoalescedChanges(_:)`` arrive as one change. Plain
/// observers of the property (``observe(_:_:options:_:)``) get the new array as before.
///
/// - Returns: A token; the observation lasts until it is unbound or deallocated.
public func observeChanges<Object: AnyObject, Element>(
  _ object: Object,
  _ keyPath: KeyPath<Object, [Element]>,
  _ handler: @escaping (CollectionChange, [Element]) -> Void
) -> KeyValueObservation {
  observeChanges(object, keyPath) { change, _, elements in handler(change, elements) }
}

/// Observes a to-many property (an array) of an object, like the `(change, new)` form, and
/// also hands the handler the elements before the change (to know which objects were removed).
///
/// The observation keeps its own copy of the elements (in a buffer of its own, updated change by
/// change), so the observed array is never shared with it: a model's array property mutated through
/// the usual array API (`append`, `insert`, `remove(at:)`, …) is mutated in place, and the change is
/// found by comparing the copy with the new elements (the unchanged ends by address, the rest by key).
///
/// ```swift
/// let token = observeChanges(model, \.people) { change, old, new in
///   for index in change.removed { print("removed", old[index].name) }
/// }
/// ```
public func observeChanges<Object: AnyObject, Element>(
  _ object: Object,
  _ keyPath: KeyPath<Object, [Element]>,
  _ handler: @escaping (CollectionChange, _ old: [Element], _ new: [Element]) -> Void
) -> KeyValueObservation {
  let mirror = CollectionMirror<Element>(object[keyPath: keyPath])
  let observer = ValueObserver<[Element]>(
    evaluate: { [weak object] in object.map { $0[keyPath: keyPath] } },
    root: object,
    directKeyPath: keyPath,
    needsOldValue: false,
    deliver: { _, new, kind in
      guard kind == .change else { return }
      let difference = CollectionChange.between(anyOf: mirror.elements, new)
      guard !difference.isEmpty else { return }
      handler(difference, mirror.elements, new)
      mirror.apply(difference, new)
    }
  )
  observer.start(initial: false)
  return KeyValueObservation { observer.cancel() }
}

/// The elements of an observed array as they were before its latest change, in a buffer of their own.
final class CollectionMirror<Element> {
  private(set) var elements: [Element] = []

  init(_ elements: [Element]) {
    self.elements.append(contentsOf: elements)  // a copy: never the observed array's buffer
  }

  /// Brings the copy up to date: a few insertions, removals and replacements in place, anything else
  /// by copying the new elements.
  func apply(_ change: CollectionChange, _ new: [Element]) {
    if change.moved.isEmpty, change.removed.count + change.inserted.count + change.updated.count <= 16 {
      for index in change.removed.reversed() { elements.remove(at: index) }
      for index in change.inserted { elements.insert(new[index], at: index) }
      for index in change.updated { elements[index] = new[index] }
    } else {
      elements.removeAll(keepingCapacity: true)
      elements.append(contentsOf: new)
    }
  }
}
