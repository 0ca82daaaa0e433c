#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// Makes the widgets of one window's controls, and finds the widget of a control (what a field's
  /// label names, what an app asks for).
  @MainActor
  final class WidgetBuilder {
    private let style: (AnyObject) -> ControlStyle?
    private let controls: [any GTKControl.Type]
    private var widgets: [ObjectIdentifier: Shown] = [:]

    /// A control's widget, and the control (held weakly: a widget is not handed to a new control at
    /// the same address).
    private struct Shown {
      weak var control: AnyObject?
      let mirror: WidgetMirror
    }

    /// A builder of widgets for Bindery's controls and for the app's own `controls`.
    init(style: @escaping (AnyObject) -> ControlStyle?, controls: [any GTKControl.Type] = []) {
      self.style = style
      self.controls = controls
    }

    /// The mirror of `object` and of everything inside it, or `nil` for an object a window cannot show.
    func mirror(for object: AnyObject) -> WidgetMirror? {
      let style = self.style(object)
      let mirror: WidgetMirror
      switch object {
      case let field as HeadlessTextField where style == .multiline: mirror = TextViewMirror(field)
      case let field as HeadlessTextField: mirror = EntryMirror(field, style: style)
      case let view as HeadlessTextView: mirror = TextViewMirror(view)
      case let label as HeadlessLabel: mirror = LabelMirror(label)
      case let label as FieldLabel: mirror = FieldLabelMirror(label, builder: self)
      case let button as HeadlessButton: mirror = ButtonMirror(button, builder: self)
      case let control as HeadlessSwitch: mirror = ToggleMirror(control, checkbox: style == .checkbox)
      case let slider as HeadlessSlider: mirror = ScaleMirror(slider)
      case let stepper as HeadlessStepper: mirror = SpinButtonMirror(stepper)
      case let popUp as HeadlessPopUpButton: mirror = DropDownMirror(popUp)
      case let search as HeadlessSearchField: mirror = SearchEntryMirror(search)
      case let picker as HeadlessDatePicker: mirror = CalendarMirror(picker)
      case let indicator as HeadlessLevelIndicator where indicator.isEditable: mirror = RatingMirror(indicator)
      case let indicator as HeadlessLevelIndicator: mirror = LevelBarMirror(indicator)
      case let indicator as HeadlessProgressIndicator: mirror = ProgressBarMirror(indicator)
      case let control as HeadlessSegmentedControl: mirror = SegmentsMirror(control)
      case let view as HeadlessImageView: mirror = PictureMirror(view)
      case let tabView as HeadlessTabView: mirror = NotebookMirror(tabView, builder: self)
      case let panel as Panel: mirror = BoxMirror(panel: panel, builder: self)
      case let view as HeadlessView: mirror = BoxMirror(view: view, builder: self)
      case let table as any GTKTableSource: mirror = TableBoxMirror(table, builder: self)
      case let list as any GTKListSource: mirror = ListBoxMirror(list, builder: self)
      default:
        guard let custom = controls.lazy.compactMap({ $0.customMirror(for: object) }).first else { return nil }
        mirror = custom
      }
      remember(mirror, for: object)
      return mirror
    }

    /// The mirror of a field and its label as one row titled by the label (a column's labelled
    /// field, as GNOME's forms show it), or `nil` when the pair is not one the window draws so.
    func fieldRowMirror(label: FieldLabel, field: AnyObject) -> WidgetMirror? {
      // A text view of several lines keeps its label above it, not in a row beside it.
      guard let field = field as? HeadlessTextField, label.target === field, !label.isHidden,
        style(field) != .multiline
      else { return nil }
      let mirror = EntryMirror(field, style: style(field), title: label)
      remember(mirror, for: field)
      remember(mirror, for: label)
      return mirror
    }

    /// Keeps `mirror` as the one that shows `control`.
    private func remember(_ mirror: WidgetMirror, for control: AnyObject) {
      if widgets.count >= pruneAt { prune() }
      widgets[ObjectIdentifier(control)] = Shown(control: control, mirror: mirror)
    }

    /// The widget that shows `control`, if it is shown (for a list, the list box inside its
    /// scrolled window).
    func widget(for control: AnyObject) -> UnsafeMutablePointer<GtkWidget>? {
      guard let shown = widgets[ObjectIdentifier(control)], shown.control === control, !shown.mirror.isStopped else {
        return nil
      }
      return (shown.mirror as? ListBoxMirror)?.listBoxWidget ?? shown.mirror.widget
    }

    /// The widget a field label names for `control`: its widget, or for a table the list box of its
    /// rows, which a screen reader reads as the table's list.
    func labelledWidget(for control: AnyObject) -> UnsafeMutablePointer<GtkWidget>? {
      guard let widget = widget(for: control) else { return nil }
      if let shown = widgets[ObjectIdentifier(control)], let table = shown.mirror as? TableBoxMirror {
        return table.listBoxWidget
      }
      return widget
    }

    /// Field labels find their targets made after them.
    func resolveLabels(in mirror: WidgetMirror) {
      if mirror is FieldLabelMirror { mirror.update() }
      mirror.children.forEach { resolveLabels(in: $0) }
    }

    /// Stops `mirror` and everything inside it (their widgets are leaving the window).
    func forget(_ mirror: WidgetMirror) {
      mirror.stop()
    }

    private var pruneAt = 256

    /// Drops the entries of controls that are gone or no longer shown, now and then, so a list whose
    /// rows come and go does not grow the table without end.
    private func prune() {
      widgets = widgets.filter { $0.value.control != nil && !$0.value.mirror.isStopped }
      pruneAt = max(256, 2 * widgets.count)
    }
  }
#endif
