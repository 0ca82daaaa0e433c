#if GTK
  import Bindery
  import BinderyControls

  /// A table whose item type the mirror need not know: its rows (``GTKListSource``) and its
  /// columns' headers, which a user clicks to sort.
  protocol GTKTableSource: GTKListSource {
    /// The columns, in order: identifier, title, whether the header sorts, and the order it shows.
    var shownColumns: [(id: String, title: String, sorts: Bool, direction: ColumnSortDirection)] { get }
    /// Reports the user's click on a column's header.
    func userClickedHeader(_ id: String)
    /// Calls `changed` after each change of the sort order.
    func followHeaders(_ changed: @escaping () -> Void) -> [KeyValueObservation]
  }

  extension HeadlessTableView: GTKTableSource {
    var shownRows: [(row: AnyObject, controls: [AnyObject])] { list.shownRows }
    var shownSelection: [Int] { list.shownSelection }
    var isListHidden: Bool { list.isListHidden }
    var listPlaceholder: String? { list.listPlaceholder }
    func userSelected(_ indexes: [Int]) { list.userSelected(indexes) }
    func userDeleted() { list.userDeleted() }
    func followList(_ changed: @escaping () -> Void) -> [KeyValueObservation] { list.followList(changed) }

    var shownColumns: [(id: String, title: String, sorts: Bool, direction: ColumnSortDirection)] {
      columns.map { ($0.id, $0.title, $0.ascending != nil, sortDirection(ofColumn: $0.id)) }
    }
    func userClickedHeader(_ id: String) { userDidClickHeader(ofColumn: id) }
    func followHeaders(_ changed: @escaping () -> Void) -> [KeyValueObservation] {
      [observe(self, \.sortOrder) { _ in changed() }]
    }
  }
#endif
