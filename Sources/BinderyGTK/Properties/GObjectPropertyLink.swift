#if GTK
  import Bindery
  import CGTK

  /// Keeps a GObject property and its ``GObjectProperty`` in step: a change of the property's value
  /// is set on the object with the `notify::` handler blocked, a `notify::` from anywhere else is the
  /// user's edit.
  ///
  /// The object the property's name starts from (the widget) keeps the link, and the link keeps the
  /// ``GObjectProperty`` and the object that has the property (a text view's buffer): when the widget
  /// is disposed, the link stops and lets them go.
  @MainActor
  final class GObjectPropertyLink<Value: GValueConvertible>: WidgetRefreshing {
    private let property: GObjectProperty<Value>
    private let path: GObjectPropertyPath
    private let scheduler = UpdateScheduler()
    private var tokens: [KeyValueObservation] = []
    private var notify: SignalConnection?
    private var isStopped = false
    private var hasPendingEdit = false
    private var isHandlingEdit = false
    private var shownError = false

    init(property: GObjectProperty<Value>, path: GObjectPropertyPath) {
      self.property = property
      self.path = path
    }

    /// Follows the property and the object, and hands itself to the widget to keep.
    func start() {
      scheduler.mirror = self
      if path.owner != path.root { g_object_ref(path.owner) }
      let scheduler = self.scheduler
      tokens.append(observe(property, \.value) { _ in scheduler.controlDidChange() })
      tokens.append(observe(property, \.validationError) { _ in scheduler.controlDidChange() })
      notify = connectSignal(path.owner, "notify::\(path.name)", shape: .withArgument) { [weak self] in
        self?.objectDidChange()
      }
      // The widget keeps the link (a strong reference its weak-reference notification lets go).
      let disposed = SignalAction { [self] in objectDidGo() }
      g_object_weak_ref(
        cgtk_object(path.root),
        { data, _ in
          guard let data else { return }
          // GTK disposes its objects on its thread, the main actor's.
          let action = Unmanaged<SignalAction>.fromOpaque(data).takeRetainedValue()
          MainActor.assumeIsolated { action.run() }
        }, Unmanaged.passRetained(disposed).toOpaque())
    }

    /// Sets the object's property to the value, unless the object shows it already or the user's
    /// change of it is on its way to the model.
    func refresh() {
      guard !isStopped, !isHandlingEdit, !hasPendingEdit else { return }
      let wanted = property.value
      if property.isWritable, path.read() != wanted {
        settingObject { _ = path.write(wanted) }
      }
      let hasError = property.validationError != nil
      if hasError != shownError, cgtk_type_is_a(cgtk_object_type(path.root), cgtk_type_widget()) != 0 {
        shownError = hasError
        let widget = cgtk_widget(path.root)
        if hasError { gtk_widget_add_css_class(widget, "error") } else { gtk_widget_remove_css_class(widget, "error") }
      }
    }

    /// Runs `body` with the `notify::` handler blocked.
    private func settingObject(_ body: () -> Void) {
      guard let notify else { return body() }
      g_signal_handler_block(notify.instance, notify.id)
      body()
      g_signal_handler_unblock(notify.instance, notify.id)
    }

    /// The property changed, not by this link: the user's edit, delivered once GTK handled the events
    /// it has ready (the steps of one change reach the model as one edit).
    private func objectDidChange() {
      guard !hasPendingEdit else { return }
      hasPendingEdit = true
      runWhenIdle { [weak self] in self?.deliverEdit() }
    }

    private func deliverEdit() {
      guard hasPendingEdit else { return }
      hasPendingEdit = false
      guard !isStopped else { return }
      if let current: Value = path.read(), current != property.value {
        isHandlingEdit = true
        property.userDidChange(to: current)
        isHandlingEdit = false
      }
      // A binding may have written back another value (a format), or the model changed while the
      // edit was on its way: show the property's value now.
      refresh()
    }

    /// The widget is being disposed (GLib already let its signal handlers go): the bindings of the
    /// property end and the link lets go of what it kept.
    private func objectDidGo() {
      guard !isStopped else { return }
      isStopped = true
      tokens.forEach { $0.unbind() }
      tokens = []
      property.bindings.forEach { $0.unbind() }
      if path.owner != path.root {
        if let notify, g_signal_handler_is_connected(notify.instance, notify.id) != 0 {
          g_signal_handler_disconnect(notify.instance, notify.id)
        }
        g_object_unref(path.owner)
      }
      notify = nil
    }
  }
#endif
