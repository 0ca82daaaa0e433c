/// One property of a chain of observable properties, as a tracked read recorded it.
@usableFromInline
struct ChainHop: Hashable {
  /// The property's key path from its object.
  @usableFromInline
  let keyPath: AnyKeyPath
  /// The same property through an optional of its object (`\.?.name`), when known.
  @usableFromInline
  let throughOptional: AnyKeyPath?

  @usableFromInline
  init(keyPath: AnyKeyPath, throughOptional: AnyKeyPath?) {
    self.keyPath = keyPath
    self.throughOptional = throughOptional
  }

  @usableFromInline
  static func == (lhs: ChainHop, rhs: ChainHop) -> Bool { lhs.keyPath == rhs.keyPath }
  @usableFromInline
  func hash(into hasher: inout Hasher) { hasher.combine(keyPath) }
}

enum KeyPathChain {
  /// Whether `path` is exactly the chain of observable properties `chain`, read one after another
  /// (one key path per object, optional hops included), so a change of the last of them is a change
  /// of `path`'s value, and a write to it is a write through `path`; `nil` when it cannot be told
  /// (a property that did not say its key path through an optional).
  ///
  /// Swift makes `\.person?.firstName` read-only; this lets a binding write it anyway, at its leaf,
  /// and follow it hop by hop. The chain's key paths are appended into one (through an optional after
  /// an optional hop) and compared with `path`: equal, or of the same types and hash (a key path
  /// appended after an optional hop differs from the literal only in flags that equality compares).
  static func matches(_ path: AnyKeyPath, chain: [ChainHop]) -> Bool? {
    guard let first = chain.first else { return false }
    var composite = first.keyPath
    var composed = true
    for hop in chain.dropFirst() {
      guard let next = step(after: composite, keyPath: hop.keyPath, throughOptional: hop.throughOptional) else {
        composed = false
        break
      }
      guard let appended = appending(composite, next) else { return false }
      composite = appended
    }
    if composed, same(composite, path) { return true }
    // Chains that do not compose (a hop that is not optional after an optional one) are compared by
    // their descriptions, when those name the properties (they do not where symbols are stripped).
    return matchesByDescription(path, chain: chain.map(\.keyPath)) ?? (composed ? false : nil)
  }

  /// The key path of the property that follows `composite` in a chain: the one through an optional
  /// (`\.?.name`) when `composite`'s value is optional, as after `?.` (`nil` when the property has
  /// none), else its own.
  static func step(after composite: AnyKeyPath, keyPath: AnyKeyPath, throughOptional: AnyKeyPath?) -> AnyKeyPath? {
    type(of: composite).valueType is any _AnyOptional.Type ? throughOptional : keyPath
  }

  /// Whether two key paths read the same properties: equal, or of the same types and hash (a key path
  /// appended after an optional hop differs from the literal only in flags that equality compares).
  static func same(_ one: AnyKeyPath, _ other: AnyKeyPath) -> Bool {
    if one == other { return true }
    let oneType = type(of: one)
    let otherType = type(of: other)
    return oneType.rootType == otherType.rootType && oneType.valueType == otherType.valueType
      && one.hashValue == other.hashValue
  }

  /// Whether `path` reads as the chain `chain` in descriptions that name every property; `nil` when a
  /// description does not name them.
  private static func matchesByDescription(_ path: AnyKeyPath, chain: [AnyKeyPath]) -> Bool? {
    let pathDescription = String(describing: path)
    guard !pathDescription.contains("<computed") else { return nil }
    var expected = ""
    var optionalHop = false
    for (index, keyPath) in chain.enumerated() {
      let description = String(describing: keyPath)
      guard !description.contains("<computed") else { return nil }
      if index == 0 {
        expected = description
      } else {
        let rootPrefix = "\\" + String(describing: type(of: keyPath).rootType)
        guard description.hasPrefix(rootPrefix) else { return false }
        if type(of: chain[index - 1]).valueType is any _AnyOptional.Type {
          expected += "?"
          optionalHop = true
        }
        expected += description.dropFirst(rootPrefix.count)
      }
    }
    if optionalHop { expected += "?" }
    return expected == pathDescription
  }
}
