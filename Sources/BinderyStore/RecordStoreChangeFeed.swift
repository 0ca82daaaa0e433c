public import Bindery

/// A store that tells when other connections change its tables: other instances of a server
/// sharing one database (PostgreSQL's `LISTEN`/`NOTIFY`). Store-backed content follows them with
/// ``StoredContent/followChangesByOthers(perform:)``.
public protocol RecordStoreChangeFeed: RecordStore {
  /// Calls `handler` with the name of each table another connection changed (not this store's own
  /// changes), on a thread of the store's; also, once it is listening, and again after a lost
  /// connection comes back, once for every table it knows, since changes made before (or meanwhile)
  /// were not heard. Ends with the observation.
  func observeChanges(_ handler: @escaping @Sendable (_ table: String) -> Void) -> KeyValueObservation
}
