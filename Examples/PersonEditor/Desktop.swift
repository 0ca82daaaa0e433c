// PersonEditor on the Linux desktop (`swift run --traits GTK PersonEditor --gtk`): the same
// PersonEditor.spec.yaml, shown as a native GTK 4 and libadwaita window instead of a web page: a GNOME
// app (io.github.bindery.PersonEditor, one instance, Ctrl+Q), Add, Remove, Undo and Redo in the header
// bar, toasts for a removal (with Undo) and for the database's errors.
#if GTK
  import BinderyGTK
  import PersonEditorKit
  import Foundation

  /// The desktop app: one model, shown in `windowCount` windows that all edit it (each follows the
  /// others' edits), until the last window closes.
  @MainActor
  final class DesktopPersonEditor {
    let controller: PeopleViewController
    private var windows: [GTKWindowHost] = []

    /// The app, showing the people of `controller`.
    init(controller: PeopleViewController) {
      self.controller = controller
    }

    /// The app's id: its `.desktop` file is `io.github.bindery.PersonEditor.desktop`.
    static let applicationID = "io.github.bindery.PersonEditor"

    /// Opens the windows and runs GTK's loop until the last one closes (or Ctrl+Q). When the app
    /// already runs, that instance brings its window to the front and this one ends.
    func run(specPath: String, windowCount: Int) throws {
      let app = try GTKApplication(id: Self.applicationID)
      guard try app.register(onActivate: { [weak self] in self?.windows.first?.present() }) else {
        print("PersonEditor: already running; its window was brought to the front")
        return
      }
      // Another instance's edits (PostgreSQL's NOTIFY) reach the windows on the main actor.
      controller.content?.followChangesByOthers { apply in Task { @MainActor in apply() } }
      // The database refused an edit: every window says so.
      controller.content?.errorHandler = { error in
        Task { @MainActor [weak self] in
          self?.windows.forEach { $0.showToast("Not saved: \(error.message)") }
        }
      }
      for index in 0..<max(1, windowCount) {
        let screen = try PersonEditorScreen.load(specPath: specPath, controller: controller) { [self] _ in
          MainActor.assumeIsolated { self.save() }  // a button's click: GTK's thread, the main actor's
        }
        let title = windowCount > 1 ? "People (\(index + 1))" : "People"
        let window = try GTKWindowHost(title: title, screen: screen, width: 600, height: 640, application: app)
        window.handleUndo(
          undo: { [controller] in controller.history.undo() }, redo: { [controller] in controller.history.redo() })
        toastRemovals(in: screen, window: window)
        window.present()
        windows.append(window)
      }
      print("PersonEditor: \(windows.count) GTK window(s) open (close them to quit)")
      fflush(nil)
      GTKMainLoop.run()
      windows = []
    }

    /// Remove (the button, or Delete in the list) says what it removed in a toast, with Undo.
    private func toastRemovals(in screen: LoadedScreen, window: GTKWindowHost) {
      guard let people = screen.objects.object(named: "PeopleController", as: ArrayController<Person>.self) else {
        return
      }
      let history = controller.history
      /// Runs `remove`, then shows what left the list.
      func toasting<Result>(_ remove: () -> Result) -> Result {
        let removed = people.selectedObjects
        let result = remove()
        let gone = removed.filter { person in !people.arrangedObjects.contains { $0 === person } }
        guard !gone.isEmpty else { return result }
        let text = gone.count == 1 ? "\(gone[0].fullName ?? "A person") removed" : "\(gone.count) people removed"
        window.showToast(text, button: "Undo") { history.undo() }
        return result
      }
      if let button = screen.objects.object(named: "RemoveButton", as: HeadlessButton.self) {
        let remove = button.action
        // A click and a key press arrive on GTK's thread, the main actor's.
        button.action = { MainActor.assumeIsolated { toasting { remove?() } } }
      }
      if let list = screen.objects.object(named: "People", as: HeadlessListView<Person>.self) {
        let delete = list.onUserDelete
        list.onUserDelete = { MainActor.assumeIsolated { toasting { delete?() ?? false } } }
      }
    }

    /// Save: the fields are disabled while saving; a main-actor task ends it, run by GTK's loop.
    private func save() {
      controller.isSaving = true
      Task { @MainActor [self] in
        try? await Task.sleep(for: PersonEditorPage.saveDuration)
        self.controller.isSaving = false
      }
    }
  }
#endif
