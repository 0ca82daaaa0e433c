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
/// fewest possible move. Mutations inside ``withTransaction(_:)`` arrive as one change. Plain
/// observers of the property (``observe(_:_:options:_:)``) get the new array as before.
///
/// - Returns: A token; the observation lasts until it is cancelled or deallocated.
public func observeChanges<Subject: AnyObject, Element>(
  _ subject: Subject,
  _ keyPath: KeyPath<Subject, [Element]>,
  _ handler: @escaping (CollectionChange, [Element]) -> Void
) -> ObservationToken {
  observe(subject, keyPath) { change in
    let old = change.oldValue ?? []
    let difference = CollectionChange.between(anyOf: old, change.newValue)
    guard !difference.isEmpty else { return }
    handler(difference, change.newValue)
  }
}
