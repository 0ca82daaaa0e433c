public import BinderyControllers

// The store's content verbs before `bindContent(to:)` took a ``ContentSource``: kept for one release.

extension ArrayController {
  /// Makes the content the rows of `entity`'s table in `store`.
  @available(*, deprecated, message: "use bindContent(to: .rows(of: entity, in: store, …))")
  @discardableResult
  public func bindContent(
    to store: any RecordStore, entity: StoreEntity<Element>, filter: StoreFilter<Element>? = nil,
    sort: [StoreSort<Element>] = [], saving: StoreSavePolicy = .immediately, history: EditHistory? = nil
  ) throws(StoreError) -> StoredContent<Element> {
    try bindContent(to: .rows(of: entity, in: store, filter: filter, sort: sort, saving: saving, history: history))
  }
}

extension ObjectController {
  /// Makes the content the first row `filter` selects in `entity`'s table in `store`.
  @available(*, deprecated, message: "use bindContent(to: .rows(of: entity, in: store, …))")
  @discardableResult
  public func bindContent(
    to store: any RecordStore, entity: StoreEntity<Content>, filter: StoreFilter<Content>? = nil,
    sort: [StoreSort<Content>] = [], saving: StoreSavePolicy = .immediately, history: EditHistory? = nil
  ) throws(StoreError) -> StoredContent<Content> {
    try bindContent(to: .rows(of: entity, in: store, filter: filter, sort: sort, saving: saving, history: history))
  }
}
