// `import BinderySQLite` is enough for controllers kept in SQLite: the store re-exports BinderyStore
// (the `RecordStore` protocol, entities, store-backed controllers), which re-exports the core and
// the controllers.
@_exported public import BinderyStore
