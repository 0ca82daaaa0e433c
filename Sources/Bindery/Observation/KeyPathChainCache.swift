/// Whether a key path is exactly a chain of observable properties read one after another (the answer
/// of ``KeyPathChain/matches(_:chain:)``), kept per key path and chain, so a binding asks once per
/// shape of chain, not once per binding or re-target.
@usableFromInline
enum KeyPathChainCache {
  @usableFromInline
  static let limit = 4_096

  @usableFromInline
  struct Key: Hashable {
    @usableFromInline
    let path: AnyKeyPath
    @usableFromInline
    let chain: [ChainHop]
  }

  private static let answers = Locked([Key: Bool]())
  /// The same answers by the identities of the key path objects, asked first (hashing a key path
  /// reads its components; a chain re-targeted asks on every re-target): a hash of the identities to
  /// the answers with it, each keeping its key paths, so their addresses are not reused while cached.
  private static let answersByIdentity = Locked([Int: [(key: Key, answer: Bool)]]())

  /// Whether `path` is the chain `chain`, one hop per object; `nil` when it cannot be told from what
  /// the hops recorded (a read made while no binding was being made).
  @usableFromInline
  static func isChain(_ path: AnyKeyPath, chain: [ChainHop]) -> Bool? {
    let identity = identityHash(path, chain)
    let knownByIdentity = answersByIdentity.withLock { answers in
      answers[identity]?.first { isIdentical($0.key, path, chain) }?.answer
    }
    if let knownByIdentity { return knownByIdentity }
    let key = Key(path: path, chain: chain)
    let answer: Bool
    if let known = answers.withLock({ $0[key] }) {
      answer = known
    } else {
      guard let found = KeyPathChain.matches(path, chain: chain) else { return nil }
      answer = found
      answers.withLock { answers in
        guard answers.count < limit else { return }
        answers[key] = answer
      }
    }
    answersByIdentity.withLock { answers in
      guard answers.count < limit else { return }
      answers[identity, default: []].append((key, answer))
    }
    return answer
  }

  /// A hash of the identities of `path` and of the hops' key paths (no key path is read).
  private static func identityHash(_ path: AnyKeyPath, _ chain: [ChainHop]) -> Int {
    var hash = UInt(bitPattern: Int(bitPattern: ObjectIdentifier(path)))
    for hop in chain {
      hash = (hash ^ UInt(bitPattern: Int(bitPattern: ObjectIdentifier(hop.keyPath)))) &* 0x9E37_79B9_7F4A_7C15
    }
    return Int(bitPattern: hash)
  }

  /// Whether `key` holds these very key path objects.
  private static func isIdentical(_ key: Key, _ path: AnyKeyPath, _ chain: [ChainHop]) -> Bool {
    guard key.path === path, key.chain.count == chain.count else { return false }
    for index in chain.indices where key.chain[index].keyPath !== chain[index].keyPath { return false }
    return true
  }
}
