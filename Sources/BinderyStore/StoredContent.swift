import Bindery
public import BinderyControllers
import Dispatch
import Logging

/// A controller's content kept in a database (Cocoa's entity mode): the rows of an entity's table,
/// fetched by a filter and a sort, one object per row.
///
/// Made by `bindContent(to: .rows(of:in:…))` on an ``BinderyControllers/ArrayController`` or
/// ``BinderyControllers/ObjectController``, which keeps it: Add inserts a row, Remove deletes the
/// rows, and every edit of a mapped property, through a binding or from code, is saved (at once, or
/// when editing ends: ``StoreSavePolicy``). A save the database refuses leaves the database as it
/// was and sets the object back to its saved value; a model that is ``StoreValidating`` refuses
/// such a value before it is written, so the field shows why.
///
/// Safe to use from any thread; the store is called on the thread that made the change.
public final class StoredContent<Model: AnyObject>: @unchecked Sendable {
  /// The database.
  public let store: any RecordStore
  /// The table and its mapping to `Model`.
  public let entity: StoreEntity<Model>
  /// Where saved edits are registered for undo, if anywhere.
  public let history: EditHistory?
  /// What the content fetches.
  public let query: StoreQuery

  /// When edits are saved; ``StoreSavePolicy/immediately`` by default.
  public var savePolicy: StoreSavePolicy {
    get { state.withLock { $0.policy } }
    set { state.withLock { $0.policy = newValue } }
  }

  /// The last error a save, an insert or a delete met, if any.
  public var lastError: StoreError? { state.withLock { $0.lastError } }

  /// Called with each error a save, an insert or a delete meets (after the database and the objects
  /// are back as they were), on the thread that made the change.
  public var errorHandler: (@Sendable (StoreError) -> Void)? {
    get { state.withLock { $0.errorHandler } }
    set { state.withLock { $0.errorHandler = newValue } }
  }

  /// Whether edits are waiting to be saved.
  public var hasUnsavedChanges: Bool { state.withLock { !$0.dirtyOrder.isEmpty } }

  /// How many objects the content keeps in the database.
  public var count: Int { state.withLock { $0.records.count } }

  /// Whether the content still saves: ``unbind()`` was not called and its controller is alive.
  public var isBound: Bool { state.withLock { $0.isBound } }

  /// The row id of `object`, or `nil` when the content does not keep it.
  public func id(of object: Model) -> Int64? {
    state.withLock { $0.records[ObjectIdentifier(object)]?.id }
  }

  /// What the controller does for the content.
  struct Host {
    /// Puts an object into the controller's content at an index (`nil`: at the end).
    let insert: (Model, Int?) -> Void
    /// Takes objects out of the controller's content.
    let remove: (Set<ObjectIdentifier>) -> Void
    /// Where an object is in the controller's content.
    let index: (Model) -> Int?
    /// Lets the controller's Add and Remove change its own content again, unasked.
    let detach: (_ owner: ObjectIdentifier) -> Void
    /// Whether the controller holds one object (an object controller): the first row, and no other
    /// row another instance adds.
    var holdsOne = false
  }

  let host: Host
  let state = Locked(State())
  let columnNames: [String]
  /// Where the content writes to the store, one write at a time, in order: a save handed off to a
  /// front end that waits runs there while the edit's thread goes on.
  let worker = DispatchQueue(label: "bindery.store.content")
  private var editingEnds: KeyValueObservation?

  init(
    store: any RecordStore, entity: StoreEntity<Model>, query: StoreQuery, history: EditHistory?,
    policy: StoreSavePolicy, host: Host
  ) {
    self.store = store
    self.entity = entity
    self.query = query
    self.history = history
    self.host = host
    self.columnNames = entity.columns.map(\.name)
    state.withLock { $0.policy = policy }
    editingEnds = UserEditing.observe { [weak self] event, control in
      guard event == .ended, let self,
        self.state.withLock({ $0.pendingEditors.remove(control) != nil })
      else { return }
      try? self.save(editor: nil)
    }
  }

  deinit {
    let ids = state.withLock { Array($0.records.keys) }
    StoreValidation.forget(ids)
  }

  // MARK: Fetching

