#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A field's label as a `GtkLabel` whose mnemonic widget is the control it names, and which labels
  /// that control for assistive technologies.
  final class FieldLabelMirror: WidgetMirror {
    let label: FieldLabel
    private weak var builder: WidgetBuilder?
    private var shownTarget: UnsafeMutablePointer<GtkWidget>?

    init(_ label: FieldLabel, builder: WidgetBuilder) {
      self.label = label
      self.builder = builder
      super.init(widget: gtk_label_new(nil))
      gtk_label_set_xalign(cgtk_label(widget), 0)
      gtk_widget_add_css_class(widget, "dim-label")
      follow(label, \.text)
      follow(label, \.target)
      follow(label, \.isHidden)
      update()
    }

    override func update() {
      show(label.text, in: widget)
      apply(hidden: label.isHidden)
      let target = label.target.flatMap { builder?.labelledWidget(for: $0) }
      if target != shownTarget {
        if let previous = shownTarget {
          gtk_accessible_reset_relation(cgtk_accessible(previous), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        }
        shownTarget = target
        gtk_label_set_mnemonic_widget(cgtk_label(widget), target)
        if let target { cgtk_set_labelled_by(target, widget) }
      }
    }
  }
#endif
