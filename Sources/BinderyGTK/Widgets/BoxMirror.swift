#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A panel, or a view, as a `GtkBox` of its subviews' widgets: a column or a row, with the panel's
  /// title as a heading above it, hidden as its control says. A panel placed in the toolbar goes in
  /// its window's header bar. In a column, a field label followed by the text field it names shows
  /// as one row titled by the label (an entry row).
  final class BoxMirror: WidgetMirror {
    private let panel: Panel?
    private let view: HeadlessView?
    private let contents: [WidgetMirror]
    private let heading: UnsafeMutablePointer<GtkWidget>?
    private var showsHeading = true

    /// Whether the panel goes in its window's toolbar (the header bar).
    var isToolbar: Bool { panel?.position == .toolbar }

    init(panel: Panel, builder: WidgetBuilder) {
      self.panel = panel
      self.view = nil
      let row = panel.direction == .row
      let box = gtk_box_new(row ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL, row ? 8 : 6)!
      heading = gtk_label_new(nil)
      contents = Self.mirrors(of: panel.view?.subviews ?? [], rowsOfFields: !row, builder: builder)
      super.init(widget: box)
      if panel.position == .toolbar { gtk_box_set_spacing(cgtk_box(box), 6) }
      if let heading {
        gtk_label_set_xalign(cgtk_label(heading), 0)
        gtk_widget_add_css_class(heading, "title-4")
        gtk_box_append(cgtk_box(box), heading)
      }
      contents.forEach { gtk_box_append(cgtk_box(box), $0.placed) }
      follow(panel, \.title)
      follow(panel, \.isHidden)
      update()
    }

    init(view: HeadlessView, builder: WidgetBuilder) {
      self.panel = nil
      self.view = view
      heading = nil
      contents = view.subviews.compactMap { builder.mirror(for: $0) }
      let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
      super.init(widget: box)
      contents.forEach { gtk_box_append(cgtk_box(box), $0.placed) }
      follow(view, \.isHidden)
      update()
    }

    /// The mirrors of `subviews`; with `rowsOfFields`, a label and the field after it that it names
    /// make one mirror, the field's row titled by the label.
    private static func mirrors(
      of subviews: [AnyObject], rowsOfFields: Bool, builder: WidgetBuilder
    ) -> [WidgetMirror] {
      var mirrors: [WidgetMirror] = []
      var index = subviews.startIndex
      while index < subviews.endIndex {
        if rowsOfFields, let label = subviews[index] as? FieldLabel, index + 1 < subviews.endIndex,
          let row = builder.fieldRowMirror(label: label, field: subviews[index + 1])
        {
          mirrors.append(row)
          index += 2
          continue
        }
        if let mirror = builder.mirror(for: subviews[index]) { mirrors.append(mirror) }
        index += 1
      }
      return mirrors
    }

    override var children: [WidgetMirror] { contents }

    /// Stops showing the panel's title (the window's header bar shows it).
    func hideHeading() {
      showsHeading = false
      refresh()
    }

    override func update() {
      if let panel, let heading {
        let title = showsHeading ? panel.title ?? "" : ""
        show(title, in: heading)
        if (gtk_widget_get_visible(heading) != 0) == title.isEmpty {
          gtk_widget_set_visible(heading, title.isEmpty ? 0 : 1)
        }
      }
      apply(hidden: panel?.isHidden ?? view?.isHidden ?? false)
    }
  }
#endif
