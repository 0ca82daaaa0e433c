#if GTK
  import Bindery
  import BinderyControls
  import BinderyGTK
  import PersonEditorKit
  import CGTK
  import Foundation
  import Testing

  /// Every GTK suite, one at a time: they share one display, and xdotool types into whichever window
  /// has the focus.
  @MainActor
  @Suite(.serialized, .enabled(if: hasDisplay, "needs a display (Xvfb)"))
  enum GTKSuites {}

  /// Whether a display is there for GTK (CI runs these tests under Xvfb).
  let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false

  /// Whether xdotool can type into windows on the display.
  let hasXdotool = FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")

  /// PersonEditor.spec.yaml, the file the browser page and the desktop window load.
  let personEditorSpec = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/PersonEditor/PersonEditor.spec.yaml").path

  /// A new window title, so xdotool finds this test's window and no other.
  @MainActor
  func uniqueTitle(_ name: String) -> String {
    titleCounter += 1
    return "\(name) \(titleCounter) \(getpid())"
  }

  @MainActor private var titleCounter = 0

  /// Handles GTK's events, and lets the main actor's queued work run, until `condition` holds or
  /// `timeout` passes.
  @MainActor
  @discardableResult
  func settle(timeout: Duration = .seconds(5), until condition: () -> Bool = { false }) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    repeat {
      GTKMainLoop.processPendingEvents()
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(5))
    } while clock.now < deadline
    GTKMainLoop.processPendingEvents()
    return condition()
  }

  /// Lets GTK handle what it has for a short while (redraws, queued updates).
  @MainActor
  func settleBriefly() async {
    await settle(timeout: .milliseconds(150))
  }

  /// Runs xdotool with `arguments`, handling GTK's events while it runs.
  @MainActor
  @discardableResult
  func xdotool(_ arguments: [String]) async throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    while process.isRunning {
      GTKMainLoop.processPendingEvents()
      try? await Task.sleep(for: .milliseconds(5))
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    return String(decoding: data, as: UTF8.self)
  }

  /// The X window id of the window titled `title`, once it is mapped.
  @MainActor
  func windowID(titled title: String) async throws -> String {
    for _ in 0..<50 {
      if let id = try await xdotool(["search", "--onlyvisible", "--name", title]).split(separator: "\n").first {
        return String(id)
      }
      await settle(timeout: .milliseconds(100))
    }
    throw XWindowNotFound(title: title)
  }

  /// No X window has the title.
  struct XWindowNotFound: Error {
    let title: String
  }

  /// Gives the keyboard focus to the X window titled `title` (no window manager runs under Xvfb), and
  /// waits until GTK knows its window is active.
  @MainActor
  func focusWindow(titled title: String, of widget: UnsafeMutablePointer<GtkWidget>) async throws {
    let id = try await windowID(titled: title)
    let window = try #require(gtk_widget_get_root(widget))
    for _ in 0..<5 {
      try await xdotool(["windowfocus", "--sync", id])
      if await settle(
        timeout: .seconds(1), until: { gtk_window_is_active(cgtk_window(UnsafeMutableRawPointer(window))) != 0 })
      {
        return
      }
    }
    Issue.record("the window titled \(title) did not become active")
  }

  /// Types `text` with the keyboard (xdotool) into `widget` of the window titled `title`, replacing
  /// what it holds, then presses Return when asked. A widget that cannot take the focus (a disabled
  /// one) is typed at all the same, as a user would try.
  @MainActor
  func type(
    _ text: String, into widget: UnsafeMutablePointer<GtkWidget>, ofWindowTitled title: String,
    pressReturn: Bool = false
  ) async throws {
    try await focusWindow(titled: title, of: widget)
    gtk_widget_grab_focus(widget)
    let focused = await settle(timeout: .seconds(2)) {
      gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_FOCUS_WITHIN.rawValue != 0
    }
    #expect(focused || gtk_widget_is_sensitive(widget) == 0, "the widget did not get the keyboard focus")
    try await xdotool(["key", "--clearmodifiers", "ctrl+a"])
    try await xdotool(["type", "--delay", "15", text])
    if pressReturn { try await xdotool(["key", "Return"]) }
    await settleBriefly()
  }

  /// The error shown on the line under `entry` (under its row, for a labelled field), `nil` when
  /// that line is hidden.
  @MainActor
  func errorLine(of entry: UnsafeMutablePointer<GtkWidget>) -> String? {
    var current: UnsafeMutablePointer<GtkWidget>? = entry
    while let widget = current {
      if let line = gtk_widget_get_next_sibling(widget), gtk_widget_has_css_class(line, "error") != 0 {
        guard gtk_widget_get_visible(line) != 0 else { return nil }
        return String(cString: gtk_label_get_text(cgtk_label(line)))
      }
      current = gtk_widget_get_parent(widget)
    }
    return nil
  }

  /// Clicks the middle of `widget` of the window titled `title` with the mouse (xdotool).
  @MainActor
  func click(_ widget: UnsafeMutablePointer<GtkWidget>, ofWindowTitled title: String) async throws {
    try await focusWindow(titled: title, of: widget)
    let root = try #require(gtk_widget_get_root(widget))
    var middle = graphene_point_t(
      x: Float(gtk_widget_get_width(widget)) / 2, y: Float(gtk_widget_get_height(widget)) / 2)
    var inWindow = graphene_point_t()
    #expect(gtk_widget_compute_point(widget, cgtk_widget(UnsafeMutableRawPointer(root)), &middle, &inWindow) != 0)
    let geometry = try await xdotool(["getwindowgeometry", "--shell", try await windowID(titled: title)])
    var origin: [String: Int] = [:]
    for line in geometry.split(separator: "\n") {
      let parts = line.split(separator: "=")
      if parts.count == 2, let value = Int(parts[1]) { origin[String(parts[0])] = value }
    }
    // A libadwaita window draws its own shadow around it, inside its X window: the widgets start
    // that far in.
    var shadowX = 0.0
    var shadowY = 0.0
    gtk_native_get_surface_transform(root, &shadowX, &shadowY)
    let x = (origin["X"] ?? 0) + Int(Double(inWindow.x) + shadowX)
    let y = (origin["Y"] ?? 0) + Int(Double(inWindow.y) + shadowY)
    try await xdotool(["mousemove", "--sync", "\(x)", "\(y)", "click", "1"])
    await settleBriefly()
  }

  /// The text of a `GtkLabel`, as GTK has it; `nil` for any other widget.
  @MainActor
  func labelText(_ widget: UnsafeMutablePointer<GtkWidget>?) -> String? {
    guard let widget, cgtk_type_is_a(cgtk_object_type(UnsafeMutableRawPointer(widget)), gtk_label_get_type()) != 0
    else { return nil }
    return gtk_label_get_text(cgtk_label(widget)).map { String(cString: $0) }
  }

  /// The text of a `GtkEntry` (or any editable), as GTK has it.
  @MainActor
  func entryText(_ widget: UnsafeMutablePointer<GtkWidget>?) -> String? {
    widget.map { String(cString: gtk_editable_get_text(cgtk_editable($0))) }
  }

  /// The text of a `GtkTextView`, as GTK has it.
  @MainActor
  func textViewText(_ widget: UnsafeMutablePointer<GtkWidget>?) -> String? {
    guard let widget else { return nil }
    let buffer = gtk_text_view_get_buffer(cgtk_text_view(widget))
    var start = GtkTextIter()
    var end = GtkTextIter()
    gtk_text_buffer_get_bounds(buffer, &start, &end)
    guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return nil }
    defer { g_free(text) }
    return String(cString: text)
  }

  /// Whether the widget is sensitive (enabled).
  @MainActor
  func isSensitive(_ widget: UnsafeMutablePointer<GtkWidget>?) -> Bool? {
    widget.map { gtk_widget_get_sensitive($0) != 0 }
  }

  /// The indexes of the rows a `GtkListBox` shows as selected.
  @MainActor
  func selectedRows(_ listBox: UnsafeMutablePointer<GtkWidget>?) -> [Int] {
    guard let listBox else { return [] }
    var indexes: [Int] = []
    var index: Int32 = 0
    while let row = gtk_list_box_get_row_at_index(cgtk_list_box(listBox), index) {
      if gtk_list_box_row_is_selected(row) != 0 { indexes.append(Int(index)) }
      index += 1
    }
    return indexes
  }

  /// The rows of a `GtkListBox`, each as the texts of the labels in it.
  @MainActor
  func listRows(_ listBox: UnsafeMutablePointer<GtkWidget>?) -> [[String]] {
    guard let listBox else { return [] }
    var rows: [[String]] = []
    var index: Int32 = 0
    while let row = gtk_list_box_get_row_at_index(cgtk_list_box(listBox), index) {
      var texts: [String] = []
      var child = gtk_list_box_row_get_child(row).flatMap { gtk_widget_get_first_child($0) }
      while let current = child {
        texts.append(String(cString: gtk_label_get_text(cgtk_label(current))))
        child = gtk_widget_get_next_sibling(current)
      }
      rows.append(texts)
      index += 1
    }
    return rows
  }

  /// Counts the values bindings write back to their models (users' edits; never a programmatic set).
  final class WriteBackCounter: BindingDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var writes = 0

    var count: Int { lock.withLock { writes } }

    func binding(_ binding: PropertyBinding, didUpdateSource value: Any) {
      lock.withLock { writes += 1 }
    }
  }

  /// Counts the GObjects finalized among those it watches.
  final class FinalizationCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var finalized = 0
    private(set) var watched = 0
    /// The objects watched and not finalized yet.
    private var alive: Set<UInt> = []

    var count: Int { lock.withLock { finalized } }

    /// The type names of the watched objects not finalized yet (for a failure's message).
    @MainActor
    var survivors: [String] {
      lock.withLock { alive }.compactMap { address in
        UnsafeMutableRawPointer(bitPattern: address).map { String(cString: cgtk_object_type_name($0)) }
      }.sorted()
    }

    /// Watches `object` and every widget inside it.
    @MainActor
    func watch(tree widget: UnsafeMutablePointer<GtkWidget>) {
      // GTK keeps a display's tooltip window for the next tooltip, whichever window shows it.
      if String(cString: cgtk_object_type_name(widget)) == "GtkTooltipWindow" { return }
      watch(widget)
      var child = gtk_widget_get_first_child(widget)
      while let current = child {
        watch(tree: current)
        child = gtk_widget_get_next_sibling(current)
      }
    }

    @MainActor
    func watch(_ object: UnsafeMutableRawPointer) {
      watched += 1
      _ = lock.withLock { alive.insert(UInt(bitPattern: object)) }
      g_object_weak_ref(
        cgtk_object(object),
        { data, object in
          guard let data else { return }
          Unmanaged<FinalizationCounter>.fromOpaque(data).takeUnretainedValue().didFinalize(object)
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func didFinalize(_ object: UnsafeMutablePointer<GObject>?) {
      lock.withLock {
        finalized += 1
        if let object { alive.remove(UInt(bitPattern: object)) }
      }
    }
  }
#endif
