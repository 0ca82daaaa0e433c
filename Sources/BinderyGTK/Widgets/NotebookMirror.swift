#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A tab view as a `GtkNotebook` (a screen reader's page tab list, its tabs named by their labels):
  /// a page a tab, showing the view of that tab (an empty page when it has none a window can show);
  /// the selected tab, enabled and hidden. The tab a user chooses (a click, or the arrow keys on the
  /// tabs) is the tab view's user edit of its selection; a choice it refuses (disabled) shows its
  /// own again.
  final class NotebookMirror: WidgetMirror {
    let tabView: HeadlessTabView
    /// The mirror of each of the tab view's views, by tab; `nil` for one a window cannot show.
    private let contents: [WidgetMirror?]
    /// The empty pages of tabs without a view, held until the mirror stops.
    private var emptyPages: [Int: UnsafeMutablePointer<GtkWidget>] = [:]
    private var shownLabels: [String]?

    init(_ tabView: HeadlessTabView, builder: WidgetBuilder) {
      self.tabView = tabView
      contents = tabView.view.subviews.map { builder.mirror(for: $0) }
      super.init(widget: gtk_notebook_new())
      follow(tabView, \.labels)
      follow(tabView, \.selectedIndex)
      follow(tabView, \.isEnabled)
      follow(tabView, \.isHidden)
      on("notify::page", shape: .withArgument) { [weak self] in self?.userDidSwitch() }
      refresh()
    }

    override var children: [WidgetMirror] { contents.compactMap { $0 } }

    private var notebook: OpaquePointer? { cgtk_notebook(widget) }

    override func update() {
      settingWidget {
        if shownLabels != tabView.labels { showPages(tabView.labels) }
        if let selected = tabView.selectedIndex, gtk_notebook_get_current_page(notebook) != Int32(selected) {
          gtk_notebook_set_current_page(notebook, Int32(selected))
        }
      }
      apply(enabled: tabView.isEnabled, hidden: tabView.isHidden)
    }

    /// A page a label, each with its tab's view.
    private func showPages(_ labels: [String]) {
      while gtk_notebook_get_n_pages(notebook) > 0 { gtk_notebook_remove_page(notebook, -1) }
      for (index, label) in labels.enumerated() {
        let tabLabel = gtk_label_new(label)
        let page = page(at: index)
        // A page's content keeps off the notebook's frame.
        gtk_widget_set_margin_top(page, 8)
        gtk_widget_set_margin_bottom(page, 8)
        gtk_widget_set_margin_start(page, 8)
        gtk_widget_set_margin_end(page, 8)
        gtk_notebook_append_page(notebook, page, tabLabel)
        // The tab a screen reader meets is the notebook's widget around the label, named "Tab" by
        // default: it is named by its label.
        if let tab = gtk_widget_get_parent(tabLabel) { cgtk_set_accessible_label(tab, label) }
      }
      shownLabels = labels
    }

    /// The widget the page of the tab at `index` shows.
    private func page(at index: Int) -> UnsafeMutablePointer<GtkWidget> {
      if contents.indices.contains(index), let mirror = contents[index] { return mirror.placed }
      if let page = emptyPages[index] { return page }
      let page = hold(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
      emptyPages[index] = page
      return page
    }

    private func userDidSwitch() {
      let page = Int(gtk_notebook_get_current_page(notebook))
      guard page >= 0, page != tabView.selectedIndex else { return }
      tabView.userDidSelect(index: page)
      refresh()  // refused (disabled): the notebook shows the tab view's choice again
    }
  }
#endif
