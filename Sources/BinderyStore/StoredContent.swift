import Bindery

/// A controller's content kept in a database (Cocoa's entity mode): the rows of an entity's table,
/// fetched by a filter and a sort, one object per row.
///
/// Made by `bindContent(to:entity:…)` on an ``BinderyControllers/ArrayController`` or
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

  private let host: Host
  private let state = Locked(State())
  private let columnNames: [String]
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
    let rows = try store.fetch(host.holdsOne ? query.limited(to: 1) : query)
    var made: [(Model, StoreRow)] = []
    made.reserveCapacity(rows.count)
    for row in rows {
      made.append((try makeObject(for: row), row))
    }
    return made
  }

  /// An object with `row`'s values, or an error naming the row and column that do not fit.
  private func makeObject(for row: StoreRow) throws(StoreError) -> Model {
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

  /// Keeps `object` as the row `id`, its values as saved, and follows its properties.
  private func keep(_ object: Model, id: Int64, saved: [StoreValue]) {
    keep([(object, id, saved)])
  }

  /// Keeps each object as its row, its values as saved, and follows its properties.
  private func keep(_ objects: [(object: Model, id: Int64, saved: [StoreValue])]) {
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
      records.append((objectID, Record(object: object, id: id, saved: saved, observations: observations)))
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
  private func release(_ ids: Set<ObjectIdentifier>) -> [Record] {
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
  private func columnChanged(_ id: ObjectIdentifier, _ column: Int, _ value: StoreValue) {
    let editor = UserEditing.controlBeingEdited
    let saveNow = state.withLock { state -> Bool in
      guard state.isBound, let record = state.records[id] else { return false }
      if record.saved[column] == value {
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
    if saveNow { try? save(editor: editor) }
  }

  /// Saves every edit not saved yet, in one transaction. When the database refuses, nothing is
  /// written and the objects are set back to their saved values; the error is thrown, kept in
  /// ``lastError`` and given to ``errorHandler``.
  public func save() throws(StoreError) {
    try save(editor: nil)
  }

  /// Saves as ``save()`` does; the edits made through `editor` join its undo group.
  private func save(editor: ObjectIdentifier?) throws(StoreError) {
    let pending = state.withLock { state -> [(Record, [Int])] in
      let pending = state.dirtyOrder.compactMap { id -> (Record, [Int])? in
        guard let record = state.records[id], let columns = state.dirty[id], !columns.isEmpty else { return nil }
        return (record, columns.sorted())
      }
      state.dirty.removeAll()
      state.dirtyOrder.removeAll()
      return pending
    }
    guard !pending.isEmpty else { return }
    var changes: [StoreChange] = []
    var saves: [(record: Record, columns: [Int], values: [StoreValue])] = []
    for (record, columns) in pending {
      let values = columns.map { entity.columns[$0].read(record.object) }
      let changed = zip(columns, values).filter { record.saved[$0.0] != $0.1 }
      guard !changed.isEmpty else { continue }
      changes.append(
        .update(
          table: entity.table, id: record.id, columns: changed.map { columnNames[$0.0] }, values: changed.map(\.1)))
      saves.append((record, changed.map(\.0), changed.map(\.1)))
    }
    guard !changes.isEmpty else { return }
    let ownKeys = saves.flatMap { save in save.columns.map { OwnKey(row: save.record.id, column: $0) } }
    let ownValues = saves.flatMap(\.values)
    let tracking = state.withLock { state -> Bool in
      // While following other instances, this save's notice is waited for (see `applyOthers`).
      guard state.schedule != nil else { return false }
      for (key, value) in zip(ownKeys, ownValues) { state.ownSaves[key, default: OwnSave()].add(value) }
      return true
    }
    do {
      try store.apply(changes)
    } catch {
      if tracking { state.withLock { state in for key in ownKeys { state.ownSaves.lower(key) } } }
      for save in saves { restoreSaved(save.record, columns: save.columns) }
      throw report(error)
    }
    state.withLock { state in
      for save in saves {
        let id = ObjectIdentifier(save.record.object)
        for (column, value) in zip(save.columns, save.values) { state.records[id]?.saved[column] = value }
      }
    }
    guard let history else { return }
    // One action puts back what this save changed (a single property is keyed, so an editor's
    // later saves of it add nothing to its group).
    let restores = saves.map { save in (save.record.object, save.columns.map { ($0, save.record.saved[$0]) }) }
    let key: AnyHashable? =
      saves.count == 1 && saves[0].columns.count == 1
      ? EditKey(
        content: ObjectIdentifier(self), object: ObjectIdentifier(saves[0].record.object), column: saves[0].columns[0])
      : nil
    history.register(key: key, editor: editor) { [weak self] in self?.setValues(restores) }
  }

  /// Sets properties of kept objects and saves them (undo and redo of edits).
  private func setValues(_ restores: [(Model, [(Int, StoreValue)])]) {
    state.withLock { $0.holdingSaves += 1 }
    for (object, values) in restores {
      for (column, value) in values { _ = entity.columns[column].write(object, value) }
    }
    state.withLock { $0.holdingSaves -= 1 }
    try? save(editor: nil)
  }

  /// Sets the properties of a refused save back to the values the database has.
  private func restoreSaved(_ record: Record, columns: [Int]) {
    let saved = state.withLock { $0.records[ObjectIdentifier(record.object)]?.saved } ?? record.saved
    for column in columns { _ = entity.columns[column].write(record.object, saved[column]) }
  }

  /// Keeps `error` as the last, tells the handler, and returns it.
  private func report(_ error: StoreError) -> StoreError {
    let handler = state.withLock { state in
      state.lastError = error
      return state.errorHandler
    }
    handler?(error)
    return error
  }

  // MARK: Inserting and deleting

  /// Inserts a row for `object` (Add): whether the database took it.
  func insertRow(for object: Model) -> Bool {
    guard isBound, state.withLock({ $0.records[ObjectIdentifier(object)] == nil }) else { return false }
    return insert([(object, nil)], at: nil)
  }

  /// Inserts rows for `objects` (with their old ids when put back by undo), in one transaction, and
  /// puts them into the controller at `positions` when given; whether the database took them.
  private func insert(_ objects: [(Model, Int64?)], at positions: [Int?]?) -> Bool {
    let values = objects.map { object, _ in entity.columns.map { $0.read(object) } }
    let changes = zip(objects, values).map { object, values in
      StoreChange.insert(table: entity.table, id: object.1, columns: columnNames, values: values)
    }
    let ids: [Int64]
    do {
      ids = try store.apply(changes)
    } catch {
      _ = report(error)
      return false
    }
    guard ids.count == objects.count else { return false }
    for ((object, _), (id, saved)) in zip(objects, zip(ids, values)) { keep(object, id: id, saved: saved) }
    if let positions {
      for ((object, _), position) in zip(objects, positions) { host.insert(object, position) }
    }
    let kept = objects.map(\.0)
    history?.register(editor: nil) { [weak self] in self?.delete(kept, fromHost: true) }
    return true
  }

  /// Deletes the rows of `objects` (Remove), in one transaction: whether the database deleted them.
  func deleteRows(of objects: [Model]) -> Bool {
    delete(objects, fromHost: false)
  }

  /// Deletes the rows of `objects`; with `fromHost`, also takes them out of the controller (undo of
  /// an insert).
  @discardableResult
  private func delete(_ objects: [Model], fromHost: Bool) -> Bool {
    let kept = state.withLock { state in
      objects.compactMap { object in state.records[ObjectIdentifier(object)].map { (object, $0.id) } }
    }
    guard !kept.isEmpty else { return fromHost ? false : true }
    do {
      try store.apply([.delete(table: entity.table, ids: kept.map(\.1))])
    } catch {
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
      _ = self.insert(order.map { ($0.0.0, $0.0.1) }, at: order.map(\.1))
    }
    return true
  }

  // MARK: Refreshing

  /// Fetches the rows again and makes the controller's content match: new rows are added, rows no
  /// longer there (or no longer selected by the filter) are removed, and changed values are set on
  /// the objects (an edit not saved yet keeps its value). Nothing is saved and nothing is
  /// registered for undo. A row that does not fit throws, and nothing changes.
  public func refresh() throws(StoreError) {
    let rows = try store.fetch(host.holdsOne ? query.limited(to: 1) : query)
    let known = state.withLock { state in
      Dictionary(state.records.values.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
    var made: [(Model, StoreRow)] = []
    for row in rows where known[row.id] == nil { made.append((try makeObject(for: row), row)) }
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

  /// Follows the changes other instances make to the table, when the store tells of them
  /// (``RecordStoreChangeFeed``), so that every page of every instance shows every edit.
  ///
  /// Each notice is applied by one piece of work handed to `perform`, which runs it where the model
  /// lives (a web page's actor, the main actor): an edit sets the object's property, an insert adds
  /// an object, a delete removes one, so observers see each edit, in the order the database
  /// committed them. Each piece applies the oldest notice waiting, so the order `perform` runs them
  /// in does not matter. A notice without its changes (too large to carry, or after a lost
  /// connection) ``refresh()``es the content; several in a row read the table once.
  ///
  /// Concurrent edits of one property: the last one saved wins, on every instance. When another
  /// instance's edit was saved before one of this instance's but is heard after it, it is shown, and
  /// then this instance's newer value again.
  ///
  /// - Returns: Whether the store tells of other instances' changes (if not, nothing is followed).
  @discardableResult
  public func followChangesByOthers(perform: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) -> Bool {
    guard let feed = store as? any RecordStoreChangeFeed else { return false }
    let table = entity.table
    let step: @Sendable () -> Void = { [weak self] in self?.followNext() }
    let schedule: @Sendable () -> Void = { perform(step) }
    state.withLock { $0.schedule = schedule }
    let observation = feed.observeChanges { [weak self] notice in
      guard notice.table == table, let self, self.enqueue(notice) else { return }
      schedule()
    }
    state.withLock { $0.following = observation }
    return true
  }

  /// Queues `notice` to be applied; whether a step was added (which is then scheduled).
  private func enqueue(_ notice: StoreNotice) -> Bool {
    state.withLock { state in
      guard state.isBound else { return false }
      if notice.changes == nil, case .notice(let last)? = state.followQueue.last, last.changes == nil {
        return false
      }
      if notice.isOwn, notice.changes != nil, state.followQueue.isEmpty, !state.isFollowingBusy {
        countOwn(notice, in: &state)
        return false
      }
      state.followQueue.append(.notice(notice))
      return true
    }
  }

  /// Takes the oldest step waiting and carries it out (on the model's executor).
  private func followNext() {
    let step = state.withLock { state -> FollowStep? in
      guard !state.followQueue.isEmpty else { return nil }
      state.isFollowingBusy = true
      return state.followQueue.removeFirst()
    }
    guard let step else { return }
    // Until the step is done, this instance's own notices wait behind it (it may queue a step that
    // needs them not counted yet).
    defer { state.withLock { $0.isFollowingBusy = false } }
    do throws(StoreError) {
      switch step {
      case .notice(let notice):
        if notice.isOwn, notice.changes != nil {
          state.withLock { countOwn(notice, in: &$0) }
        } else if let changes = notice.changes {
          try applyOthers(changes)
        } else {
          // The table as it is now: this instance's saves are all in it.
          state.withLock { $0.ownSaves.removeAll() }
          try refresh()
        }
      case .showOwn(let keys):
        showOwn(keys)
      }
    } catch {
      _ = report(error)
    }
  }

  /// Counts this instance's saves in its own notice as heard: a notice of another's heard from now
  /// on was saved after them.
  private func countOwn(_ notice: StoreNotice, in state: inout State) {
    for case .update(_, let id, let columns, _) in notice.changes ?? [] {
      for name in columns {
        if let column = columnNames.firstIndex(of: name) { state.ownSaves.lower(OwnKey(row: id, column: column)) }
      }
    }
  }

  /// Applies another instance's changes. An edit of a property this instance saved since, but whose
  /// notice is not heard yet, was overwritten by that save: it is shown, and then (in a step of its
  /// own, so observers see both) this instance's value again.
  private func applyOthers(_ changes: [StoreChange]) throws(StoreError) {
    var overwritten: [OwnKey] = []
    for change in changes {
      switch change {
      case .update(_, let id, let columns, let values):
        try applyOthers(row: id, columns: columns, values: values, inserted: false, overwritten: &overwritten)
      case .insert(_, let id?, let columns, let values):
        try applyOthers(row: id, columns: columns, values: values, inserted: true, overwritten: &overwritten)
      case .insert(_, nil, _, _):
        continue
      case .delete(_, let ids):
        let gone = state.withLock { state in Set(ids.compactMap { state.rows[$0] }) }
        guard !gone.isEmpty else { continue }
        _ = release(gone)
        host.remove(gone)
      }
    }
    guard !overwritten.isEmpty else { return }
    let schedule = state.withLock { state in
      state.followQueue.insert(.showOwn(overwritten), at: 0)
      return state.schedule
    }
    schedule?()
  }

  /// Applies another instance's values for the row `row`: sets them on its object, or adds an object
  /// for a row the content now selects, or removes one it no longer selects (a filter's column
  /// changed).
  private func applyOthers(
    row: Int64, columns: [String], values: [StoreValue], inserted: Bool, overwritten: inout [OwnKey]
  ) throws(StoreError) {
    var changed: [(Int, StoreValue)] = []
    for (name, value) in zip(columns, values) {
      if let index = columnNames.firstIndex(of: name) { changed.append((index, value)) }
    }
    var known: ObjectIdentifier?
    let full = state.withLock { state in
      known = state.rows[row]
      return host.holdsOne && !state.records.isEmpty
    }
    // An object controller keeps its object: a row new to it is not taken.
    if known == nil, full { return }
    if query.condition != nil || (known == nil && !(inserted && changed.count == columnNames.count)) {
      // Whether the filter selects the row, and its values when it is new here.
      let rows = try store.fetch(
        StoreQuery(table: query.table, columns: query.columns, condition: query.condition, ids: [row]))
      switch (rows.first, known) {
      case (nil, let id?):
        _ = release([id])
        host.remove([id])
        return
      case (nil, nil):
        return
      case (let fetched?, nil):
        let object = try makeObject(for: fetched)
        keep(object, id: fetched.id, saved: fetched.values)
        host.insert(object, nil)
        return
      case (_?, let id?):
        known = id
      }
    }
    guard let known else {
      // A new row with every column: made from the notice.
      var values = [StoreValue](repeating: .null, count: columnNames.count)
      for (index, value) in changed { values[index] = value }
      let fetched = StoreRow(id: row, values: values)
      let object = try makeObject(for: fetched)
      keep(object, id: row, saved: values)
      host.insert(object, nil)
      return
    }
    // A value that does not fit its property (another program's notification) changes nothing.
    let scratch = entity.make()
    for (index, value) in changed where !entity.columns[index].write(scratch, value) {
      let column = entity.columns[index]
      throw StoreError(
        .wrongValue, "\(value.kindName) does not fit a \(column.type.rawValue) column", table: entity.table, row: row,
        column: column.name)
    }
    let (object, dirty) = state.withLock { state -> (Model?, Set<Int>) in
      for (index, value) in changed {
        state.records[known]?.saved[index] = value
        let key = OwnKey(row: row, column: index)
        if state.ownSaves[key] != nil, !overwritten.contains(key) { overwritten.append(key) }
      }
      return (state.records[known]?.object, state.dirty[known] ?? [])
    }
    guard let object else { return }
    for (index, value) in changed where !dirty.contains(index) { _ = entity.columns[index].write(object, value) }
  }

  /// Shows this instance's values again after another's older ones (see `applyOthers`).
  private func showOwn(_ keys: [OwnKey]) {
    let writes = state.withLock { state -> [(Model, Int, StoreValue)] in
      keys.compactMap { key in
        guard let own = state.ownSaves[key], let id = state.rows[key.row], let object = state.records[id]?.object
        else { return nil }
        state.records[id]?.saved[key.column] = own.value
        return state.dirty[id]?.contains(key.column) == true ? nil : (object, key.column, own.value)
      }
    }
    for (object, column, value) in writes { _ = entity.columns[column].write(object, value) }
  }

  // MARK: Validating

  /// Asks the database whether it would take `value` for the property at `keyPath` of the kept object
  /// `id`; throws its refusal. A property with no column, or a value of another type, passes.
  private func validate(_ value: Any?, for keyPath: AnyKeyPath, of id: ObjectIdentifier) throws {
    guard let column = entity.columnIndex(of: keyPath), let stored = entity.columns[column].convert(value),
      let rowID = state.withLock({ $0.records[id]?.id })
    else { return }
    try store.check([.update(table: entity.table, id: rowID, columns: [columnNames[column]], values: [stored])])
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

  private struct Record {
    let object: Model
    let id: Int64
    var saved: [StoreValue]
    var observations: [KeyValueObservation]
  }

  private struct State {
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
    /// Whether a step of following is being carried out.
    var isFollowingBusy = false
    /// Saves of this instance's whose notices are not heard yet, by row and column.
    var ownSaves: [OwnKey: OwnSave] = [:]
    /// The object of each row.
    var rows: [Int64: ObjectIdentifier] = [:]
  }

  /// A step of following other instances: a notice to apply, or this instance's newer values to
  /// show again after older ones of another's.
  private enum FollowStep {
    case notice(StoreNotice)
    case showOwn([OwnKey])
  }
}

/// A column of a row.
private struct OwnKey: Hashable {
  let row: Int64
  let column: Int
}

/// This instance's saves of one column of one row whose notices are not heard yet: how many, and
/// the last value.
private struct OwnSave {
  var count = 0
  var value = StoreValue.null

  mutating func add(_ value: StoreValue) {
    count += 1
    self.value = value
  }
}

extension Dictionary where Key == OwnKey, Value == OwnSave {
  /// Counts one save of `key` as heard.
  fileprivate mutating func lower(_ key: OwnKey) {
    guard var save = self[key] else { return }
    save.count -= 1
    self[key] = save.count > 0 ? save : nil
  }
}

/// An edit's identity in an undo group: the same property of the same object.
private struct EditKey: Hashable {
  let content: ObjectIdentifier
  let object: ObjectIdentifier
  let column: Int
}