  /// Fetches the content's rows as new objects (nothing changes on failure).
  func fetchObjects() throws(StoreError) -> [(Model, StoreRow)] {
    let rows = try inOrder { () throws(StoreError) in try store.fetch(host.holdsOne ? query.limited(to: 1) : query) }
    var made: [(Model, StoreRow)] = []
    made.reserveCapacity(rows.count)
    for row in rows {
      made.append((try makeObject(for: row), row))
    }
    return made
  }

  /// An object with `row`'s values, or an error naming the row and column that do not fit.
  func makeObject(for row: StoreRow) throws(StoreError) -> Model {
    guard row.values.count == entity.columns.count else {
      throw StoreError(
        .wrongValue, "the row has \(row.values.count) values for \(entity.columns.count) columns",
        table: entity.table, row: row.id)
    }
    let object = entity.make()
    for (column, value) in zip(entity.columns, row.values) where !column.write(object, value) {
      throw StoreError(
        .wrongValue,
        "\(value.kindName) does not fit a \(column.type.rawValue) column\(column.admitsNull ? "" : " without NULL")",
        table: entity.table, row: row.id, column: column.name)
    }
    return object
  }

  /// Starts keeping `objects` (fetched, with their rows): their edits are saved from now on.
  func adopt(_ fetched: [(Model, StoreRow)]) {
    keep(fetched.map { ($0.0, $0.1.id, $0.1.values) })
  }

  /// Keeps `object` as the row `id`, its values as saved, and follows its properties; `written`
  /// when this content wrote those values (an insert).
  func keep(_ object: Model, id: Int64, saved: [StoreValue], written: Bool = false) {
    keep([(object, id, saved)], written: written)
  }

  /// Keeps each object as its row, its values as saved, and follows its properties.
  private func keep(_ objects: [(object: Model, id: Int64, saved: [StoreValue])], written: Bool = false) {
    var records: [(ObjectIdentifier, Record)] = []
    records.reserveCapacity(objects.count)
    for (object, id, saved) in objects {
      let objectID = ObjectIdentifier(object)
      var observations: [KeyValueObservation] = []
      observations.reserveCapacity(entity.columns.count)
      for (index, column) in entity.columns.enumerated() {
        observations.append(
          column.observe(object) { [weak self] value in self?.columnChanged(objectID, index, value) })
      }
      let record = Record(
        object: object, id: id, saved: saved, written: written ? saved : [], observations: observations)
      records.append((objectID, record))
    }
    state.withLock { state in
      state.records.reserveCapacity(state.records.count + records.count)
      state.rows.reserveCapacity(state.rows.count + records.count)
      for (objectID, record) in records {
        state.records[objectID] = record
        state.rows[record.id] = objectID
      }
    }
    StoreValidation.remember(records.map(\.0)) { [weak self] value, keyPath, objectID in
      try self?.validate(value, for: keyPath, of: objectID)
    }
  }

  /// Stops keeping the objects with these identities; returns their records.
  func release(_ ids: Set<ObjectIdentifier>) -> [Record] {
    let records = state.withLock { state in
      var released: [Record] = []
      for id in ids {
        if let record = state.records.removeValue(forKey: id) {
          released.append(record)
          if state.rows[record.id] == id { state.rows[record.id] = nil }
        }
        state.dirty[id] = nil
      }
      state.dirtyOrder.removeAll { ids.contains($0) }
      return released
    }
    StoreValidation.forget(Array(ids))
    for record in records { for observation in record.observations { observation.unbind() } }
    return records
  }

  // MARK: Saving

  /// A mapped property of a kept object changed: remembered to save, and saved now with
  /// ``StoreSavePolicy/immediately``.
  func columnChanged(_ id: ObjectIdentifier, _ column: Int, _ value: StoreValue) {
    let editor = UserEditing.controlBeingEdited
    var waitingInsert: PendingInsert?
    let saveNow = state.withLock { state -> Bool in
      guard state.isBound, let record = state.records[id] else {
        waitingInsert = state.pendingInserts[id]
        return false
      }
      if record.base(column) == value {
        state.dirty[id]?.remove(column)
        return false
      }
      if state.dirty[id, default: []].insert(column).inserted, state.dirty[id]?.count == 1 {
        state.dirtyOrder.append(id)
      }
      guard state.holdingSaves == 0 else { return false }
      guard state.policy == .whenEditingEnds, let editor else { return true }
      state.pendingEditors.insert(editor)
      return false
    }
    if saveNow { try? save(editor: editor, mayHandOff: editor != nil) }
    // An edit of an object whose Add is on its way waits for it (and is saved when it lands).
    if let waitingInsert { waitForInsert(waitingInsert) }
  }

