/// What one tracked read found out about a key path that is exactly one observable property of its
/// root (a property of the macro, not a computed one): its identifier, type and setter, which are the
/// same for every object of the class, and how to reach an object's registrar and the property's
/// getter without a cast or a key path. Kept per class and key path (a subclass may override the
/// property with one that reads more), so making a binding asks once per property, not once per
/// binding.
/// One object, never changed once made: a lookup hands out one reference, not its parts.
@usableFromInline
final class ObservablePropertyInfo: @unchecked Sendable {
  @usableFromInline
  let id: PropertyID
  @usableFromInline
  let memberType: Any.Type
  /// Writes the property by address (the macro's setter takes the object: no object is held).
  @usableFromInline
  let setter: RawSetter?
  /// The registrar's storage of an object of the class (set by ``ObservablePropertyCache``).
  @usableFromInline
  let storage: ((AnyObject) -> RegistrarStorage)?
  /// The property's getter, from the class's key table (set by ``ObservablePropertyCache``).
  @usableFromInline
  let reader: KeyValueReader?

  @usableFromInline
  init(
    id: PropertyID, memberType: Any.Type, setter: RawSetter? = nil,
    storage: ((AnyObject) -> RegistrarStorage)? = nil, reader: KeyValueReader? = nil
  ) {
    self.id = id
    self.memberType = memberType
    self.setter = setter
    self.storage = storage
    self.reader = reader
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
  struct Entries {
    var byKey: [Key: ObservablePropertyInfo] = [:]
    /// The same answers by the identity of the key path object (a key path literal is one object per
    /// place it is written): found without hashing the key path's components.
    var byIdentity = IdentityTable()
  }

  /// The class of the object read (its dynamic type), and the key path.
  struct Key: Hashable {
    let objectClass: ObjectIdentifier
    let keyPath: AnyKeyPath
  }

  private static let entries = Locked(Entries())

  /// What is known of `keyPath` read on an object of the class `objectClass` (its dynamic type: the
  /// object itself is not passed, so it is not retained).
  @usableFromInline
  static func info(for keyPath: AnyKeyPath, ofClass objectClass: ObjectIdentifier) -> ObservablePropertyInfo? {
    entries.withLock { entries in
      if let info = entries.byIdentity.find(objectClass, keyPath) { return info }
      guard let info = entries.byKey[Key(objectClass: objectClass, keyPath: keyPath)] else { return nil }
      if entries.byIdentity.count < limit { entries.byIdentity.insert(info, objectClass, keyPath) }
      return info
    }
  }

  /// Keeps what a tracked read of `keyPath` on `object` found: one observable property of `object`,
  /// reached by `keyPath` itself.
  @usableFromInline
  static func remember(_ info: ObservablePropertyInfo, for keyPath: AnyKeyPath, of object: AnyObject) {
    let objectClass: AnyObject.Type = type(of: object)
    var reader: KeyValueReader?
    if let root = objectClass as? any KeyValueCoding.Type, let keys = KeyPathChainCache.keyChain(keyPath, from: root),
      keys.count == 1
    {
      reader = keys[0].reader
    }
    let info = ObservablePropertyInfo(
      id: info.id, memberType: info.memberType, setter: info.setter, storage: registrarStorage(of: objectClass),
      reader: reader)
    let key = Key(objectClass: ObjectIdentifier(objectClass), keyPath: keyPath)
    entries.withLock { entries in
      guard entries.byKey.count < limit else { return }
      entries.byKey[key] = info
    }
  }

  /// The registrar's storage of an object of `type`, reached with no cast, when `type` is observable.
  static func registrarStorage(of type: AnyObject.Type) -> ((AnyObject) -> RegistrarStorage)? {
    func storage<Object: KeyValueObservable>(_: Object.Type) -> (AnyObject) -> RegistrarStorage {
      { unsafeDowncast($0, to: Object.self).keyValueRegistrar.storage }
    }
    guard let observable = type as? any KeyValueObservable.Type else { return nil }
    return storage(observable)
  }
}
