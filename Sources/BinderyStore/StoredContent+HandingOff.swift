import Bindery

/// Add and Remove while a front end waits for saves (a web page, ``Bindery/UserEditing/handOff(_:)``):
/// the controller changes at once, the database is written on the content's own thread, and the
/// front end finishes the change where it was made once the database has answered, so a slow
/// database holds up only the tab that asked.
extension StoredContent {
  /// An Add whose row is on its way to the database: the object, the values sent, the database's
  /// answer once it came (shared by the rows inserted together; this one's id is at `index`), and
  /// the observations that hear edits of the object meanwhile.
  final class PendingInsert: @unchecked Sendable {
    // Unchecked: `object` and `observations` are used only where edits are applied; the answer is
    // behind its lock.
    let object: Model
    let values: [StoreValue]
    let answer: StoreAnswer
    let index: Int
    var observations: [KeyValueObservation] = []

    /// The row's id, once the database gave it.
    var answeredID: Int64? {
      answer.withLock { outcome in
        guard case .success(let ids)? = outcome?.result, index < ids.count else { return nil }
        return ids[index]
      }
    }

    init(object: Model, values: [StoreValue], answer: StoreAnswer = StoreAnswer(nil), index: Int = 0) {
      self.object = object
      self.values = values
      self.answer = answer
      self.index = index
    }
  }

  /// Adds `object` at once and inserts its row on the content's thread: `true`, or what a plain Add
  /// gives when nobody takes the wait.
  func insertHandingOff(_ object: Model) -> Bool {
    let values = entity.columns.map { $0.read(object) }
    let insert = PendingInsert(object: object, values: values)
    let pending = PendingSave { [weak self] in self?.finishInsert(insert) }
    guard UserEditing.handOff(pending) else { return insertNow([(object, nil)], at: nil) }
    hearEdits(of: insert)
    let change = StoreChange.insert(table: entity.table, id: nil, columns: columnNames, values: values)
    write([change], answering: insert.answer, then: pending)
    return true
  }

  /// Puts `objects` back at `positions` at once (undo of a Remove, redo of an Add) and inserts their
  /// rows, with their old ids, on the content's thread: `true`. If the database refuses, they are
  /// taken out again and the failure is reported once; else one undo step deletes them all again.
  func insertHandingOff(_ objects: [(Model, Int64?)], at positions: [Int?]) -> Bool {
    let answer = StoreAnswer(nil)
    let inserts = objects.enumerated().map { index, object in
      PendingInsert(object: object.0, values: entity.columns.map { $0.read(object.0) }, answer: answer, index: index)
    }
    let pending = PendingSave { [weak self] in
      guard let self else { return }
      let kept = inserts.filter { self.finishInsert($0, registering: false) }.map(\.object)
      guard !kept.isEmpty else { return }
      self.history?.register(editor: nil) { [weak self] in
        self?.delete(kept, fromHost: true, expectingWritten: true)
      }
    }
    guard UserEditing.handOff(pending) else { return insertNow(objects, at: positions) }
    for (insert, position) in zip(inserts, positions) {
      hearEdits(of: insert)
      host.insert(insert.object, position)
    }
    let changes = zip(objects, inserts).map { object, insert in
      StoreChange.insert(table: entity.table, id: object.1, columns: columnNames, values: insert.values)
    }
    write(changes, answering: answer, then: pending)
    return true
  }

