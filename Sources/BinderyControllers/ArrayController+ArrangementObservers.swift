public import Bindery

extension ArrayController {
  /// Calls `handler` with each change of the arrangement, with exact indexes, and the new arranged
  /// objects; applying the changes in order to the previous arrangement gives the new one.
  ///
  /// The arranged objects come as an ``ArrangedObjects`` view (a random-access collection), not an
  /// array, so that a change costs no copy of the arrangement: `Array(arranged)` makes one.
  public func observeArrangement(
    _ handler: @escaping (CollectionChange, ArrangedObjects<Element>) -> Void
  ) -> KeyValueObservation {
    let id = _nextObserverID
    _nextObserverID += 1
    _arrangementObservers.append((id, handler))
    let owner = WeakReference(self)
    return KeyValueObservation { owner.object?._arrangementObservers.removeAll { $0.id == id } }
  }

  // Reporting takes the arrangement as it is, after the change: the arranging itself is done before
  // any of these is called, whether or not anything observes (nothing that changes the controller's
  // state may sit in an argument that is evaluated only for observers).

  /// Reports that the object at `index` was inserted (the change is made only for observers).
  func publishInsertion(at index: Int) {
    guard !_arrangementObservers.isEmpty else { return }
    publish(CollectionChange(inserted: [index]))
  }

  /// Reports that the object at `index` was removed (the change is made only for observers).
  func publishRemoval(at index: Int) {
    guard !_arrangementObservers.isEmpty else { return }
    publish(CollectionChange(removed: [index]))
  }

  /// Reports that an object moved (the change is made only for observers).
  func publishMove(from: Int, to: Int) {
    guard !_arrangementObservers.isEmpty else { return }
    publish(CollectionChange(moved: [.init(from: from, to: to)]))
  }

  /// Hands `change` to the arrangement observers.
  func publish(_ change: CollectionChange) {
    guard !change.isEmpty else { return }
    let snapshot = ArrangedObjects<Element>(_storage)
    for observer in _arrangementObservers { observer.handler(change, snapshot) }
  }
}