  /// Saves every edit not saved yet, in one transaction. When the database refuses, nothing is
  /// written and the objects are set back to their saved values; the error is thrown, kept in
  /// ``lastError`` and given to ``errorHandler``.
  public func save() throws(StoreError) {
    try save(editor: nil)
  }

  /// Saves as ``save()`` does; the edits made through `editor` join its undo group. Each row in
  /// `expecting` must still hold those values (undo and redo: no other instance changed it since), or
  /// the save fails with ``StoreError/Kind/conflict``.
  ///
  /// When a front end on this thread waits for saves (a web page: ``Bindery/UserEditing/handOff(_:)``)
  /// and `mayHandOff`, the write goes to the content's own thread and this returns at once: the
  /// object keeps the edit meanwhile, and the front end finishes the save (reports a failure, sets the
  /// object back, registers the undo step) when it has waited for it, without holding its actor.
  /// Writes are made in the order they were asked for, handed off or not.
  func save(
    editor: ObjectIdentifier?, expecting: [ObjectIdentifier: [(Int, StoreValue)]] = [:], mayHandOff: Bool = false
  ) throws(StoreError) {
    guard let batch = prepareSave(expecting: expecting) else { return }
    if mayHandOff, UserEditing.takesPendingSaves {
      let answer = StoreAnswer(nil)
      let pending = PendingSave { [self] in
        let outcome = answer.withLock { $0 }
        try? completeSave(batch, editor: editor, failure: outcome?.failure, reloaded: outcome?.reloaded)
      }
      if UserEditing.handOff(pending) {
        let expected = expecting.isEmpty ? [] : batch.saves.map(\.record.id)
        return write(batch.changes, answering: answer, reloadingOnConflict: expected, then: pending)
      }
    }
    let changes = batch.changes
    var failure: StoreError?
    do {
      _ = try applyInOrder(changes)
    } catch {
      failure = error
    }
    try completeSave(batch, editor: editor, failure: failure)
  }

  /// What one save writes: the changes, and for each object its columns and values.
  struct SaveBatch: @unchecked Sendable {
    // Unchecked: the records are read and their objects written only where the edit was applied.
    let changes: [StoreChange]
    let saves: [(record: Record, columns: [Int], values: [StoreValue])]
    let ownKeys: [OwnKey]
    let tracking: Bool
  }

  /// Takes the edits not saved yet, and what to write for them; `nil` when nothing changed.
  private func prepareSave(expecting: [ObjectIdentifier: [(Int, StoreValue)]]) -> SaveBatch? {
    let pending = state.withLock { state -> [(Record, [Int])] in
      let pending = state.dirtyOrder.compactMap { id -> (Record, [Int])? in
        guard let record = state.records[id], let columns = state.dirty[id], !columns.isEmpty else { return nil }
        return (record, columns.sorted())
      }
      state.dirty.removeAll()
      state.dirtyOrder.removeAll()
      return pending
    }
    guard !pending.isEmpty else { return nil }
    var changes: [StoreChange] = []
    var saves: [(record: Record, columns: [Int], values: [StoreValue])] = []
    for (record, columns) in pending {
      let values = columns.map { entity.columns[$0].read(record.object) }
      let changed = zip(columns, values).filter { record.base($0.0) != $0.1 }
      guard !changed.isEmpty else { continue }
      if let expected = expecting[ObjectIdentifier(record.object)], !expected.isEmpty {
        changes.append(
          .expect(
            table: entity.table, id: record.id, columns: expected.map { columnNames[$0.0] }, values: expected.map(\.1)))
      }
      changes.append(
        .update(
          table: entity.table, id: record.id, columns: changed.map { columnNames[$0.0] }, values: changed.map(\.1)))
      saves.append((record, changed.map(\.0), changed.map(\.1)))
    }
    guard !changes.isEmpty else { return nil }
    let ownKeys = saves.flatMap { save in save.columns.map { OwnKey(row: save.record.id, column: $0) } }
    let ownValues = saves.flatMap(\.values)
    let tracking = state.withLock { state -> Bool in
      for save in saves {
        let id = ObjectIdentifier(save.record.object)
        for (column, value) in zip(save.columns, save.values) { state.records[id]?.noteQueued(value, column: column) }
      }
      // While following other instances, this save's notice is waited for (see `applyOthers`).
      guard state.schedule != nil else { return false }
      for (key, value) in zip(ownKeys, ownValues) { state.ownSaves[key, default: OwnSave()].add(value) }
      return true
    }
    return SaveBatch(changes: changes, saves: saves, ownKeys: ownKeys, tracking: tracking)
  }

