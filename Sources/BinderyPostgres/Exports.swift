// `import BinderyPostgres` is enough for controllers kept in PostgreSQL: the store re-exports
// BinderyStore (the `RecordStore` protocol, entities, store-backed controllers), which re-exports the
// core and the controllers. Like the rest of the module, only with the package's Postgres trait.
#if Postgres
  @_exported public import BinderyStore
#endif
