extension KeyPathChain {
  /// Key paths appended, by the identities of their parts: appending the same two key paths again
  /// returns the same key path object, so a path resolved from a string once per binding (a spec file's
  /// `person.firstName`) is one object, and every cache keyed by a key path's identity knows it.
  static let appendedPaths = Locked([AppendedPair: AnyKeyPath]())

  /// Two key paths by identity; the entry keeps both, so neither address is reused while it is cached.
  @usableFromInline
  struct AppendedPair: Hashable {
    @usableFromInline
    let head: AnyKeyPath
    @usableFromInline
    let tail: AnyKeyPath

    @usableFromInline
    init(head: AnyKeyPath, tail: AnyKeyPath) {
      self.head = head
      self.tail = tail
    }

    @usableFromInline
    static func == (lhs: AppendedPair, rhs: AppendedPair) -> Bool {
      lhs.head === rhs.head && lhs.tail === rhs.tail
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(ObjectIdentifier(head))
      hasher.combine(ObjectIdentifier(tail))
    }
  }

  /// `head` followed by `tail` (`nil` when `tail` does not start where `head` ends), the same object
  /// each time for the same two key paths.
  static func appending(_ head: AnyKeyPath, _ tail: AnyKeyPath) -> AnyKeyPath? {
    let pair = AppendedPair(head: head, tail: tail)
    if let known = appendedPaths.withLock({ $0[pair] }) { return known }
    guard let appended = head.appending(path: tail) else { return nil }
    return appendedPaths.withLock { paths in
      // Another thread may have appended the same two first: keep one object.
      if let first = paths[pair] { return first }
      if paths.count < KeyPathChainCache.limit { paths[pair] = appended }
      return appended
    }
  }
}
