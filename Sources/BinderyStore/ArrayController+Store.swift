public import BinderyControllers

extension ArrayController {
  /// Makes the content the rows of `entity`'s table in `store` (Cocoa's entity mode): fetched now by
  /// `filter` and `sort` (the table is created if the database has none), one object per row. Add
  /// inserts a row, Remove deletes the selected rows, and edits of the objects' mapped properties
  /// are saved as `saving` says, each registered in `history` for undo. The controller's sort order
  /// becomes `sort`, so added and edited objects stay in order.
  ///
  /// ```swift
  /// let store = try SQLiteStore(path: "people.sqlite")
  /// let people = ArrayController<Person>(makeElement: { Person() })
  /// try people.bindContent(to: store, entity: Person.entity, sort: [.ascending(\.lastName)])
  /// ```
  ///
  /// Nothing changes when it throws: a bad name, a filter on a property with no column, a database
  /// that cannot be read, or a row that does not fit its property (the error names the row and the
  /// column). The controller keeps the returned content; setting or binding the content again ends
  /// it.
  @discardableResult
  public func bindContent(
    to store: any RecordStore,
    entity: StoreEntity<Element>,
    filter: StoreFilter<Element>? = nil,
    sort: [StoreSort<Element>] = [],
    saving: StoreSavePolicy = .immediately,
    history: EditHistory? = nil
  ) throws(StoreError) -> StoredContent<Element> {
    let host = StoredContent<Element>.Host(
      insert: { [weak self] object, index in
        guard let self else { return }
        insertOwnContent(object, at: index ?? content.count)
      },
      remove: { [weak self] ids in self?.removeOwnContent(ids) },
      index: { [weak self] object in self?.content.firstIndex { $0 === object } },
      detach: { [weak self] owner in
        if self?.contentGate?.owner == owner { self?.contentGate = nil }
      })
    let (stored, fetched) = try StoredContent.fetched(
      store: store, entity: entity, filter: filter, sort: sort, saving: saving, history: history, host: host)
    // The order first, so the content is arranged once.
    if !sort.isEmpty { sortOrder = sort.map(\.arrangement) }
    setContent(fetched.map(\.0))
    stored.adopt(fetched)
    contentGate = stored.gate
    return stored
  }
}

extension ObjectController {
  /// Makes the content the first row `filter` selects in `entity`'s table (by `sort`), or none:
  /// Add inserts a row, Remove deletes it, and edits of its mapped properties are saved as `saving`
  /// says, each registered in `history` for undo. Nothing changes when it throws. Following other
  /// instances, it keeps its object (rows they add do not replace it) until its row is deleted or
  /// leaves the filter; a ``StoredContent/refresh()`` takes the first row again.
  @discardableResult
  public func bindContent(
    to store: any RecordStore,
    entity: StoreEntity<Content>,
    filter: StoreFilter<Content>? = nil,
    sort: [StoreSort<Content>] = [],
    saving: StoreSavePolicy = .immediately,
    history: EditHistory? = nil
  ) throws(StoreError) -> StoredContent<Content> {
    let host = StoredContent<Content>.Host(
      insert: { [weak self] object, _ in self?.setContent(object) },
      remove: { [weak self] ids in
        guard let self, let content, ids.contains(ObjectIdentifier(content)) else { return }
        setContent(nil)
      },
      index: { [weak self] object in self?.content === object ? 0 : nil },
      detach: { [weak self] owner in
        if self?.contentGate?.owner == owner { self?.contentGate = nil }
      },
      holdsOne: true)
    let (stored, fetched) = try StoredContent.fetched(
      store: store, entity: entity, filter: filter, sort: sort, saving: saving, history: history, host: host)
    setContent(fetched.first?.0)
    stored.adopt(fetched)
    contentGate = stored.gate
    return stored
  }
}

extension StoredContent {
  /// Content for `entity`'s table, prepared in `store`, and its rows as new objects, not yet kept.
  static func fetched(
    store: any RecordStore, entity: StoreEntity<Model>, filter: StoreFilter<Model>?, sort: [StoreSort<Model>],
    saving: StoreSavePolicy, history: EditHistory?, host: Host
  ) throws(StoreError) -> (StoredContent, [(Model, StoreRow)]) {
    let query = try StoreQueries.query(for: entity, filter: filter, sort: sort)
    _ = try store.prepare(entity.storeTable)
    let stored = StoredContent(store: store, entity: entity, query: query, history: history, policy: saving, host: host)
    return (stored, try stored.fetchObjects())
  }

  /// What the controller asks before its Add and Remove change its content: the database.
  var gate: ContentGate<Model> {
    ContentGate(
      owner: self,
      willInsert: { object, _ in self.insertRow(for: object) },
      willRemove: { objects in self.deleteRows(of: objects) })
  }
}

/// The query a store-backed controller fetches with.
enum StoreQueries {
  static func query<Model: AnyObject>(
    for entity: StoreEntity<Model>, filter: StoreFilter<Model>?, sort: [StoreSort<Model>]
  ) throws(StoreError) -> StoreQuery {
    try entity.checkNames()
    var order: [(column: String, ascending: Bool)] = []
    for key in sort {
      guard let index = entity.columnIndex(of: key.keyPath) else {
        throw StoreError(.unknownColumn, "the sort reads \(key.keyPath), which no column holds", table: entity.table)
      }
      order.append((entity.columns[index].name, key.isAscending))
    }
    return StoreQuery(
      table: entity.table, columns: entity.columns.map(\.name), condition: try filter?.condition(in: entity),
      order: order)
  }
}
