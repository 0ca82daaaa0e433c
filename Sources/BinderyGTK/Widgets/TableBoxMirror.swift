#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A table as a row of header buttons above a list box of its rows (``ListBoxMirror``, each row
  /// its cells' widgets in equal widths, as the headers): a click on a sorting header is the user's
  /// click (the table sorts its controller), and the header shows the order with an arrow and as
  /// its accessible sort state; an order set in code shows there too. Several rows are chosen with
  /// Control- and Shift-clicks, as in the list box; an editable cell is an entry.
  ///
  /// Not a `GtkColumnView` (yet): the cells are the rows' own widgets, as a list's are.
  final class TableBoxMirror: WidgetMirror {
    private let source: any GTKTableSource
    private let rows: ListBoxMirror
    private let headerBox: UnsafeMutablePointer<GtkWidget>
    private var headers: [(id: String, title: String, button: UnsafeMutablePointer<GtkWidget>)] = []

    init(_ source: any GTKTableSource, builder: WidgetBuilder) {
      self.source = source
      rows = ListBoxMirror(source, builder: builder, equalCells: true, cellNames: source.shownColumns.map(\.title))
      headerBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
      gtk_box_set_homogeneous(cgtk_box(headerBox), 1)
      gtk_widget_set_margin_start(headerBox, 6)
      gtk_widget_set_margin_end(headerBox, 6)
      let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
      gtk_box_append(cgtk_box(box), headerBox)
      gtk_box_append(cgtk_box(box), rows.placed)
      gtk_widget_set_vexpand(box, 1)
      super.init(widget: box)
      for column in source.shownColumns {
        let button = gtk_button_new_with_label(column.title)!
        gtk_widget_add_css_class(button, "flat")
        gtk_widget_set_sensitive(button, column.sorts ? 1 : 0)
        gtk_box_append(cgtk_box(headerBox), button)
        headers.append((column.id, column.title, button))
        let id = column.id
        on("clicked", of: UnsafeMutableRawPointer(button)) { [weak self] in
          guard let self else { return }
          self.source.userClickedHeader(id)
          self.refresh()
        }
      }
      let scheduler = updateScheduler
      source.followHeaders { scheduler.controlDidChange() }.forEach { follow($0) }
      update()
    }

    /// The header button of the column `id`.
    func headerButton(_ id: String) -> UnsafeMutablePointer<GtkWidget>? {
      headers.first { $0.id == id }?.button
    }

    /// The list box of the rows.
    var listBoxWidget: UnsafeMutablePointer<GtkWidget> { rows.listBoxWidget }

    override var children: [WidgetMirror] { [rows] }

    override func update() {
      let columns = source.shownColumns
      settingWidget {
        for (header, column) in zip(headers, columns) {
          let arrow =
            switch column.direction {
            case .ascending: " ▲"
            case .descending: " ▼"
            case .none: ""
            }
          let label = header.title + arrow
          if String(gtk: gtk_button_get_label(cgtk_button(header.button))) != label {
            gtk_button_set_label(cgtk_button(header.button), label)
          }
          let sort: Int32 =
            switch column.direction {
            case .ascending: 1
            case .descending: 2
            case .none: 0
            }
          cgtk_set_accessible_sort(header.button, sort)
        }
      }
      apply(hidden: source.isListHidden)
    }
  }
#endif
