extension HeadlessTableView {
  /// Reports a user's click on the row at `index`: alone, it selects that row; with
  /// ``TableSelectionModifiers/toggle`` it adds the row or takes it out; with
  /// ``TableSelectionModifiers/extend`` it selects the rows from the anchor to it (added to the
  /// others with both). The selection reaches the controller as a user's
  /// (``HeadlessListView/userDidSelectRows(_:)``). Returns `false`, changing nothing, for an index
  /// outside the table.
  @discardableResult
  public func userDidClickRow(_ index: Int, modifiers: TableSelectionModifiers = []) -> Bool {
    guard rows.indices.contains(index) else { return false }
    var selected = Set(selectionIndexes)
    if modifiers.contains(.extend) {
      let anchor = validAnchor ?? index
      let range = Set(min(anchor, index)...max(anchor, index))
      selected = modifiers.contains(.toggle) ? selected.union(range) : range
      selectionAnchor = anchor
    } else if modifiers.contains(.toggle) {
      if selected.remove(index) == nil { selected.insert(index) }
      selectionAnchor = index
    } else {
      selected = [index]
      selectionAnchor = index
    }
    focusedRow = index
    list.userDidSelectRows(Array(selected))
    return true
  }

  /// Reports a user's arrow key: `offset` rows down (positive) or up (negative) from the row the
  /// keyboard is on, stopping at the first and last rows. Alone, it selects that row; with
  /// ``TableSelectionModifiers/extend`` (Shift) it selects the rows from the anchor to it. Returns
  /// `false` when the table has no rows.
  @discardableResult
  public func userDidMoveSelection(by offset: Int, modifiers: TableSelectionModifiers = []) -> Bool {
    guard !rows.isEmpty else { return false }
    let from = validFocus ?? (offset >= 0 ? -1 : rows.count)
    let (sum, overflow) = from.addingReportingOverflow(offset)
    let target = overflow ? (offset >= 0 ? rows.count - 1 : 0) : min(max(sum, 0), rows.count - 1)
    return userDidClickRow(target, modifiers: modifiers.intersection(.extend))
  }

  /// The anchor, if it is still a row (rows come and go).
  private var validAnchor: Int? {
    if let selectionAnchor, rows.indices.contains(selectionAnchor) { return selectionAnchor }
    return selectionIndexes.first
  }

  /// The row the keyboard is on, if it is still a row; else the last selected one.
  private var validFocus: Int? {
    if let focusedRow, rows.indices.contains(focusedRow), selectionIndexes.contains(focusedRow) { return focusedRow }
    return selectionIndexes.last
  }
}
