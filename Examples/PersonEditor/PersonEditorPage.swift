import Bindery
import BinderyControllers
import BinderyControls
import BinderyFormatters
import BinderyScreens
import BinderySpec
import BinderyWeb

/// PersonEditor's page: everything it shows and binds is declared in PersonEditor.spec.yaml (the
/// list and its rows, the labelled fields with their formats and placeholders, the buttons' bindings
/// and actions). The Swift code declares the model, registers what the file names, and serves it.
enum PersonEditorPage {
  /// How long Save keeps the controller saving.
  static let saveDuration = Duration.milliseconds(1500)

  /// The transformers the page's file names: the standard ones and the text formats
  /// (`numberFormatter`, `dateFormatter`, `measurementFormatter`).
  static let transformers: BindingTransformerRegistry = {
    let registry = BindingTransformerRegistry()
    registry.registerTextFormats()
    return registry
  }()

  /// The page, its model shared by every tab.
  static func make(specPath: String) -> WebPage {
    WebPage(title: "People", model: { PeopleViewController() }, sharing: .shared) { controller, context in
      try load(specPath: specPath, controller: controller) { controller in
        controller.isSaving = true
        context.after(saveDuration) { controller.isSaving = false }
      }
      .content
    }
  }

  /// Loads the page's file for `controller`: its content for a browser, and its objects (headless
  /// controls) by name. `save` runs when Save is clicked.
  static func load(
    specPath: String,
    controller: PeopleViewController,
    save: @escaping @Sendable (PeopleViewController) -> Void
  ) throws(SpecLoadError) -> (content: WebContent, objects: SpecObjects) {
    try WebSpec.load(
      contentsOf: specPath, model: controller, modelClass: "PeopleViewController", root: "Page",
      transformers: transformers
    ) { classes in register(in: classes, save: save) }
  }

  /// Loads the page's file for `controller` as a screen of headless controls (what a desktop window
  /// shows). `save` runs when Save is clicked.
  static func loadScreen(
    specPath: String,
    controller: PeopleViewController,
    save: @escaping @Sendable (PeopleViewController) -> Void
  ) throws(SpecLoadError) -> LoadedScreen {
    try ScreenSpec.load(
      contentsOf: specPath, model: controller, modelClass: "PeopleViewController", root: "Page",
      lists: HeadlessControls.lists, transformers: transformers
    ) { classes in register(in: classes, save: save) }
  }

  /// What the file names beyond the controls: the list's items and the buttons' actions.
  private static func register(
    in classes: SpecClassRegistry, save: @escaping @Sendable (PeopleViewController) -> Void
  ) {
    classes.register(Person.self) { Person() }  // the list's items, to check its row template
    classes.registerAction("addPerson", of: PeopleViewController.self) { $0.people.add() }
    classes.registerAction("removePerson", of: PeopleViewController.self) { $0.people.remove() }
    classes.registerAction("save", of: PeopleViewController.self, perform: save)
  }
}
