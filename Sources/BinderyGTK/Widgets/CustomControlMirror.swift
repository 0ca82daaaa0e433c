#if GTK
  import Bindery
  import CGTK

  /// A control of the app's own (a ``GTKControl``) as the widget its ``GTKWidgetDescription`` makes:
  /// the declared properties and updates, enabled and hidden; the declared signals are its user edits.
  final class CustomControlMirror<Control: AnyObject>: WidgetMirror {
    let control: Control
    private let description: GTKWidgetDescription<Control>
    private var updates: [@MainActor (Control) -> Void] = []

    init(_ control: Control, _ description: GTKWidgetDescription<Control>) {
      self.control = control
      self.description = description
      super.init(widget: description.make(control))
      for update in description.updates {
        update.follow(self, control)
        if let set = update.prepare(widget) { updates.append(set) }
      }
      if let keyPath = description.enabledKeyPath { follow(control, keyPath) }
      if let keyPath = description.hiddenKeyPath { follow(control, keyPath) }
      refresh()
      for edit in description.edits {
        for (index, part) in edit.parts(widget).enumerated() {
          guard let shape = signalShape(of: edit.signal, on: part) else { continue }
          on(edit.signal, of: part, shape: shape) { [weak self] in self?.userDidEdit(edit, part: index) }
        }
      }
    }

    override func update() {
      settingWidget {
        for update in updates { update(control) }
      }
      apply(
        enabled: description.enabledKeyPath.map { control[keyPath: $0] },
        hidden: description.hiddenKeyPath.map { control[keyPath: $0] } ?? false)
    }

    private func userDidEdit(_ edit: GTKWidgetDescription<Control>.Edit, part: Int) {
      _ = edit.apply(control, widget, part)
      refresh()  // refused (disabled), or written back otherwise: the widget shows the control again
    }
  }

  /// The shape of the handler `signal` of `instance` takes, or `nil` (logged) for a signal it does not
  /// have or whose handler is not one a mirror connects (no argument, or one that is not a
  /// floating-point number, returning nothing).
  @MainActor
  func signalShape(of signal: String, on instance: UnsafeMutableRawPointer) -> SignalShape? {
    let typeName = String(cString: cgtk_object_type_name(instance))
    var id: guint = 0
    var detail: GQuark = 0
    guard g_signal_parse_name(signal, cgtk_object_type(instance), &id, &detail, 1) != 0 else {
      g_log_default_handler("BinderyGTK", G_LOG_LEVEL_WARNING, "\(typeName) has no signal \(signal)", nil)
      return nil
    }
    var query = GSignalQuery()
    g_signal_query(id, &query)
    let staticScope: GType = 1  // G_SIGNAL_TYPE_STATIC_SCOPE, a flag on the types a query gives
    let returnsNothing = query.return_type & ~staticScope == g_type_from_name("void")
    switch query.n_params {
    case 0 where returnsNothing: return .plain
    case 1 where returnsNothing:
      let argument = query.param_types[0] & ~staticScope
      if argument != cgtk_type_double(), argument != cgtk_type_float() { return .withArgument }
    default: break
    }
    g_log_default_handler(
      "BinderyGTK", G_LOG_LEVEL_WARNING, "the signal \(signal) of \(typeName) is not one a user edit can be", nil)
    return nil
  }
#endif
