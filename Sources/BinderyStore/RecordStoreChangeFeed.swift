public import Bindery

/// A store that tells when other connections change its tables: other instances of a server
/// sharing one database (PostgreSQL's `LISTEN`/`NOTIFY`). Store-backed content follows them with
/// ``StoredContent/followChangesByOthers(perform:)``.
public protocol RecordStoreChangeFeed: RecordStore {
  /// Calls `handler` with a notice of each transaction that changed a table, this store's own
  /// included (``StoreNotice/isOwn``), in the order they committed, on a thread of the store's.
  /// Once it is listening, and again after a lost connection comes back, it also sends a notice
  /// without changes for every table it knows, since changes made before (or meanwhile) were not
  /// heard. Ends with the observation.
  func observeChanges(_ handler: @escaping @Sendable (StoreNotice) -> Void) -> KeyValueObservation
}
