// The key chains of string key paths, for bindings made through key-value coding: kept beside the
// chain answers of the observation core.

extension KeyPathChainCache {
  /// A key path's chain of keys, and whether its last property can be written (asked once: it is a
  /// dynamic cast).
  @usableFromInline
  struct KeyChain {
    @usableFromInline
    let keys: [KeyValueKey]
    @usableFromInline
    let isWritable: Bool

    @usableFromInline
    init(keys: [KeyValueKey]) {
      self.keys = keys
      self.isWritable = keys.last?.isWritable ?? false
    }
  }

  /// The chains of keys found for key paths (no keys: the key path is no such chain).
  static let keyChains = Locked([AnyKeyPath: KeyChain]())
  /// The same answers by the key path object's identity, asked first (hashing a key path reads its
  /// components); each entry keeps its key path, so its address is not reused while it is cached.
  static let keyChainsByIdentity = Locked([ObjectIdentifier: (path: AnyKeyPath, chain: KeyChain)]())

  /// The most hops, and the most chains tried, ``keyChain(_:from:)`` looks through.
  static let keyChainDepth = 6
  static let keyChainBudget = 4_096

  /// Whether `path` is a chain of properties listed in the key tables of `root` and the classes it
  /// reaches (``KeyValueCoding``), whose last property can be written: what a binding made while the
  /// chain is broken by a `nil` (so no read reached its end) learns from the types alone.
  @usableFromInline
  static func isWritableKeyChain(_ path: AnyKeyPath, from root: any KeyValueCoding.Type) -> Bool {
    knownKeyChain(path, from: root).isWritable
  }

  /// The keys `path` is made of, one per property, when it is a chain of properties listed in the key
  /// tables of `root` and the classes it reaches (``KeyValueCoding``); `nil` when it is not.
  @usableFromInline
  static func keyChain(_ path: AnyKeyPath, from root: any KeyValueCoding.Type) -> [KeyValueKey]? {
    let keys = knownKeyChain(path, from: root).keys
    return keys.isEmpty ? nil : keys
  }

  /// The chain of keys of `path`, searched once per key path.
  static func knownKeyChain(_ path: AnyKeyPath, from root: any KeyValueCoding.Type) -> KeyChain {
    let identity = ObjectIdentifier(path)
    if let known = keyChainsByIdentity.withLock({ $0[identity]?.chain }) { return known }
    let found: KeyChain
    if let known = keyChains.withLock({ $0[path] }) {
      found = known
    } else {
      var budget = keyChainBudget
      found = KeyChain(keys: search(path, prefix: nil, in: root, depth: 1, budget: &budget) ?? [])
      keyChains.withLock { answers in
        guard answers.count < limit else { return }
        answers[path] = found
      }
    }
    keyChainsByIdentity.withLock { answers in
      guard answers.count < limit else { return }
      answers[identity] = (path, found)
    }
    return found
  }

  /// Depth first: the keys of `type` appended to `prefix`, one of them ending `path`, or leading to a
  /// class whose keys do (the keys from there on); `nil` when none does.
  private static func search(
    _ path: AnyKeyPath, prefix: AnyKeyPath?, in type: any KeyValueCoding.Type, depth: Int, budget: inout Int
  ) -> [KeyValueKey]? {
    let pathType = Swift.type(of: path)
    for key in KeyValueKeyTable.of(type).keys {
      let step =
        if let prefix {
          KeyPathChain.step(after: prefix, keyPath: key.keyPath, throughOptional: key.throughOptional)
        } else {
          key.keyPath
        }
      guard let step else { continue }
      let valueType = Swift.type(of: step).valueType
      let ends = valueType == pathType.valueType
      var next: (any KeyValueCoding.Type)?
      if depth < keyChainDepth {
        let unwrapped = (valueType as? any _AnyOptional.Type)?._wrappedType ?? valueType
        next = unwrapped as? any KeyValueCoding.Type
      }
      guard ends || next != nil else { continue }
      budget -= 1
      guard budget > 0 else { return nil }
      let composite: AnyKeyPath
      if let prefix {
        guard let appended = prefix.appending(path: step) else { continue }
        composite = appended
      } else {
        composite = step
      }
      if ends, KeyPathChain.same(composite, path) { return [key] }
      if let next, let found = search(path, prefix: composite, in: next, depth: depth + 1, budget: &budget) {
        return [key] + found
      }
    }
    return nil
  }
}
