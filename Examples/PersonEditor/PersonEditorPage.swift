import BinderyWeb
import PersonEditorKit

/// PersonEditor's page: everything it shows and binds is declared in PersonEditor.spec.yaml (the
/// list and its rows, the labelled fields with their formats and placeholders, the buttons' bindings
/// and actions). The Swift code declares the model, registers what the file names, and serves it.
enum PersonEditorPage {
  /// How long Save keeps the controller saving.
  static let saveDuration = Duration.milliseconds(1500)

  /// The page, its model (`controller`, made before the server starts, so a database that cannot be
  /// read stops it at once) shared by every tab.
  static func make(specPath: String, controller: PeopleViewController) -> WebPage {
    let shared = MadeBeforeServing(controller)
    return WebPage(title: "People", model: { shared.controller }, sharing: .shared) { controller, context in
      let content = try load(specPath: specPath, controller: controller) { controller in
        controller.isSaving = true
        context.after(saveDuration) { controller.isSaving = false }
      }
      .content
      content.undoHistory = controller.history  // Ctrl+Z, Ctrl+Shift+Z
      return content
    }
  }

  /// What the server does once it takes no more messages (SIGTERM): saves what is pending.
  static func savingPending(of controller: PeopleViewController) -> @Sendable () async -> Void {
    let shared = MadeBeforeServing(controller)
    return { try? shared.controller.content?.save() }
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
      transformers: PersonEditorScreen.transformers
    ) { classes in PersonEditorScreen.register(in: classes, save: save) }
  }
}

/// The page's model, made on the main thread before the server starts, then used by the page only.
private struct MadeBeforeServing: @unchecked Sendable {
  let controller: PeopleViewController
  init(_ controller: PeopleViewController) { self.controller = controller }
}
