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

  /// Selects the objects at `indexes` of the arranged objects (indexes outside them are ignored).
  ///
  /// - Returns: Whether the selection changed (Cocoa's `setSelectionIndexes(_:)`).
  @discardableResult
  public func select(indexes: [Int]) -> Bool {
    let count = _storage.count
    return setSelection(Array(Set(indexes.filter { $0 >= 0 && $0 < count })).sorted())
  }

  /// Selects `objects` (those arranged; others are ignored).
  ///
  /// - Returns: Whether the selection changed (Cocoa's `setSelectedObjects(_:)`).
  @discardableResult
  public func select(_ objects: [Element]) -> Bool {
    select(indexes: arrangedIndexes(of: objects))
  }

  /// Where `objects` are arranged, ascending, those not arranged left out: O(log n) each when sorted.
  func arrangedIndexes(of objects: [Element]) -> [Int] {
    var indexes: [Int] = []
    indexes.reserveCapacity(objects.count)
    for object in objects {
      guard let entry = _entries[ObjectIdentifier(object)], let index = position(of: entry) else { continue }
      indexes.append(index)
    }
    return Array(Set(indexes)).sorted()
  }

  /// Makes `indexes` (in the arrangement, ascending, distinct) the selection; whether it changed.
  func setSelection(_ indexes: [Int]) -> Bool {
    guard indexes != selectionIndexes else {
      updateAbilities()
      return false
    }
    storeSelection(indexes)
    return true
  }

  /// The selection after the arrangement changed: the same objects where they are now (the same
  /// indexes when ``preservesSelection`` is off); when none is left and the selection may not be
  /// empty, the nearest object.
  func selectionDidChange() {
    let count = _storage.count
    guard preservesSelection else {
      var indexes = selectionIndexes.filter { $0 < count }
      if indexes.isEmpty, avoidsEmptySelection, count > 0 { indexes = [min(selectionIndexes.first ?? 0, count - 1)] }
      storeSelection(indexes)
      return
    }
    guard !_selectedIDs.isEmpty || (avoidsEmptySelection && count > 0) else {
      updateAbilities()
      return
    }
    var indexes: [Int] = []
    indexes.reserveCapacity(_selectedIDs.count)
    for id in _selectedIDs {
      guard let entry = _entries[id], let index = position(of: entry) else { continue }
      indexes.append(index)
    }
    indexes.sort()
    let keepsEveryObject = indexes.count == _selectedIDs.count
    if indexes.isEmpty, avoidsEmptySelection, count > 0 {
      indexes = [min(selectionIndexes.first ?? 0, count - 1)]
    }
    guard !keepsEveryObject || indexes != selectionIndexes else {
      updateAbilities()  // the same objects at the same indexes
      return
    }
    storeSelection(indexes)
  }
}