  /// Ends a save where its edit was applied: after `failure`, the objects are set back (unless edited
  /// again since; after a conflict, to the rows as they are now: `reloaded` when they were read
  /// already) and the error is reported and thrown; else the values count as saved and the undo step
  /// is registered.
  private func completeSave(
    _ batch: SaveBatch, editor: ObjectIdentifier?, failure: StoreError?, reloaded: [StoreRow]? = nil
  ) throws(StoreError) {
    let saves = batch.saves
    // What each column held in the database before this save (the undo step puts it back).
    let before = state.withLock { state -> [[StoreValue]] in
      saves.map { save in
        let id = ObjectIdentifier(save.record.object)
        let saved = state.records[id]?.saved ?? save.record.saved
        for (column, value) in zip(save.columns, save.values) { state.records[id]?.noteSent(value, column: column) }
        return save.columns.map { saved[$0] }
      }
    }
    if let error = failure {
      if batch.tracking { state.withLock { state in for key in batch.ownKeys { state.ownSaves.lower(key) } } }
      if error.kind == .conflict {
        if let reloaded { takeSaved(reloaded) } else { reloadSaved(saves.map(\.record)) }
      }
      for save in saves { restoreSaved(save.record, columns: save.columns, unlessEditedFrom: save.values) }
      throw report(error)
    }
    state.withLock { state in
      for save in saves {
        let id = ObjectIdentifier(save.record.object)
        for (column, value) in zip(save.columns, save.values) {
          state.records[id]?.saved[column] = value
          state.records[id]?.noteWritten(value, column: column)
        }
      }
    }
    guard let history else { return }
    // One action puts back what this save changed (a single property is keyed, so an editor's
    // later saves of it add nothing to its group).
    let restores = zip(saves, before).map { save, before in
      Restore(object: save.record.object, values: Array(zip(save.columns, before)))
    }
    let key: AnyHashable? =
      saves.count == 1 && saves[0].columns.count == 1
      ? EditKey(
        content: ObjectIdentifier(self), object: ObjectIdentifier(saves[0].record.object), column: saves[0].columns[0])
      : nil
    history.register(key: key, editor: editor) { [weak self] in self?.setValues(restores) }
  }

  /// Writes `changes` on the worker, after the writes asked for before them, without waiting: the
  /// database's answer goes into `answer`, then `pending` is marked done. After a conflict the rows
  /// `reloadingOnConflict` are read there too, as they are now (another instance changed them).
  func write(
    _ changes: [StoreChange], answering answer: StoreAnswer, reloadingOnConflict ids: [Int64] = [],
    then pending: PendingSave
  ) {
    let store = self.store
    let reload = StoreQuery(table: entity.table, columns: columnNames, ids: ids)
    state.withLock { $0.writesAsked &+= 1 }
    worker.async {
      var outcome: StoreOutcome
      do throws(StoreError) {
        outcome = StoreOutcome(result: .success(try store.apply(changes)))
      } catch {
        outcome = StoreOutcome(result: .failure(error))
        if error.kind == .conflict, !ids.isEmpty { outcome.reloaded = try? store.fetch(reload) }
      }
      answer.withLock { [outcome] in $0 = outcome }
      pending.markDone()
    }
  }

