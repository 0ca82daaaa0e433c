#if GTK
  import Bindery
  import BinderyControls

  /// A table in a window: for now a list box of its rows (each row its cells' widgets, in the
  /// columns' order), with its selection both ways; its headers do not show yet (a `GtkColumnView`
  /// with sorting headers is to come).
  extension HeadlessTableView: GTKListSource {
    var shownRows: [(row: AnyObject, controls: [AnyObject])] { list.shownRows }
    var shownSelection: [Int] { list.shownSelection }
    var isListHidden: Bool { list.isListHidden }
    var listPlaceholder: String? { list.listPlaceholder }
    func userSelected(_ indexes: [Int]) { list.userSelected(indexes) }
    func userDeleted() { list.userDeleted() }
    func followList(_ changed: @escaping () -> Void) -> [KeyValueObservation] { list.followList(changed) }
  }
#endif
