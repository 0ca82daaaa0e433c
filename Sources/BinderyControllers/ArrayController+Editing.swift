extension ArrayController {
  /// Whether the content is below ``maximumCount``.
  var hasRoom: Bool {
    if let shared = _sharedContent?.object, !(shared.isEditable && shared.hasRoom) { return false }
    guard let maximumCount else { return true }
    return content.count < maximumCount
  }

  /// Makes a new object, appends it to the content and, if ``selectsInsertedObjects``, selects it;
  /// returns it, or `nil` when nothing was added (``canAdd`` is `false`).
  @discardableResult
  public func add() -> Element? {
    guard isEditable, let makeElement = _makeElement ?? _sharedContent?.object?._makeElement, canWriteContent, hasRoom
    else { return nil }
    let element = makeElement()
    return insertIfAllowed(element, at: content.count) ? element : nil
  }

  /// Inserts `element` into the content at `index` (clamped) and, if ``selectsInsertedObjects``,
  /// selects it; does nothing when ``canInsert`` is `false`. When ``clearsFilterOnInsertion`` is on
  /// and the filter would hide the object, the filter is cleared first, so the object is shown.
  public func insert(_ element: Element, at index: Int) {
    _ = insertIfAllowed(element, at: index)
  }

  /// Inserts as ``insert(_:at:)`` does, selecting the element when `selecting` (and
  /// ``selectsInsertedObjects``); whether it was inserted (a store can refuse it).
  func insertIfAllowed(_ element: Element, at index: Int, selecting: Bool = true) -> Bool {
    guard isEditable, let writeContent = contentWriter, hasRoom else { return false }
    if clearsFilterOnInsertion, let filter = _arrangingFilter, !filter(element) { self.filter = nil }
    guard writeContent.insert(element, max(0, min(index, content.count))) else { return false }
    if selecting, selectsInsertedObjects { select([element]) }
    return true
  }

  /// Removes the selected objects from the content; does nothing when ``canRemove`` is `false`.
  public func remove() {
    guard !selectionIndexes.isEmpty else { return }
    removeFromContent(Set(_selectedIDs))
  }

  /// Removes the objects with these identities from the content, as ``remove()`` removes the selected
  /// ones (for a controller that shares this one's content).
  func removeFromContent(_ ids: Set<ObjectIdentifier>) {
    guard isEditable, let writeContent = contentWriter else { return }
    writeContent.remove(ids)
  }
}
