import Bindery

/// Add and Remove while a front end waits for saves (a web page, ``Bindery/UserEditing/handOff(_:)``):
/// the controller changes at once, the database is written on the content's own thread, and the
/// front end finishes the change where it was made once the database has answered, so a slow
/// database holds up only the tab that asked.
extension StoredContent {
  /// An Add whose row is on its way to the database: the object, the values sent, the database's
  /// answer once it came, and the observations that hear edits of the object meanwhile.
  final class PendingInsert: @unchecked Sendable {
    // Unchecked: `object` and `observations` are used only where edits are applied; the answer is
    // behind its lock.
    let object: Model
    let values: [StoreValue]
    let answer = StoreAnswer(nil)
    var observations: [KeyValueObservation] = []

    init(object: Model, values: [StoreValue]) {
      self.object = object
      self.values = values
    }
  }

  /// Adds `object` at once and inserts its row on the content's thread: `true`, or what a plain Add
  /// gives when nobody takes the wait.
  func insertHandingOff(_ object: Model) -> Bool {
    let values = entity.columns.map { $0.read(object) }
    let insert = PendingInsert(object: object, values: values)
    let pending = PendingSave { [weak self] in self?.finishInsert(insert) }
    guard UserEditing.handOff(pending) else { return self.insert([(object, nil)], at: nil) }
    let objectID = ObjectIdentifier(object)
    insert.observations = entity.columns.enumerated().map { index, column in
      column.observe(object) { [weak self] value in self?.columnChanged(objectID, index, value) }
    }
    state.withLock { $0.pendingInserts[objectID] = insert }
    let change = StoreChange.insert(table: entity.table, id: nil, columns: columnNames, values: values)
    write([change], answering: insert.answer, then: pending)
    return true
  }

  /// An edit of an object whose Add is on its way: the edit's front end waits for the Add too, and
  /// hears if it failed.
  func waitForInsert(_ insert: PendingInsert) {
    let pending = PendingSave { [weak self] in self?.finishInsert(insert) }
    guard UserEditing.handOff(pending) else { return }
    worker.async { pending.markDone() }  // after the insert: the worker writes in order
  }

  /// Ends an Add once the database answered; called by every front end that waited for it. A
  /// failure reaches each of them; the first one takes the object out again. On success the first
  /// one keeps the object as its row, registers the undo step, and saves what was edited meanwhile;
  /// a row whose object was removed meanwhile is deleted.
  func finishInsert(_ insert: PendingInsert) {
    guard let answer = insert.answer.withLock({ $0 }) else { return }
    let objectID = ObjectIdentifier(insert.object)
    let first = state.withLock { state -> Bool in
      guard state.pendingInserts[objectID] === insert else { return false }
      state.pendingInserts[objectID] = nil
      return true
    }
    if first {
      for observation in insert.observations { observation.unbind() }
      insert.observations = []
    }
    switch answer {
    case .failure(let error):
      guard first else { return UserEditing.reportFailure(error) }
      host.remove([objectID])
      _ = report(error)
    case .success(let ids):
      guard first, let rowID = ids.first else { return }
      guard host.index(insert.object) != nil else {
        let table = entity.table
        _ = try? inOrder { () throws(StoreError) in try store.apply([.delete(table: table, ids: [rowID])]) }
        return
      }
      keep(insert.object, id: rowID, saved: insert.values, written: true)
      let kept = [insert.object]
      history?.register(editor: nil) { [weak self] in self?.delete(kept, fromHost: true, expectingWritten: true) }
      let edited = entity.columns.indices.filter { entity.columns[$0].read(insert.object) != insert.values[$0] }
      guard !edited.isEmpty else { return }
      state.withLock { state in
        state.dirty[objectID] = Set(edited)
        state.dirtyOrder.append(objectID)
      }
      try? save(editor: nil)
    }
  }

  /// Removes `objects` at once (they stop being saved) and deletes their rows on the content's
  /// thread: `true`. If the database refuses, they are put back where they were.
  func deleteHandingOff(_ objects: [Model]) -> Bool {
    let kept = state.withLock { state in
      objects.compactMap { object in state.records[ObjectIdentifier(object)].map { (object, $0) } }
    }
    guard !kept.isEmpty else { return true }
    let answer = StoreAnswer(nil)
    let positions = kept.map { host.index($0.0) }
    let pending = PendingSave { [weak self] in
      self?.finishDelete(kept, positions: positions, failure: answer.withLock { $0?.failure })
    }
    guard UserEditing.handOff(pending) else { return delete(objects, fromHost: false) }
    _ = release(Set(kept.map { ObjectIdentifier($0.0) }))
    write([.delete(table: entity.table, ids: kept.map(\.1.id))], answering: answer, then: pending)
    return true
  }

  /// Ends a Remove once the database answered: after a failure the objects come back where they
  /// were, kept and saved again, and the failure is reported; else the undo step is registered.
  private func finishDelete(_ kept: [(Model, Record)], positions: [Int?], failure: StoreError?) {
    let order = zip(kept, positions).sorted { ($0.1 ?? .max) < ($1.1 ?? .max) }
    if let failure {
      for ((object, record), position) in order {
        keep(object, id: record.id, saved: record.saved)
        host.insert(object, position)
      }
      _ = report(failure)
      return
    }
    history?.register(editor: nil) { [weak self] in
      _ = self?.insert(order.map { ($0.0.0, $0.0.1.id) }, at: order.map(\.1))
    }
  }
}
