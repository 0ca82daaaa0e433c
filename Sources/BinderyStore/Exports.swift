// `import BinderyStore` (or a store that re-exports it) is enough for store-backed controllers: the
// module re-exports the core and the controllers its API extends (`ArrayController.bindContent`,
// `EditHistory`).
@_exported public import Bindery
@_exported public import BinderyControllers
