/// What one tracked read found out about a key path that is exactly one observable property of its
/// root (a property of the macro, not a computed one): its identifier, type and setter, which are the
/// same for every object of the class. Kept per class and key path (a subclass may override the
/// property with one that reads more), so making a binding asks once per property, not once per
/// binding.
@usableFromInline
struct ObservablePropertyInfo: @unchecked Sendable {
  @usableFromInline
  let id: PropertyID
  @usableFromInline
  let memberType: Any.Type
  /// Writes the property by address (the macro's setter takes the object: no object is held).
  @usableFromInline
  let setter: RawSetter?

  @usableFromInline
  init(id: PropertyID, memberType: Any.Type, setter: RawSetter? = nil) {
    self.id = id
    self.memberType = memberType
    self.setter = setter
  }
}

/// The ``ObservablePropertyInfo`` of the key paths bindings have used, per class of the object read,
/// up to ``limit`` of them (key paths come from code and key tables, so an app uses a bounded number;
/// past the limit, reads are made afresh).
@usableFromInline
enum ObservablePropertyCache {
  @usableFromInline
  static let limit = 4_096
  /// Key paths are immutable once made, so the table may be shared between threads.
  @usableFromInline
  struct Entries {
    var byKey: [Key: ObservablePropertyInfo] = [:]
    /// The same answers by the identity of the key path object (a key path literal is one object per
    /// place it is written): found without hashing the key path's components. Each entry keeps its key
    /// path, so no other key path can take its address while the entry is there.
    var byIdentity: [IdentityKey: IdentityEntry] = [:]
  }

  /// The class of the object read (its dynamic type), and the key path.
  @usableFromInline
  struct Key: Hashable {
    let objectClass: ObjectIdentifier
    @usableFromInline
    let keyPath: AnyKeyPath
  }

  @usableFromInline
  struct IdentityKey: Hashable {
    let objectClass: ObjectIdentifier
    @usableFromInline
    let keyPath: ObjectIdentifier
  }

  @usableFromInline
  struct IdentityEntry {
    @usableFromInline
    let keyPath: AnyKeyPath
    @usableFromInline
    let info: ObservablePropertyInfo
  }

  private static let entries = Locked(Entries())

  /// What is known of `keyPath` read on `object`.
  @usableFromInline
  static func info(for keyPath: AnyKeyPath, of object: AnyObject) -> ObservablePropertyInfo? {
    let objectClass = ObjectIdentifier(type(of: object))
    let identity = IdentityKey(objectClass: objectClass, keyPath: ObjectIdentifier(keyPath))
    return entries.withLock { entries in
      if let entry = entries.byIdentity[identity] { return entry.info }
      guard let info = entries.byKey[Key(objectClass: objectClass, keyPath: keyPath)] else { return nil }
      if entries.byIdentity.count < limit { entries.byIdentity[identity] = IdentityEntry(keyPath: keyPath, info: info) }
      return info
    }
  }

  /// Keeps what a tracked read of `keyPath` on `object` found: one observable property of `object`,
  /// reached by `keyPath` itself.
  @usableFromInline
  static func remember(_ info: ObservablePropertyInfo, for keyPath: AnyKeyPath, of object: AnyObject) {
    let key = Key(objectClass: ObjectIdentifier(type(of: object)), keyPath: keyPath)
    entries.withLock { entries in
      guard entries.byKey.count < limit else { return }
      entries.byKey[key] = info
    }
  }
}
