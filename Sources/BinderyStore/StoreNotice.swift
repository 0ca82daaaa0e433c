/// What a ``RecordStoreChangeFeed`` tells of one committed transaction's changes to one table.
///
/// Notices come in the order the transactions committed, this store's own among them, so a
/// follower applies each in turn and every instance passes through the same values in the same
/// order.
public struct StoreNotice: Sendable, Hashable {
  /// The changed table.
  public let table: String
  /// The transaction's changes to ``table``, in the order they were applied, with the ids of
  /// inserted rows; `nil` when the store does not know them (changes too large to carry, or made
  /// while it was not listening), so the table is to be read again.
  public let changes: [StoreChange]?
  /// Whether this store made the changes itself: such a notice only marks where its own changes
  /// fall among the others'.
  public let isOwn: Bool

  /// A notice of `changes` to `table`; `nil` changes ask for the table to be read again.
  public init(table: String, changes: [StoreChange]?, isOwn: Bool = false) {
    self.table = table
    self.changes = changes
    self.isOwn = isOwn
  }
}
