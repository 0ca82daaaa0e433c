import Synchronization

/// What one tracked read found out about a key path that is exactly one observable property of its
/// root (a property of the macro, not a computed one): its identifier, type and setter, which are the
/// same for every object of the type. Kept per key path, so making a binding asks once per property,
/// not once per binding.
struct ObservablePropertyInfo: @unchecked Sendable {
  let id: PropertyID
  let memberType: Any.Type
  /// Writes the property by address (the macro's setter takes the object: no object is held).
  let setter: RawSetter?
}

/// The ``ObservablePropertyInfo`` of the key paths bindings have used, up to ``limit`` of them (key
/// paths come from code and key tables, so an app uses a bounded number; past the limit, reads are
/// made afresh).
enum ObservablePropertyCache {
  static let limit = 4_096
  /// Key paths are immutable once made, so the table may be shared between threads.
  private struct Entries: @unchecked Sendable {
    var byKeyPath: [AnyKeyPath: ObservablePropertyInfo] = [:]
  }

  private static let entries = Mutex(Entries())

  static func info(for keyPath: AnyKeyPath) -> ObservablePropertyInfo? {
    entries.withLock { $0.byKeyPath[keyPath] }
  }

  static func remember(_ info: ObservablePropertyInfo, for keyPath: AnyKeyPath) {
    entries.withLock { entries in
      guard entries.byKeyPath.count < limit else { return }
      entries.byKeyPath[keyPath] = info
    }
  }
}
