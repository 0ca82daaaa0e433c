#if GTK
  public import Bindery
  public import BinderyControls
  public import CGTK

  /// A GTK window that shows a screen of headless controls (a ``BinderyControls/Panel`` of fields,
  /// labels, buttons, lists…) as GTK widgets, and keeps both in step: the controls' bindings drive
  /// the widgets, and a user's input in a widget is the control's user edit, which its bindings
  /// write to the model.
  ///
  /// The window is a libadwaita window (an `AdwApplicationWindow` when it belongs to a
  /// ``GTKApplication``): a header bar with its title and the buttons of the panels placed in the
  /// toolbar (`placement: toolbar` in a spec file), over the content, which fills the rest of the
  /// window (a list takes the height left), and toasts (``showToast(_:button:action:)``).
  ///
  /// ```swift
  /// try GTKMainLoop.start()
  /// let name = HeadlessTextField(placeholder: "Name")
  /// let greeting = HeadlessLabel()
  /// let bindings = BindingSet()
  /// name.bind(\.text, to: person, \.name).store(in: bindings)
  /// greeting.bind(\.text, to: person, \.greeting).store(in: bindings)
  /// let window = try GTKWindowHost(
  ///   title: "Greeting", root: Panel(subviews: [name, greeting]), names: ["Name": name], bindings: bindings)
  /// window.present()
  /// GTKMainLoop.run()
  /// ```
  ///
  /// The window keeps itself, its controls and its bindings until it closes (the user closes it, or
  /// ``close()``). Closing it ends the editing of the field being edited, as leaving it would, unbinds every binding it was given, stops following its controls and
  /// releases its widgets; a model that outlives the window is left with no observers from it.
  @MainActor
  public final class GTKWindowHost {
    /// The `GtkWindow`, until the window closes.
    public private(set) var window: UnsafeMutablePointer<GtkWidget>?
    /// Called once, after the window closed and its bindings ended.
    public var onClose: (@MainActor () -> Void)?

    private let root: AnyObject
    private let rootMirror: WidgetMirror?
    private let builder: WidgetBuilder
    private let names: [String: AnyObject]
    private let bindings: BindingSet
    private var retained: [AnyObject]
    /// The window's `AdwHeaderBar`: its title, and the buttons of panels placed in the toolbar.
    let headerBar: UnsafeMutablePointer<GtkWidget>
    /// The `AdwToastOverlay` over the content, which ``showToast(_:button:action:)`` shows toasts in.
    let toastOverlay: UnsafeMutablePointer<GtkWidget>

    /// The windows shown and not yet closed; each keeps itself alive until it closes.
    private static var openWindows: [ObjectIdentifier: GTKWindowHost] = [:]

    /// How many windows are shown or not yet shown, and not closed.
    static var openCount: Int { openWindows.count }

    /// Creates a window of `root` and the controls inside it.
    ///
    /// - Parameters:
    ///   - title: The window's title.
    ///   - root: The window's content: a ``BinderyControls/Panel``, a ``BinderyControls/HeadlessView``,
    ///     or a single control.
    ///   - names: Controls by name, for ``widget(named:)``.
    ///   - styled: Controls drawn in a style (secure fields, checkboxes); the window keeps them.
    ///   - bindings: The window's bindings; they end when it closes.
    ///   - width: The window's default width, in pixels.
    ///   - height: The window's default height, in pixels (0: as tall as its content needs).
    ///   - application: The app the window belongs to (an `AdwApplicationWindow`), or `nil` for a
    ///     window of its own (an `AdwWindow`).
    ///   - controls: The app's own control classes the window shows (``GTKControl``).
    /// - Throws: ``GTKError`` when GTK cannot start (no display).
    public convenience init(
      title: String,
      root: AnyObject,
      names: [String: AnyObject] = [:],
      styled: [(control: AnyObject, style: ControlStyle)] = [],
      bindings: BindingSet = BindingSet(),
      width: Int = 440,
      height: Int = 0,
      application: GTKApplication? = nil,
      controls: [any GTKControl.Type] = []
    ) throws(GTKError) {
      let styles = Dictionary(styled.map { (ObjectIdentifier($0.control), $0.style) }) { _, last in last }
      try self.init(
        title: title, root: root, names: names, retaining: styled.map(\.control),
        style: { styles[ObjectIdentifier($0)] },
        bindings: bindings, width: width, height: height, application: application, controls: controls)
    }

    /// Creates a window of `root`, whose controls' styles `style` tells (those of rows made later too).
    init(
      title: String,
      root: AnyObject,
      names: [String: AnyObject],
      retaining: [AnyObject],
      style: @escaping (AnyObject) -> ControlStyle?,
      bindings: BindingSet,
      width: Int,
      height: Int,
      application: GTKApplication?,
      controls: [any GTKControl.Type] = []
    ) throws(GTKError) {
      try GTKMainLoop.start()
      self.root = root
      self.names = names
      self.bindings = bindings
      self.retained = Array(names.values) + retaining
      headerBar = adw_header_bar_new()
      toastOverlay = adw_toast_overlay_new()
      let builder = WidgetBuilder(style: style, controls: controls)
      self.builder = builder
      rootMirror = builder.mirror(for: root)
      rootMirror.map { builder.resolveLabels(in: $0) }
      let window = application.map { adw_application_window_new($0.application)! } ?? adw_window_new()!
      self.window = window
      gtk_window_set_title(cgtk_window(window), title)
      gtk_window_set_default_size(cgtk_window(window), Int32(clamping: width), Int32(clamping: height))
      // A header bar (the title, and the panels placed in the toolbar) over the content, which fills
      // the rest of the window; toasts show over the content.
      adw_header_bar_set_title_widget(cgtk_adw_header_bar(headerBar), adw_window_title_new(title, nil))
      gtk_widget_set_vexpand(toastOverlay, 1)
      let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
      gtk_box_append(cgtk_box(column), headerBar)
      gtk_box_append(cgtk_box(column), toastOverlay)
      if let rootMirror {
        (rootMirror as? BoxMirror)?.hideHeading()  // the header bar shows the window's title
        placeToolbars(of: rootMirror)
        let content = rootMirror.placed
        for margin in [
          gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
          gtk_widget_set_margin_end,
        ] {
          margin(content, 16)
        }
        // A page taller than the window scrolls, as a preferences page does: the window can be made
        // as small as the user likes, and a list still takes the height left when the page fits.
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(scroller), 1)
        gtk_scrolled_window_set_propagate_natural_width(OpaquePointer(scroller), 1)
        gtk_scrolled_window_set_child(OpaquePointer(scroller), content)
        adw_toast_overlay_set_child(cgtk_adw_toast_overlay(toastOverlay), scroller)
      }
      if application != nil {
        adw_application_window_set_content(cgtk_adw_application_window(window), column)
      } else {
        adw_window_set_content(cgtk_adw_window(window), column)
      }
      // Closed by the user (the title bar's button, Alt+F4), unless the app's own handler kept it
      // open: everything ends before GTK tears the widgets down, so the teardown's own signals (a
      // list losing its rows) reach no control.
      _ = connectSignal(UnsafeMutableRawPointer(window), "close-request", shape: .afterOthers) { [weak self] in
        self?.windowDidGo()
      }
      _ = connectSignal(UnsafeMutableRawPointer(window), "destroy") { [weak self] in self?.windowDidGo() }
      Self.openWindows[ObjectIdentifier(self)] = self
    }

    /// Whether the window is open (shown or not yet shown, and not closed).
    public var isOpen: Bool { window != nil }

    /// Shows the window and brings it to the front.
    public func present() {
      window.map { gtk_window_present(cgtk_window($0)) }
    }

    /// Closes the window: the field being edited ends its editing (what was typed is written, as
    /// when the user leaves the field), then its bindings end and its widgets are released. Closing a
    /// closed window does nothing.
    public func close() {
      guard let window else { return }
      windowDidGo()
      gtk_window_destroy(cgtk_window(window))
    }

    /// The widget of the control named `name`, while the window is open (for a list, its list box).
    public func widget(named name: String) -> UnsafeMutablePointer<GtkWidget>? {
      names[name].flatMap { widget(for: $0) }
    }

    /// The widget that shows `control`, while the window is open (for a list, its list box).
    public func widget(for control: AnyObject) -> UnsafeMutablePointer<GtkWidget>? {
      isOpen ? builder.widget(for: control) : nil
    }

    /// Makes Ctrl+Z run `undo` and Ctrl+Shift+Z (or Ctrl+Y) run `redo` anywhere in the window; a
    /// field's own undo of its text comes first while it has the keyboard. The field being edited
    /// ends its editing before, so what was typed is one step to undo.
    public func handleUndo(undo: @escaping @MainActor () -> Void, redo: @escaping @MainActor () -> Void) {
      guard let window else { return }
      let actions = UndoActions(undo: undo, redo: redo)
      onKeyPressed(window) { [weak self] key, state in
        let modifiers = shortcutModifiers(state)
        let control = GDK_CONTROL_MASK.rawValue
        let shift = GDK_SHIFT_MASK.rawValue
        let isUndo = (key == UInt32(GDK_KEY_z) || key == UInt32(GDK_KEY_Z)) && modifiers == control
        let isRedo =
          ((key == UInt32(GDK_KEY_z) || key == UInt32(GDK_KEY_Z)) && modifiers == control | shift)
          || (key == UInt32(GDK_KEY_y) && modifiers == control)
        guard isUndo || isRedo else { return false }
        self?.rootMirror?.finishEditing()
        if isUndo { actions.undo() } else { actions.redo() }
        return true
      }
    }

    /// Shows `text` in a toast over the window's content (libadwaita's `AdwToast`), for a few
    /// seconds, with a button when `button` is given: "Ada Lovelace removed" with Undo. Clicking the
    /// button runs `action` and dismisses the toast. A toast shown while another is up waits its turn.
    public func showToast(_ text: String, button: String? = nil, action: (@MainActor () -> Void)? = nil) {
      guard isOpen else { return }
      // A toast's title is Pango markup: the text is escaped, so it shows as written.
      let escaped = g_markup_escape_text(text, -1)
      let toast = adw_toast_new(escaped)!
      g_free(escaped)
      if let button {
        adw_toast_set_button_label(toast, button)
        if let action {
          _ = connectSignal(UnsafeMutableRawPointer(toast), "button-clicked") { action() }
        }
      }
      adw_toast_overlay_add_toast(cgtk_adw_toast_overlay(toastOverlay), toast)
    }

    /// Closes every open window (the app's Quit).
    static func closeAll() {
      for host in openWindows.values { host.close() }
    }

    /// Moves the widgets of the panels placed in the toolbar (``BinderyControls/Panel/placement``)
    /// from the content into the header bar, at its start, in order.
    private func placeToolbars(of mirror: WidgetMirror) {
      if let box = mirror as? BoxMirror, box.isToolbar {
        if let parent = gtk_widget_get_parent(box.placed) { gtk_box_remove(cgtk_box(parent), box.placed) }
        adw_header_bar_pack_start(cgtk_adw_header_bar(headerBar), box.placed)
        return
      }
      mirror.children.forEach { placeToolbars(of: $0) }
    }

    /// Keeps `object` alive as long as the window is open.
    public func retain(_ object: AnyObject) {
      if isOpen { retained.append(object) }
    }

    /// The window is closing (by the user, by ``close()``, or destroyed by other code): the mirrors
    /// stop following their controls and the bindings end, before GTK releases the widgets.
    private func windowDidGo() {
      guard window != nil else { return }
      rootMirror?.finishEditing()
      window = nil
      rootMirror?.stop()
      bindings.unbind()
      retained = []
      Self.openWindows[ObjectIdentifier(self)] = nil
      let onClose = self.onClose
      self.onClose = nil
      onClose?()
      GTKMainLoop.windowDidClose(remaining: Self.openWindows.count)
    }
  }

  /// The undo and redo a window's Ctrl+Z and Ctrl+Shift+Z run.
  private struct UndoActions: @unchecked Sendable {
    // Unchecked: run on the main actor only, by GTK's key handler.
    let undo: @MainActor () -> Void
    let redo: @MainActor () -> Void
  }
#endif
