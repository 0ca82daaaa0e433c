public import Bindery
import BinderyControls
import BinderyFormatters
public import BinderyScreens
public import BinderySpec

/// What PersonEditor.spec.yaml names beyond the controls, for every front end (the web page, the GTK
/// window, the headless walkthrough): the list's items, the buttons' actions, the text formats.
public enum PersonEditorScreen {
  /// The transformers the file names: the standard ones and the text formats (`numberFormatter`,
  /// `dateFormatter`, `measurementFormatter`).
  public static let transformers: BindingTransformerRegistry = {
    let registry = BindingTransformerRegistry()
    registry.registerTextFormats()
    return registry
  }()

  /// Loads the file for `controller` as a screen of headless controls (what a desktop window shows).
  /// `save` runs when Save is clicked.
  public static func load(
    specPath: String,
    controller: PeopleViewController,
    save: @escaping @Sendable (PeopleViewController) -> Void
  ) throws(SpecLoadError) -> LoadedScreen {
    try ScreenSpec.load(
      contentsOf: specPath, model: controller, modelClass: "PeopleViewController", root: "Page",
      lists: HeadlessControls.lists, transformers: transformers
    ) { classes in register(in: classes, save: save) }
  }

  /// Registers the list's items and the buttons' actions: Save, Undo and Redo (Add and Remove are the
  /// window's controller's own).
  public static func register(
    in classes: SpecClassRegistry, save: @escaping @Sendable (PeopleViewController) -> Void
  ) {
    classes.register(Person.self) { Person() }  // the list's items, to check its row template
    classes.registerAction("undo", of: PeopleViewController.self) { $0.history.undo() }
    classes.registerAction("redo", of: PeopleViewController.self) { $0.history.redo() }
    classes.registerAction("save", of: PeopleViewController.self, perform: save)
  }
}
