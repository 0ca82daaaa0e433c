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
      let rows = StoreQuery(table: query.table, columns: query.columns, condition: query.condition, ids: [row])
      let fetched = try inOrder { () throws(StoreError) in try store.fetch(rows) }.first
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
