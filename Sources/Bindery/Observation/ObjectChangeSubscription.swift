/// Calls a closure after every change of any observable property of one object: one subscription
/// for an object however many of its properties something reads.
///
/// An array controller keeps one for each object of its content whose sort keys and filter read
/// only the object's own properties (``OwnPropertyReads``): a new sort order or filter then reads the
/// keys again with no observation made or ended, where an observation of each read would be made
/// anew for every object.
///
/// The subscription lasts until ``cancel()``; it holds its closure, not the object.
package final class ObjectChangeSubscription: _RegistrarSubscriber, @unchecked Sendable {
  private let handler: () -> Void

  /// Subscribes `handler` to every change of the object whose reads ``OwnPropertyReads`` found.
  package init(_ object: ObservedObject, handler: @escaping () -> Void) {
    self.handler = handler
    super.init(
      key: SlotKey(id: .anyProperty, channel: .anyChange), storage: object.storage, needsOldValue: false)
    object.storage.add(self)
  }

  override func deliver(_ change: RawChange) { handler() }

  /// Ends the subscription; the closure is not called again. Cancelling twice does nothing.
  override package func cancel() { storage.remove(self) }
}

/// An object whose observable properties an evaluation read: what ``ObjectChangeSubscription``
/// subscribes to.
package struct ObservedObject {
  let storage: RegistrarStorage
}

/// What one evaluation over an object read of observable properties (``OwnPropertyReads``).
package enum ObjectReads {
  /// No observable property: nothing to follow.
  case nothing
  /// Only the object's own properties: an ``ObjectChangeSubscription`` to the object hears every
  /// change that can change the result.
  case own(ObservedObject)
  /// A property of some other object too (a relationship, `department.name`): only an observation
  /// of each read follows it.
  case others
}

/// Evaluations of one object each, recording only whether each read its own object's properties or
/// others too: the reads of one evaluation are forgotten before the next, so evaluating every object
/// of a large content records no more than one object's reads at a time.
///
/// ```swift
/// withOwnPropertyReads { reads in
///   for person in people {
///     if case .own(let object) = reads.evaluate(person, { _ = person.lastName }) { … }
///   }
/// }
/// ```
package struct OwnPropertyReads: ~Copyable {
  let list: AccessList

  /// Runs `body`, a read of properties of `object`, and tells what it read.
  package func evaluate(_ object: AnyObject, _ body: () -> Void) -> ObjectReads {
    list.records.removeAll(keepingCapacity: true)
    body()
    guard let first = list.records.first else { return .nothing }
    for record in list.records where record.object !== object { return .others }
    return .own(ObservedObject(storage: first.storage))
  }
}

/// Runs `body` with evaluations that record what each reads (``OwnPropertyReads``), on this thread:
/// one tracking scope for all of them.
package func withOwnPropertyReads<Result>(_ body: (borrowing OwnPropertyReads) throws -> Result) rethrows -> Result {
  let (result, list) = try AccessList.tracking { () throws -> Result in
    // The list `tracking` made is this thread's; a list of its own, which nothing reads into, would
    // only make every evaluation read nothing.
    try body(OwnPropertyReads(list: ThreadContext._currentTracking ?? AccessList()))
  }
  list.recycle()
  return result
}
