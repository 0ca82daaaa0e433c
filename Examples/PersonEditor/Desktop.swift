// PersonEditor on the Linux desktop (`swift run --traits GTK PersonEditor --gtk`): the same
// PersonEditor.spec.yaml, shown as a native GTK 4 window instead of a web page.
#if GTK
  import BinderyControls
  import BinderyScreens
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

    /// Opens the windows and runs GTK's loop until the last one closes.
    func run(specPath: String, windowCount: Int) throws {
      try GTKMainLoop.start()
      // Another instance's edits (PostgreSQL's NOTIFY) reach the windows on the main actor.
      controller.content?.followChangesByOthers { apply in Task { @MainActor in apply() } }
      for index in 0..<max(1, windowCount) {
        let screen = try PersonEditorScreen.load(specPath: specPath, controller: controller) { [self] _ in
          MainActor.assumeIsolated { self.save() }  // a button's click: GTK's thread, the main actor's
        }
        let title = windowCount > 1 ? "People (\(index + 1))" : "People"
        let window = try GTKWindowHost(title: title, screen: screen)
        window.handleUndo(
          undo: { [controller] in controller.history.undo() }, redo: { [controller] in controller.history.redo() })
        window.present()
        windows.append(window)
      }
      print("PersonEditor: \(windows.count) GTK window(s) open (close them to quit)")
      fflush(nil)
      GTKMainLoop.run()
      windows = []
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
