import Bindery

// Following other instances' changes: the notices of a RecordStoreChangeFeed, applied in commit order.
extension StoredContent {
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

  /// Takes the oldest step waiting and carries it out (on the model's executor). A step that needs
  /// rows read from the database (a notice without its changes, a row new here or under a filter)
  /// reads them on the content's thread first, so a slow database does not hold the model's executor;
  /// the steps after it wait for it.
  private func followNext() {
    let step = state.withLock { state -> FollowStep? in
      guard !state.isFollowingBusy else {
        state.followSkipped = true
        return nil
      }
      guard !state.followQueue.isEmpty else { return nil }
      state.isFollowingBusy = true
      return state.followQueue.removeFirst()
    }
    guard let step else { return }
    // Until the step is done, this instance's own notices wait behind it (it may queue a step that
    // needs them not counted yet).
    var reading: (StoreNotice, StoreQuery)?
    do throws(StoreError) {
      switch step {
      case .notice(let notice):
        if notice.isOwn, notice.changes != nil {
          state.withLock { countOwn(notice, in: &$0) }
        } else if let changes = notice.changes {
          let ids = rowsToRead(changes)
          if ids.isEmpty {
            try applyOthers(changes, read: nil)
          } else {
            let rows = StoreQuery(table: query.table, columns: query.columns, condition: query.condition, ids: ids)
            reading = (notice, rows)
          }
        } else {
          reading = (notice, refreshQuery)
        }
      case .read(let notice, let query, let result, let asked):
        // A write asked for since the read may be missing from its rows (a value saved, a row added
        // or removed): they are read again, after it.
        if state.withLock({ $0.writesAsked }) != asked {
          reading = (notice, query)
          break
        }
        let rows = try result.get()
        if let changes = notice.changes {
          try applyOthers(changes, read: ReadRows(query: query, rows: rows))
        } else {
          // The table as it is now: this instance's saves are all in it.
          state.withLock { $0.ownSaves.removeAll() }
          try takeRows(rows)
        }
      case .showOwn(let keys):
        showOwn(keys)
      }
    } catch {
      _ = report(error)
    }
    if let (notice, query) = reading { return read(query, for: notice) }
    let again = state.withLock { state -> (@Sendable () -> Void)? in
      state.isFollowingBusy = false
      guard state.followSkipped else { return nil }
      state.followSkipped = false
      return state.followQueue.isEmpty ? nil : state.schedule
    }
    again?()
  }

  /// Reads `query` on the content's thread for `notice`, then schedules applying it, first of the
  /// steps waiting.
  private func read(_ query: StoreQuery, for notice: StoreNotice) {
    let store = self.store
    let asked = state.withLock { $0.writesAsked }
    worker.async { [weak self] in
      let result: Result<[StoreRow], StoreError>
      do throws(StoreError) {
        result = .success(try store.fetch(query))
      } catch {
        result = .failure(error)
      }
      guard let self else { return }
      let schedule = self.state.withLock { state -> (@Sendable () -> Void)? in
        // A step asked for meanwhile (skipped) is scheduled again once this one is applied.
        state.isFollowingBusy = false
        guard state.isBound else { return nil }
        state.followQueue.insert(.read(notice, query, result, asked), at: 0)
        return state.schedule
      }
      schedule?()
    }
  }

  /// The rows of `changes` that must be read to be applied: those a filter may select or not, and
  /// those new here whose notice does not carry every column.
  private func rowsToRead(_ changes: [StoreChange]) -> [Int64] {
    var ids: [Int64] = []
    for change in changes {
      switch change {
      case .update(_, let id, let columns, _):
        if needsRead(row: id, columns: columns, inserted: false) { ids.append(id) }
      case .insert(_, let id?, let columns, _):
        if needsRead(row: id, columns: columns, inserted: true) { ids.append(id) }
      case .insert(_, nil, _, _), .expect, .delete:
        continue
      }
    }
    return ids
  }

  /// Whether applying another instance's values for `row` needs the row read from the database.
  private func needsRead(row: Int64, columns: [String], inserted: Bool) -> Bool {
    let (known, full) = state.withLock { state in
      (state.rows[row] != nil, host.holdsOne && !state.records.isEmpty)
    }
    if !known, full { return false }
    let carried = columns.filter { columnNames.contains($0) }.count
    return query.condition != nil || (!known && !(inserted && carried == columnNames.count))
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
  private func applyOthers(_ changes: [StoreChange], read: ReadRows?) throws(StoreError) {
    var overwritten: [OwnKey] = []
    for change in changes {
      switch change {
      case .update(_, let id, let columns, let values):
        try applyOthers(
          row: id, columns: columns, values: values, inserted: false, read: read, overwritten: &overwritten)
      case .insert(_, let id?, let columns, let values):
        try applyOthers(
          row: id, columns: columns, values: values, inserted: true, read: read, overwritten: &overwritten)
      case .insert(_, nil, _, _), .expect:
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
  /// changed). The row, when it must be read, is taken from `read` (read on the content's thread).
  private func applyOthers(
    row: Int64, columns: [String], values: [StoreValue], inserted: Bool, read: ReadRows?,
    overwritten: inout [OwnKey]
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
      let fetched: StoreRow?
      if let read, read.query.ids?.contains(row) == true {
        fetched = read.rows.first { $0.id == row }
      } else {
        let rows = StoreQuery(table: query.table, columns: query.columns, condition: query.condition, ids: [row])
        fetched = try inOrder { () throws(StoreError) in try store.fetch(rows) }.first
      }
      switch (fetched, known) {
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

  /// A step of following other instances: a notice to apply, or this instance's newer values to
  /// show again after older ones of another's.
  enum FollowStep {
    case notice(StoreNotice)
    case showOwn([OwnKey])
    /// A notice whose rows were read (by `query`) on the content's thread, to apply with them, and
    /// how many writes had been asked for when the read was.
    case read(StoreNotice, StoreQuery, Result<[StoreRow], StoreError>, UInt64)
  }

  /// Rows read for a step of following, and the query that read them.
  struct ReadRows {
    let query: StoreQuery
    let rows: [StoreRow]
  }
}

/// A column of a row.
struct OwnKey: Hashable {
  let row: Int64
  let column: Int
}

/// This instance's saves of one column of one row whose notices are not heard yet: how many, and
/// the last value.
struct OwnSave {
  var count = 0
  var value = StoreValue.null

  /// Counts one more save, of `value`.
  mutating func add(_ value: StoreValue) {
    count += 1
    self.value = value
  }
}

extension Dictionary where Key == OwnKey, Value == OwnSave {
  /// Counts one save of `key` as heard.
  mutating func lower(_ key: OwnKey) {
    guard var save = self[key] else { return }
    save.count -= 1
    self[key] = save.count > 0 ? save : nil
  }
}
