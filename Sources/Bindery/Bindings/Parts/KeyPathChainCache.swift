/// Whether a key path is exactly a chain of observable properties read one after another (the answer
/// of ``KeyPathChain/matches(_:chain:)``), kept per key path and chain, so a binding asks once per
/// shape of chain, not once per binding or re-target.
enum KeyPathChainCache {
  static let limit = 4_096

  private struct Key: Hashable {
    let path: AnyKeyPath
    let chain: [ChainHop]
  }

  private static let answers = Locked([Key: Bool]())

  /// Whether `path` is the chain `chain`, one hop per object; `nil` when it cannot be told from what
  /// the hops recorded (a read made while no binding was being made).
  static func isChain(_ path: AnyKeyPath, chain: [ChainHop]) -> Bool? {
    let key = Key(path: path, chain: chain)
    if let known = answers.withLock({ $0[key] }) { return known }
    guard let answer = KeyPathChain.matches(path, chain: chain) else { return nil }
    answers.withLock { answers in
      guard answers.count < limit else { return }
      answers[key] = answer
    }
    return answer
  }
}
