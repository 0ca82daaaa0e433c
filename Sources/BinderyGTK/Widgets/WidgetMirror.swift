#if GTK
  import Bindery
  import CGTK
  import Synchronization

  /// The GTK side of one control: it keeps a widget in line with its headless control (text, enabled,
  /// hidden, error…) and turns the user's input in the widget into the control's user edits, so they
  /// flow to the model through the control's bindings.
  ///
  /// A change of the control made on the main thread reaches the widget at once; a change made on
  /// another thread reaches it on the main actor soon after (the widget then shows the control's
  /// state as it is by then). Setting a widget from the control never reports a user edit (no echo).
  @MainActor
  class WidgetMirror: WidgetRefreshing {
    /// The widget. The mirror holds a reference to it until it stops, so the widget is still there
    /// when the mirror lets it go, whatever GTK did with its parent meanwhile.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// What the mirror's parent places: the widget, or a box around it (a field with its error line
    /// under it). Hiding the control hides it.
    let placed: UnsafeMutablePointer<GtkWidget>
    private var tokens: [KeyValueObservation] = []
    private var connections: [SignalConnection] = []
    /// Widgets the mirror made beside its own and keeps until it stops (buttons in a row, pages).
    private var held: [UnsafeMutablePointer<GtkWidget>] = []
    private let scheduler = UpdateScheduler()
    private var blocking = 0
    /// Whether ``stop()`` ran: the widget is no longer followed and may be gone.
    private(set) var isStopped = false

    /// A mirror of `widget`, placed in its parent as `placed` (a box holding `widget`), by default
    /// as itself.
    init(widget: UnsafeMutablePointer<GtkWidget>, placed: UnsafeMutablePointer<GtkWidget>? = nil) {
      self.widget = widget
      self.placed = placed ?? widget
      g_object_ref_sink(widget)
      if let placed { g_object_ref_sink(placed) }
      scheduler.mirror = self
    }

    /// Keeps `made` (a widget the mirror made, which its row or page may drop and take again) until
    /// the mirror stops, so a signal connected to it is disconnected from a live widget.
    @discardableResult
    func hold(_ made: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
      g_object_ref_sink(made)
      held.append(made)
      return made
    }

    /// Adds the style class `name` to the widget, or removes it.
    func setStyleClass(_ name: String, _ on: Bool) {
      guard (gtk_widget_has_css_class(widget, name) != 0) != on else { return }
      if on { gtk_widget_add_css_class(widget, name) } else { gtk_widget_remove_css_class(widget, name) }
    }

    /// The mirrors of the widgets inside this one.
    var children: [WidgetMirror] { [] }

    /// Brings the widget in line with its control: each setter compares first, so this is cheap
    /// when little changed. Called only while the mirror runs (``refresh()``).
    func update() {}

    /// Brings the widget in line with its control, unless the mirror stopped (a user's edit can
    /// close the window it is in).
    func refresh() {
      if !isStopped { update() }
    }

    /// Ends the editing under way in this widget and those inside it (the window is closing).
    func finishEditing() {
      children.forEach { $0.finishEditing() }
    }

    /// Updates the widget after each change of `keyPath` of `control`.
    func follow<Control: AnyObject, Value>(_ control: Control, _ keyPath: KeyPath<Control, Value>) {
      let scheduler = self.scheduler
      tokens.append(observe(control, keyPath) { _ in scheduler.controlDidChange() })
    }

    /// Updates the widget after each change of what `tracked` reads.
    func follow(_ token: KeyValueObservation) {
      tokens.append(token)
    }

    /// A scheduler the mirror's own observations call when what they follow changes.
    var updateScheduler: UpdateScheduler { scheduler }

    /// Runs `action` on each emission of `signal` of `instance` (the widget, or a part of it),
    /// except while the mirror sets the widget itself.
    func on(
      _ signal: String, of instance: UnsafeMutableRawPointer? = nil, shape: SignalShape = .plain,
      _ action: @escaping @MainActor @Sendable () -> Void
    ) {
      connections.append(connectSignal(instance ?? UnsafeMutableRawPointer(widget), signal, shape: shape, action))
    }

    /// Runs `body`, which sets the widget from its control, with the mirror's signal handlers
    /// blocked: what the control set is not reported back as a user's edit.
    func settingWidget(_ body: () -> Void) {
      blocking += 1
      // Only the handlers blocked here are unblocked: `body` may connect new ones (a row made while
      // the widget is set), and unblocking a handler that is not blocked is a GLib warning.
      let blocked = blocking == 1 ? connections : []
      blocked.forEach { g_signal_handler_block($0.instance, $0.id) }
      body()
      blocked.forEach { g_signal_handler_unblock($0.instance, $0.id) }
      blocking -= 1
    }

    /// Shows the widget as enabled (sensitive) and visible as its control says.
    func apply(enabled: Bool? = nil, hidden: Bool) {
      if let enabled, (gtk_widget_get_sensitive(widget) != 0) != enabled {
        gtk_widget_set_sensitive(widget, enabled ? 1 : 0)
      }
      if (gtk_widget_get_visible(placed) != 0) == hidden { gtk_widget_set_visible(placed, hidden ? 0 : 1) }
    }

    /// Shows `text` in the `GtkLabel` `label` (as text, never markup), unless it shows it already.
    func show(_ text: String?, in label: UnsafeMutablePointer<GtkWidget>) {
      let wanted = text ?? ""
      if String(gtk: gtk_label_get_text(cgtk_label(label))) != wanted { gtk_label_set_text(cgtk_label(label), wanted) }
    }

    /// Stops following the control and the widget's signals (the widget is leaving its window).
    func stop() {
      guard !isStopped else { return }
      isStopped = true
      tokens.forEach { $0.unbind() }
      tokens = []
      for connection in connections where g_signal_handler_is_connected(connection.instance, connection.id) != 0 {
        g_signal_handler_disconnect(connection.instance, connection.id)
      }
      connections = []
      children.forEach { $0.stop() }
      held.forEach { g_object_unref($0) }
      held = []
      if placed != widget { g_object_unref(placed) }
      g_object_unref(widget)
    }
  }

  /// What keeps a widget in line with a Bindery object (a mirror, a bound GObject property).
  @MainActor
  protocol WidgetRefreshing: AnyObject {
    /// Brings the widget in line with its object, unless it stopped following it.
    func refresh()
  }

  /// Brings a mirror's widget up to date after its control changed: at once on the main thread,
  /// or once on the main actor for any number of changes made on other threads meanwhile.
  final class UpdateScheduler: @unchecked Sendable {
    /// Touched on the main actor only.
    weak var mirror: (any WidgetRefreshing)?
    private let pending = Atomic<Bool>(false)

    /// The control changed, on any thread.
    func controlDidChange() {
      if cgtk_is_main_thread() != 0 {
        MainActor.assumeIsolated { self.updateNow() }
      } else if pending.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
        Task { @MainActor in
          self.pending.store(false, ordering: .releasing)
          self.updateNow()
        }
      }
    }

    @MainActor private func updateNow() {
      mirror?.refresh()
    }
  }

  extension String {
    /// A C string GTK returned, or `""` for none.
    init(gtk pointer: UnsafePointer<CChar>?) {
      self = pointer.map { String(cString: $0) } ?? ""
    }
  }
#endif
