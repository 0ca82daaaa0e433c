import BinderyControllers

extension ArrayController {
  /// Makes the content the rows of `entity`'s table in `store` (``ContentSource``'s
  /// `rows(of:in:filter:sort:saving:history:)`). Nothing changes when it throws.
  func linkRows(
    in store: any RecordStore,
    of entity: StoreEntity<Element>,
    filter: StoreFilter<Element>?,
    sort: [StoreSort<Element>],
    saving: StoreSavePolicy,
    history: EditHistory?
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
  /// Makes the content the first row of `entity`'s table in `store` that `filter` selects, by
  /// `sort` (``ContentSource``'s `rows(of:in:filter:sort:saving:history:)`). Nothing changes when it
  /// throws.
  func linkRows(
    in store: any RecordStore,
    of entity: StoreEntity<Content>,
    filter: StoreFilter<Content>?,
    sort: [StoreSort<Content>],
    saving: StoreSavePolicy,
    history: EditHistory?
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
