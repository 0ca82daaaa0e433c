// `import BinderyWeb` is enough for a screen on a web page: the front end re-exports the core, the
// controllers, the headless controls, the spec loader (with the expression language) and the screens
// its API is made of.
@_exported public import Bindery
@_exported public import BinderyControllers
@_exported public import BinderyControls
@_exported public import BinderyScreens
@_exported public import BinderySpec
