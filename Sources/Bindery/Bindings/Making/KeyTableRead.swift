/// Reads a source key path that is a chain of properties listed in key tables (``KeyValueCoding``)
/// by calling their getters (``KeyValueReader``), with no key path applied: what a binding to a chain
/// ending in a computed property (`\.person?.fullName`) evaluates on each change.
@usableFromInline
enum KeyTableRead {
  /// What was found for one key path object: its read through getters (a `ReadBox<Source, Value>`),
  /// or none. The entry keeps the key path, so its address is not reused while it is cached.
  @usableFromInline
  struct Entry {
    @usableFromInline
    let path: AnyKeyPath
    @usableFromInline
    let read: AnyObject?

    @usableFromInline
    init(path: AnyKeyPath, read: AnyObject?) {
      self.path = path
      self.read = read
    }
  }

  /// The reads found, by the key path object's identity: a binding asks once per key path, not once per
  /// binding (a key path literal is one object; so is a path resolved from a string, see
  /// ``KeyPathChain/appending(_:_:)``).
  @usableFromInline
  static let reads = Locked([ObjectIdentifier: Entry]())

  /// The read of `keyPath` through its keys' getters; `nil` when a key on the way has none (a
  /// hand-written key table) or `keyPath` is not such a chain. (A box, not its closure: taking the
  /// closure out at this type would allocate a thunk for every binding.)
  @inlinable
  static func read<Source: AnyObject, Value>(_ keyPath: KeyPath<Source, Value>) -> ReadBox<Source, Value>? {
    let identity = ObjectIdentifier(keyPath)
    if let known = reads.withLock({ $0[identity] }) {
      // The identity is this key path's (the entry keeps it alive), so the box has its types.
      return known.read.map { unsafeDowncast($0, to: ReadBox<Source, Value>.self) }
    }
    let made = make(keyPath).map { ReadBox($0) }
    let entry = Entry(path: keyPath, read: made)
    reads.withLock { reads in
      guard reads.count < KeyPathChainCache.limit else { return }
      reads[identity] = entry
    }
    return made
  }

  /// Composes the read of `keyPath` from the getters of its keys.
  @inlinable
  static func make<Source: AnyObject, Value>(_ keyPath: KeyPath<Source, Value>) -> ((Source) -> Value)? {
    guard let root = Source.self as? any KeyValueCoding.Type,
      let keys = KeyPathChainCache.keyChain(keyPath, from: root)
    else { return nil }
    var hops: [(AnyObject) -> AnyObject?] = []
    var throughOptional = false
    for key in keys.dropLast() {
      guard let hop = key.reader?.object else { return nil }
      hops.append(hop)
      if type(of: key.keyPath).valueType is any _AnyOptional.Type { throughOptional = true }
    }
    guard let last = keys.last?.reader else { return nil }
    if throughOptional {
      // After an optional hop the value is optional; a `nil` on the way reads as `nil`.
      guard let read = last.readThroughOptional(as: Value.self) else { return nil }
      if keys.count == 2, let hop = keys[0].reader?.object {
        // One hop (`\.person?.fullName`), the common chain: no list walked, and the hop called as it
        // was made (taken out of a list, it would be called through a thunk).
        return { read(hop($0)) }
      }
      return { source in
        var object: AnyObject? = source
        for hop in hops {
          guard let current = object else { break }
          object = hop(current)
        }
        return read(object)
      }
    }
    guard let read = last.read(as: Value.self) else { return nil }
    if hops.isEmpty {
      return { read($0) }
    }
    return { source in
      var object: AnyObject = source
      for hop in hops {
        // A hop that is not optional always holds an object; should one not, read the key path.
        guard let next = hop(object) else { return source[keyPath: keyPath] }
        object = next
      }
      return read(object)
    }
  }
}
