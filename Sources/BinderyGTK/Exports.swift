// `import BinderyGTK` is enough for a screen in a GTK window: the front end re-exports the core, the
// controllers, the headless controls, the spec loader (with the expression language) and the screens
// its API is made of. Like the rest of the module, only with the package's GTK trait.
#if GTK
  @_exported public import Bindery
  @_exported public import BinderyControllers
  @_exported public import BinderyControls
  @_exported public import BinderyScreens
  @_exported public import BinderySpec
#endif
