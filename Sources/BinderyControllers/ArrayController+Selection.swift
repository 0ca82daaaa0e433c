extension ArrayController {
  /// Selects the object after the last selected one (Cocoa's `selectNext(_:)`); does nothing when
  /// ``canSelectNext`` is `false`.
  public func selectNext() {
    guard let last = selectionIndexes.last, last + 1 < arrangedCount else { return }
    select(indexes: [last + 1])
  }

  /// Selects the object before the first selected one (Cocoa's `selectPrevious(_:)`); does nothing
  /// when ``canSelectPrevious`` is `false`.
  public func selectPrevious() {
    guard let first = selectionIndexes.first, first > 0 else { return }
    select(indexes: [first - 1])
  }

  /// Adds the objects at `indexes` of the arranged objects to the selection (indexes outside them are
  /// ignored).
  ///
  /// - Returns: Whether the selection changed (Cocoa's `addSelectionIndexes(_:)`).
  @discardableResult
  public func addToSelection(indexes: [Int]) -> Bool {
    select(indexes: selectionIndexes + indexes)
  }

  /// Adds the arranged ones of `objects` to the selection.
  ///
  /// - Returns: Whether the selection changed (Cocoa's `addSelectedObjects(_:)`).
  @discardableResult
  public func addToSelection(_ objects: [Element]) -> Bool {
    addToSelection(indexes: arrangedIndexes(of: objects))
  }

  /// Removes the objects at `indexes` of the arranged objects from the selection.
  ///
  /// - Returns: Whether the selection changed (Cocoa's `removeSelectionIndexes(_:)`).
  @discardableResult
  public func removeFromSelection(indexes: [Int]) -> Bool {
    let removed = Set(indexes)
    return select(indexes: selectionIndexes.filter { !removed.contains($0) })
  }

  /// Removes `objects` from the selection.
  ///
  /// - Returns: Whether the selection changed (Cocoa's `removeSelectedObjects(_:)`).
  @discardableResult
  public func removeFromSelection(_ objects: [Element]) -> Bool {
    removeFromSelection(indexes: arrangedIndexes(of: objects))
  }
}