  /// Writes `changes` on the worker, after the writes asked for before them, and waits for the
  /// database's answer: the ids of inserted rows.
  @discardableResult
  func applyInOrder(_ changes: [StoreChange]) throws(StoreError) -> [Int64] {
    state.withLock { $0.writesAsked &+= 1 }
    return try inOrder { () throws(StoreError) in try store.apply(changes) }
  }

  /// Runs `body` (a call to the store) on the worker, after the writes asked for before it.
  func inOrder<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
    let outcome = worker.sync { () -> Swift.Result<Result, StoreError> in
      do throws(StoreError) {
        return .success(try body())
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }

  /// Sets properties of kept objects back and saves them (undo and redo of edits), provided each row
  /// still holds what the edit wrote: a value another instance changed since is not overwritten (the
  /// save fails with ``StoreError/Kind/conflict`` and is reported).
  private func setValues(_ restores: [Restore]) {
    state.withLock { $0.holdingSaves += 1 }
    for restore in restores {
      for (column, value) in restore.values { _ = entity.columns[column].write(restore.object, value) }
    }
    state.withLock { $0.holdingSaves -= 1 }
    let expecting = state.withLock { state in
      var expecting: [ObjectIdentifier: [(Int, StoreValue)]] = [:]
      for restore in restores {
        let id = ObjectIdentifier(restore.object)
        guard let record = state.records[id] else { continue }
        expecting[id, default: []] += restore.values.map { ($0.0, record.lastWritten($0.0)) }
      }
      return expecting
    }
    try? save(editor: nil, expecting: expecting, mayHandOff: true)
  }

  /// What undoing one saved edit of an object puts back: values by column.
  struct Restore {
    let object: Model
    let values: [(Int, StoreValue)]
  }

  /// Reads the rows of `records` again as their saved values (after a conflict: another writer
  /// changed them, and its notice may not have been heard yet). A row that cannot be read keeps what
  /// was saved.
  func reloadSaved(_ records: [Record]) {
    let ids = records.map(\.id)
    guard
      let rows = try? inOrder({ () throws(StoreError) in
        try store.fetch(StoreQuery(table: entity.table, columns: columnNames, ids: ids))
      })
    else { return }
    takeSaved(rows)
  }

  /// Takes `rows`, read again, as the saved values of their objects.
  func takeSaved(_ rows: [StoreRow]) {
    guard !rows.isEmpty else { return }
    state.withLock { state in
      for row in rows where row.values.count == columnNames.count {
        guard let object = state.rows[row.id] else { continue }
        state.records[object]?.saved = row.values
      }
    }
  }

  /// Sets the properties of a refused save back to the values the database has; with `values` (what
  /// the save wrote), only a property still holding that value: one edited again since keeps the later
  /// edit, whose own save is on its way.
  func restoreSaved(_ record: Record, columns: [Int], unlessEditedFrom values: [StoreValue]? = nil) {
    let saved = state.withLock { $0.records[ObjectIdentifier(record.object)]?.saved } ?? record.saved
    for (index, column) in columns.enumerated() {
      if let values, entity.columns[column].read(record.object) != values[index] { continue }
      _ = entity.columns[column].write(record.object, saved[column])
    }
  }

  /// Keeps `error` as the last, logs it, tells the user's edit or action being applied on this
  /// thread (``Bindery/UserEditing/reportFailure(_:)``: a web page gets an error, not an
  /// acknowledgement), tells the handler, and returns it.
  func report(_ error: StoreError) -> StoreError {
    let handler = state.withLock { state in
      state.lastError = error
      return state.errorHandler
    }
    Self.logger.error(
      "\(error.message)",
      metadata: [
        "table": "\(error.table ?? entity.table)", "row": "\(error.row.map(String.init) ?? "-")",
        "column": "\(error.column ?? "-")", "kind": "\(error.kind.rawValue)",
      ])
    UserEditing.reportFailure(error)
    handler?(error)
    return error
  }

  /// Where store errors are logged: `bindery.store`, at the error level.
  static var logger: Logger { Logger(label: "bindery.store") }

  // MARK: Inserting and deleting

  /// Inserts a row for `object` (Add): whether the database took it.
  func insertRow(for object: Model) -> Bool {
    guard isBound, state.withLock({ $0.records[ObjectIdentifier(object)] == nil }) else { return false }
    if UserEditing.takesPendingSaves { return insertHandingOff(object) }
    return insert([(object, nil)], at: nil)
  }

  /// Inserts rows for `objects` (with their old ids when put back by undo), in one transaction, and
  /// puts them into the controller at `positions` when given; whether the database took them.
  func insert(_ objects: [(Model, Int64?)], at positions: [Int?]?) -> Bool {
    if let positions, UserEditing.takesPendingSaves { return insertHandingOff(objects, at: positions) }
    return insertNow(objects, at: positions)
  }

  /// Inserts as ``insert(_:at:)`` does, waiting for the database.
  func insertNow(_ objects: [(Model, Int64?)], at positions: [Int?]?) -> Bool {
    let values = objects.map { object, _ in entity.columns.map { $0.read(object) } }
    let changes = zip(objects, values).map { object, values in
      StoreChange.insert(table: entity.table, id: object.1, columns: columnNames, values: values)
    }
    let ids: [Int64]
    do {
      ids = try applyInOrder(changes)
    } catch {
      _ = report(error)
      return false
    }
    guard ids.count == objects.count else { return false }
    for ((object, _), (id, saved)) in zip(objects, zip(ids, values)) {
      keep(object, id: id, saved: saved, written: true)
    }
    if let positions {
      for ((object, _), position) in zip(objects, positions) { host.insert(object, position) }
    }
    let kept = objects.map(\.0)
    history?.register(editor: nil) { [weak self] in self?.delete(kept, fromHost: true, expectingWritten: true) }
    return true
  }

  /// Deletes the rows of `objects` (Remove), in one transaction: whether the database deleted them.
  func deleteRows(of objects: [Model]) -> Bool {
    delete(objects, fromHost: false)
  }

  /// Deletes the rows of `objects`; with `fromHost`, also takes them out of the controller (undo of
  /// an insert). With `expectingWritten`, each row must still hold what this content last wrote to
  /// it (undo of an Add: nobody else edited the row since), or nothing is deleted and the conflict
  /// is reported.
  @discardableResult
  func delete(_ objects: [Model], fromHost: Bool, expectingWritten: Bool = false) -> Bool {
    if UserEditing.takesPendingSaves {
      return deleteHandingOff(objects, fromHost: fromHost, expectingWritten: expectingWritten)
    }
    return deleteNow(objects, fromHost: fromHost, expectingWritten: expectingWritten)
  }

  /// What deleting the rows of `kept` writes: with `expectingWritten`, first that each row still holds
  /// what this content last wrote to it (undo of an Add), then the delete.
  func deleteChanges(for kept: [(Model, Record)], expectingWritten: Bool) -> [StoreChange] {
    var changes: [StoreChange] = []
    if expectingWritten {
      for (_, record) in kept {
        let values = record.saved.indices.map(record.lastWritten)
        changes.append(.expect(table: entity.table, id: record.id, columns: columnNames, values: values))
      }
    }
    changes.append(.delete(table: entity.table, ids: kept.map(\.1.id)))
    return changes
  }

  /// Deletes as ``delete(_:fromHost:expectingWritten:)`` does, waiting for the database.
  func deleteNow(_ objects: [Model], fromHost: Bool, expectingWritten: Bool) -> Bool {
    let kept = state.withLock { state in
      objects.compactMap { object in state.records[ObjectIdentifier(object)].map { (object, $0) } }
    }
    guard !kept.isEmpty else { return fromHost ? false : true }
    let changes = deleteChanges(for: kept, expectingWritten: expectingWritten)
    do {
      _ = try applyInOrder(changes)
    } catch {
      if error.kind == .conflict {
        let records = kept.map(\.1)
        reloadSaved(records)
        for record in records { restoreSaved(record, columns: Array(entity.columns.indices)) }
      }
      _ = report(error)
      return false
    }
    let positions = kept.map { host.index($0.0) }
    _ = release(Set(kept.map { ObjectIdentifier($0.0) }))
    if fromHost { host.remove(Set(kept.map { ObjectIdentifier($0.0) })) }
    history?.register(editor: nil) { [weak self] in
      guard let self else { return }
      // Put back in ascending order of position, so each lands where it was.
      let order = zip(kept, positions).sorted { ($0.1 ?? .max) < ($1.1 ?? .max) }
      _ = self.insert(order.map { ($0.0.0, $0.0.1.id) }, at: order.map(\.1))
    }
    return true
  }

  // MARK: Refreshing

  /// Fetches the rows again and makes the controller's content match: new rows are added, rows no
  /// longer there (or no longer selected by the filter) are removed, and changed values are set on
  /// the objects (an edit not saved yet keeps its value). Nothing is saved and nothing is
  /// registered for undo. A row that does not fit throws, and nothing changes.
  public func refresh() throws(StoreError) {
    let rows = try inOrder { () throws(StoreError) in try store.fetch(refreshQuery) }
    try takeRows(rows)
  }

  /// What ``refresh()`` reads.
  var refreshQuery: StoreQuery { host.holdsOne ? query.limited(to: 1) : query }

  /// Makes the controller's content match `rows`, read with ``refreshQuery`` (see ``refresh()``).
  func takeRows(_ rows: [StoreRow]) throws(StoreError) {
    let (known, inserts) = state.withLock { state in
      (
        Dictionary(state.records.values.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
        Array(state.pendingInserts.values)
      )
    }
    let adding = Set(inserts.compactMap(\.answeredID))
    var made: [(Model, StoreRow)] = []
    // A row of an Add on its way is its object's, kept when the front end finishes the Add.
    for row in rows where known[row.id] == nil && !adding.contains(row.id) {
      made.append((try makeObject(for: row), row))
    }
    var updates: [(Record, [(Int, StoreValue)])] = []
    for row in rows {
      guard let record = known[row.id], row.values.count == entity.columns.count else { continue }
      var changed: [(Int, StoreValue)] = []
      for (index, value) in row.values.enumerated() where value != record.saved[index] {
        changed.append((index, value))
      }
      if !changed.isEmpty { updates.append((record, changed)) }
    }
    let present = Set(rows.map(\.id))
    let gone = known.values.filter { !present.contains($0.id) }.map { ObjectIdentifier($0.object) }
    if !gone.isEmpty {
      _ = release(Set(gone))
      host.remove(Set(gone))
    }
    for (record, changed) in updates {
      let dirty = state.withLock { state -> Set<Int> in
        let id = ObjectIdentifier(record.object)
        for (index, value) in changed { state.records[id]?.saved[index] = value }
        return state.dirty[id] ?? []
      }
      for (index, value) in changed where !dirty.contains(index) {
        _ = entity.columns[index].write(record.object, value)
      }
    }
    for (object, row) in made {
      keep(object, id: row.id, saved: row.values)
      host.insert(object, nil)
    }
  }

  // MARK: Validating

  /// Asks the database whether it would take `value` for the property at `keyPath` of the kept object
  /// `id`; throws its refusal. A property with no column, or a value of another type, passes.
  private func validate(_ value: Any?, for keyPath: AnyKeyPath, of id: ObjectIdentifier) throws {
    guard let column = entity.columnIndex(of: keyPath), let stored = entity.columns[column].convert(value),
      let rowID = state.withLock({ $0.records[id]?.id })
    else { return }
    // A front end that waits for saves (a web page) is not held up here by a slow database: the save
    // itself meets a refusal, which reaches the user's edit as a failed save.
    guard !UserEditing.takesPendingSaves else { return }
    let change = StoreChange.update(table: entity.table, id: rowID, columns: [columnNames[column]], values: [stored])
    try inOrder { () throws(StoreError) in try store.check([change]) }
  }

  // MARK: Ending

  /// Stops saving and following the objects; the controller keeps them, as its own content.
  /// Unsaved edits are saved first.
  public func unbind() {
    try? save()
    let following = state.withLock { state in
      state.isBound = false
      state.followQueue.removeAll()
      state.schedule = nil
      defer { state.following = nil }
      return state.following
    }
    following?.unbind()
    editingEnds?.unbind()
    host.detach(ObjectIdentifier(self))
    let ids = state.withLock { Set($0.records.keys) }
    _ = release(ids)
  }

  /// A kept object: its row id, its values as saved, what this content last wrote to each column
  /// (empty until it writes one), and the observations of its properties.
  struct Record {
    let object: Model
    let id: Int64
    var saved: [StoreValue]
    /// What this content last wrote to each column, `nil` for a column it has not written; an undo
    /// expects the row to still hold it, so it never overwrites another instance's later edit.
    var written: [StoreValue?]
    var observations: [KeyValueObservation]

    /// The latest value of each column sent to the database and not answered yet, `nil` for none.
    var queued: [StoreValue?] = []

    /// What an edit of `column` is compared with: the value on its way to the database, else the saved one.
    func base(_ column: Int) -> StoreValue {
      column < queued.count ? (queued[column] ?? saved[column]) : saved[column]
    }

    mutating func noteQueued(_ value: StoreValue, column: Int) {
      if queued.isEmpty { queued = Array(repeating: nil, count: saved.count) }
      if column < queued.count { queued[column] = value }
    }

    /// The database answered the save of `value`: unless a later one is on its way, nothing is.
    mutating func noteSent(_ value: StoreValue, column: Int) {
      if column < queued.count, queued[column] == value { queued[column] = nil }
    }

    mutating func noteWritten(_ value: StoreValue, column: Int) {
      if written.isEmpty { written = Array(repeating: nil, count: saved.count) }
      if column < written.count { written[column] = value }
    }

    /// What this content last wrote to `column`, or what it last read there.
    func lastWritten(_ column: Int) -> StoreValue {
      column < written.count ? (written[column] ?? saved[column]) : saved[column]
    }
  }

  /// What the content keeps behind its lock.
  struct State {
    var records: [ObjectIdentifier: Record] = [:]
    var dirty: [ObjectIdentifier: Set<Int>] = [:]
    var dirtyOrder: [ObjectIdentifier] = []
    var policy = StoreSavePolicy.immediately
    var lastError: StoreError?
    var errorHandler: (@Sendable (StoreError) -> Void)?
    var isBound = true
    /// Controls whose edits wait for their end of editing (``StoreSavePolicy/whenEditingEnds``).
    var pendingEditors: Set<ObjectIdentifier> = []
    /// While above 0, changes wait for one save at the end (undo and redo of several properties).
    var holdingSaves = 0
    /// Other instances' changes, followed (``followChangesByOthers(perform:)``).
    var following: KeyValueObservation?
    /// Hands one step of following to the model's executor, once following.
    var schedule: (@Sendable () -> Void)?
    /// What following has still to do, oldest first.
    var followQueue: [FollowStep] = []
    /// Adds whose rows are on their way to the database, by object.
    var pendingInserts: [ObjectIdentifier: PendingInsert] = [:]
    /// Whether a step of following is being carried out (or its rows read).
    var isFollowingBusy = false
    /// How many writes were asked of the worker so far: rows read for following are applied only if
    /// no write was asked for since the read was (else they are read again, after those writes).
    var writesAsked: UInt64 = 0
    /// Whether a step was asked for while one was busy (it is scheduled again when that one ends).
    var followSkipped = false
    /// Saves of this instance's whose notices are not heard yet, by row and column.
    var ownSaves: [OwnKey: OwnSave] = [:]
    /// The object of each row.
    var rows: [Int64: ObjectIdentifier] = [:]
  }
}

/// Where a write handed off leaves the database's answer.
typealias StoreAnswer = Locked<StoreOutcome?>

/// The database's answer to a write handed off: the inserted ids or the error, and after a conflict
/// the rows asked for, as they are now.
struct StoreOutcome: Sendable {
  var result: Result<[Int64], StoreError>
  var reloaded: [StoreRow]?

  init(result: Result<[Int64], StoreError>) {
    self.result = result
  }

  /// The error, if the write failed.
  var failure: StoreError? { result.failure }
}

extension Result {
  /// The error, if this is a failure.
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

/// An edit's identity in an undo group: the same property of the same object.
private struct EditKey: Hashable {
  let content: ObjectIdentifier
  let object: ObjectIdentifier
  let column: Int
}
