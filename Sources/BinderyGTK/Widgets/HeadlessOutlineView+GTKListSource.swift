#if GTK
  import Bindery
  import BinderyControllers
  import BinderyControls
  import CGTK

  /// An outline as a list box (``ListBoxMirror``): each visible node a row, indented by its level,
  /// with an expander button before its controls; Right and Left expand and collapse the selected
  /// row or move to its first child or its parent, as a tree view's keys do.
  extension HeadlessOutlineView: GTKListSource {
    var shownRows: [(row: AnyObject, controls: [AnyObject])] { list.shownRows }
    var shownSelection: [Int] { list.shownSelection }
    var isListHidden: Bool { isHidden }
    var listPlaceholder: String? { list.listPlaceholder }
    func userSelected(_ indexes: [Int]) { userDidSelectRows(indexes) }
    func userDeleted() { userDidDeleteSelection() }
    func followList(_ changed: @escaping () -> Void) -> [KeyValueObservation] {
      list.followList(changed) + [
        observe(self, \.expandedItems) { _ in changed() }, observe(self, \.isHidden) { _ in changed() },
      ]
    }

    func outlineState(of row: AnyObject) -> (level: Int, expandable: Bool, expanded: Bool)? {
      guard let row = row as? HeadlessListRow<TreeNode<Item>> else { return nil }
      let node = row.item
      let expandable = !node.isLeaf
      return (node.depth, expandable, expandable && node.representedObject.map { isExpanded($0) } == true)
    }

    func userToggled(_ row: AnyObject) {
      guard let row = row as? HeadlessListRow<TreeNode<Item>>, let index = rows.firstIndex(where: { $0 === row })
      else { return }
      if let item = row.item.representedObject, isExpanded(item) {
        userDidCollapseRow(index)
      } else {
        userDidExpandRow(index)
      }
    }

    func userPressedOutlineKey(_ key: UInt32) -> Bool {
      switch key {
      case UInt32(GDK_KEY_Right), UInt32(GDK_KEY_KP_Right): userDidPressKey(.right)
      case UInt32(GDK_KEY_Left), UInt32(GDK_KEY_KP_Left): userDidPressKey(.left)
      default: return false
      }
      return true
    }
  }
#endif
