import BinderyControllers

extension StoreError: EditRefusal {
  /// A conflict or a missing row: another writer changed or deleted the row since, so the undo or
  /// redo step can never be applied.
  package var refusesForGood: Bool { kind == .conflict || kind == .notFound }
}