  /// Hears edits of the object of `insert` while its row is on its way (they are saved when it lands).
  private func hearEdits(of insert: PendingInsert) {
    let objectID = ObjectIdentifier(insert.object)
    insert.observations = entity.columns.enumerated().map { index, column in
      column.observe(insert.object) { [weak self] value in self?.columnChanged(objectID, index, value) }
    }
    state.withLock { $0.pendingInserts[objectID] = insert }
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
  /// one keeps the object as its row, registers the undo step (when `registering`), and saves what
  /// was edited meanwhile; a row whose object was removed meanwhile is deleted. Returns whether this
  /// call kept the object.
  @discardableResult
  func finishInsert(_ insert: PendingInsert, registering: Bool = true) -> Bool {
    guard let answer = insert.answer.withLock({ $0?.result }) else { return false }
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
      guard first else {
        if insert.index == 0 { UserEditing.reportFailure(error) }
        return false
      }
      host.remove([objectID])
      // Rows inserted together failed together: reported once.
      if insert.index == 0 { _ = report(error) }
      return false
    case .success(let ids):
      guard first, insert.index < ids.count else { return false }
      let rowID = ids[insert.index]
      guard host.index(insert.object) != nil else {
        let table = entity.table
        _ = try? applyInOrder([.delete(table: table, ids: [rowID])])
        return false
      }
      keep(insert.object, id: rowID, saved: insert.values, written: true)
      if registering {
        let kept = [insert.object]
        history?.register(editor: nil) { [weak self] in self?.delete(kept, fromHost: true, expectingWritten: true) }
      }
      let edited = entity.columns.indices.filter { entity.columns[$0].read(insert.object) != insert.values[$0] }
      guard !edited.isEmpty else { return true }
      state.withLock { state in
        state.dirty[objectID] = Set(edited)
        state.dirtyOrder.append(objectID)
      }
      try? save(editor: nil)
      return true
    }
  }

  /// Removes `objects` at once (they stop being saved; with `fromHost`, the content takes them out
  /// too: undo of an Add) and deletes their rows on the content's thread. If the database refuses,
  /// they are put back where they were. With `expectingWritten`, each row must still hold what this
  /// content last wrote to it (nobody else edited it since): after a conflict the objects come back
  /// with the row's values as they are now.
  func deleteHandingOff(_ objects: [Model], fromHost: Bool, expectingWritten: Bool) -> Bool {
    let kept = state.withLock { state in
      objects.compactMap { object in state.records[ObjectIdentifier(object)].map { (object, $0) } }
    }
    guard !kept.isEmpty else { return !fromHost }
    let changes = deleteChanges(for: kept, expectingWritten: expectingWritten)
    let answer = StoreAnswer(nil)
    let positions = kept.map { host.index($0.0) }
    let pending = PendingSave { [weak self] in
      self?.finishDelete(kept, positions: positions, outcome: answer.withLock { $0 })
    }
    guard UserEditing.handOff(pending) else {
      return deleteNow(objects, fromHost: fromHost, expectingWritten: expectingWritten)
    }
    let gone = Set(kept.map { ObjectIdentifier($0.0) })
    _ = release(gone)
    if fromHost { host.remove(gone) }
    let reloading = expectingWritten ? kept.map(\.1.id) : []
    write(changes, answering: answer, reloadingOnConflict: reloading, then: pending)
    return true
  }

  /// Ends a Remove once the database answered: after a failure the objects come back where they
  /// were, kept and saved again (after a conflict, with their rows' values as they are now), and the
  /// failure is reported; else the undo step is registered.
  private func finishDelete(_ kept: [(Model, Record)], positions: [Int?], outcome: StoreOutcome?) {
    let order = zip(kept, positions).sorted { ($0.1 ?? .max) < ($1.1 ?? .max) }
    if let failure = outcome?.failure {
      let now = Dictionary(
        (outcome?.reloaded ?? []).map { ($0.id, $0.values) }, uniquingKeysWith: { first, _ in first })
      for ((object, record), position) in order {
        let values = now[record.id].flatMap { $0.count == record.saved.count ? $0 : nil }
        keep(object, id: record.id, saved: values ?? record.saved)
        if values != nil, let kept = state.withLock({ $0.records[ObjectIdentifier(object)] }) {
          restoreSaved(kept, columns: Array(entity.columns.indices))
        }
        host.insert(object, position)
      }
      _ = report(failure)
      return
    }
    guard outcome != nil else { return }
    history?.register(editor: nil) { [weak self] in
      _ = self?.insert(order.map { ($0.0.0, $0.0.1.id) }, at: order.map(\.1))
    }
  }
}
