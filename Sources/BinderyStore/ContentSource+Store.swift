public import BinderyControllers

extension ContentSource where Failure == StoreError {
  /// The rows of `entity`'s table in `store` (Cocoa's entity mode), for an array controller: fetched
  /// when bound, by `filter` and `sort` (the table is created if the database has none), one object
  /// per row. Add inserts a row, Remove deletes the selected rows, and edits of the objects' mapped
  /// properties are saved as `saving` says, each registered in `history` for undo. The controller's
  /// sort order becomes `sort`, so added and edited objects stay in order.
  ///
  /// ```swift
  /// let store = try SQLiteStore(path: "people.sqlite")
  /// let people = ArrayController<Person>(makeElement: { Person() })
  /// try people.bindContent(to: .rows(of: Person.entity, in: store, sort: [.ascending(\.lastName)]))
  /// ```
  ///
  /// Binding throws, and nothing changes, for a bad name, a filter on a property with no column, a
  /// database that cannot be read, or a row that does not fit its property (the error names the row
  /// and the column). The controller keeps the returned content; setting or binding the content
  /// again ends it.
  public static func rows<Element>(
    of entity: StoreEntity<Element>,
    in store: any RecordStore,
    filter: StoreFilter<Element>? = nil,
    sort: [StoreSort<Element>] = [],
    saving: StoreSavePolicy = .immediately,
    history: EditHistory? = nil
  ) -> Self where Controller == ArrayController<Element>, Link == StoredContent<Element> {
    Self { controller, _, _ throws(StoreError) in
      try controller.linkRows(
        in: store, of: entity, filter: filter, sort: sort, saving: saving, history: history)
    }
  }

  /// The first row `filter` selects in `entity`'s table in `store` (by `sort`), or none, for an
  /// object controller: Add inserts a row, Remove deletes it, and edits of its mapped properties are
  /// saved as `saving` says, each registered in `history` for undo. Binding throws, and nothing
  /// changes, as for an array controller. Following other instances, it keeps its object (rows they
  /// add do not replace it) until its row is deleted or leaves the filter; a
  /// ``StoredContent/refresh()`` takes the first row again.
  public static func rows<Content>(
    of entity: StoreEntity<Content>,
    in store: any RecordStore,
    filter: StoreFilter<Content>? = nil,
    sort: [StoreSort<Content>] = [],
    saving: StoreSavePolicy = .immediately,
    history: EditHistory? = nil
  ) -> Self where Controller == ObjectController<Content>, Link == StoredContent<Content> {
    Self { controller, _, _ throws(StoreError) in
      try controller.linkRows(
        in: store, of: entity, filter: filter, sort: sort, saving: saving, history: history)
    }
  }
}
