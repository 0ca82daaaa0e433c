#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension CollectionChange {
  /// The change from `old` to `new`, objects matched by identity.
  public static func between<Element: AnyObject>(_ old: [Element], _ new: [Element]) -> CollectionChange {
    compute(old, new, same: { $0 === $1 }, key: { ObjectIdentifier($0) })
  }

  /// The change from `old` to `new`, values matched by equality.
  public static func between<Element: Hashable>(_ old: [Element], _ new: [Element]) -> CollectionChange {
    compute(old, new, same: ==, key: { $0 })
  }

  /// The change from `old` to `new` for elements known only at run time: objects by identity,
  /// `Hashable` values by equality; anything else is replaced where it differs.
  static func between<Element>(anyOf old: [Element], _ new: [Element]) -> CollectionChange {
    if Element.self is AnyObject.Type, MemoryLayout<Element>.size == MemoryLayout<UnsafeRawPointer>.size {
      // Object references, compared by address without retaining them or boxing them.
      return old.withUnsafeBufferPointer { oldBuffer in
        new.withUnsafeBufferPointer { newBuffer in
          oldBuffer.withMemoryRebound(to: UInt.self) { oldAddresses in
            newBuffer.withMemoryRebound(to: UInt.self) { newAddresses in
              let ends = commonEnds(oldAddresses, newAddresses)
              return compute(oldAddresses, newAddresses, same: ==, key: { $0 }, knownEnds: ends)
            }
          }
        }
      }
    }
    if let hashable = Element.self as? any Hashable.Type {
      return hashable._bindery_change(old, new)
    }
    // No way to match elements: the differing middle is replaced.
    let (prefix, suffix) = (0, 0)
    return replacement(oldRange: prefix..<(old.count - suffix), newRange: prefix..<(new.count - suffix))
  }

  /// The common prefix and suffix are skipped (so a single insert, remove, replace or move costs one
  /// pass over the unchanged ends); the middle is matched by key: elements only in the old middle
  /// are removed, only in the new one inserted, and of those in both, the longest run that kept its
  /// order stays while the others move.
  static func compute<Elements: RandomAccessCollection, Key: Hashable>(
    _ old: Elements,
    _ new: Elements,
    same: (Elements.Element, Elements.Element) -> Bool,
    key: (Elements.Element) -> Key,
    knownEnds: (prefix: Int, suffix: Int)? = nil
  ) -> CollectionChange where Elements.Index == Int {
    var prefix = 0
    var suffix = 0
    if let knownEnds {
      (prefix, suffix) = knownEnds
    } else {
      while prefix < old.count, prefix < new.count, same(old[prefix], new[prefix]) { prefix += 1 }
      while suffix < old.count - prefix, suffix < new.count - prefix,
        same(old[old.count - 1 - suffix], new[new.count - 1 - suffix])
      {
        suffix += 1
      }
    }
    let oldRange = prefix..<(old.count - suffix)
    let newRange = prefix..<(new.count - suffix)
    if oldRange.isEmpty || newRange.isEmpty {
      return CollectionChange(removed: Array(oldRange), inserted: Array(newRange))
    }
    // Old positions of each key in the middle, in order: the first in one table, any repeats (values
    // may repeat) in another, so that distinct elements cost no allocation each.
    var first: [Key: Int] = [:]
    first.reserveCapacity(oldRange.count)
    var repeats: [Key: [Int]] = [:]
    for index in oldRange {
      let elementKey = key(old[index])
      if first[elementKey] == nil { first[elementKey] = index } else { repeats[elementKey, default: []].append(index) }
    }
    var kept: [(old: Int, new: Int)] = []
    kept.reserveCapacity(min(oldRange.count, newRange.count))
    var inserted: [Int] = []
    var isKept = [Bool](repeating: false, count: old.count)
    for index in newRange {
      let elementKey = key(new[index])
      if let position = first[elementKey], !isKept[position] {
        kept.append((position, index))
        isKept[position] = true
      } else if var later = repeats[elementKey], !later.isEmpty {
        let position = later.removeFirst()
        kept.append((position, index))
        isKept[position] = true
        repeats[elementKey] = later
      } else {
        inserted.append(index)
      }
    }
    return made(removed: oldRange.filter { !isKept[$0] }, inserted: inserted, kept: kept)
  }

  /// The change of the elements `removed` and `inserted`, and of those `kept` (their old and new
  /// positions, in new order): the kept elements in their longest increasing run of old positions
  /// stay, the others move; a removal and an insertion at the same place, with nothing moving, is a
  /// replacement in place.
  private static func made(removed: [Int], inserted: [Int], kept: [(old: Int, new: Int)]) -> CollectionChange {
    let staying = longestIncreasingRun(kept.map(\.old))
    var moved: [Move] = []
    for (position, pair) in kept.enumerated() where !staying[position] {
      moved.append(Move(from: pair.old, to: pair.new))
    }
    if moved.isEmpty, removed.count == inserted.count, removed == inserted {
      return CollectionChange(updated: inserted)
    }
    return CollectionChange(removed: removed, inserted: inserted, moved: moved)
  }

  /// The change to a collection of `oldPositions.count` distinct elements from one of `oldCount`,
  /// given where each new element was (`oldPositions[i]`, -1 for an element that was not there; no
  /// position twice): what a controller that numbered its elements before rearranging them knows,
  /// with no table of them to build. The same change as `between` of the two collections.
  package static func between(oldCount: Int, oldPositions: [Int]) -> CollectionChange {
    let newCount = oldPositions.count
    var prefix = 0
    while prefix < newCount, prefix < oldCount, oldPositions[prefix] == prefix { prefix += 1 }
    var suffix = 0
    while suffix < newCount - prefix, suffix < oldCount - prefix,
      oldPositions[newCount - 1 - suffix] == oldCount - 1 - suffix
    {
      suffix += 1
    }
    let oldRange = prefix..<(oldCount - suffix)
    let newRange = prefix..<(newCount - suffix)
    var isKept = [Bool](repeating: false, count: oldCount)
    var kept: [(old: Int, new: Int)] = []
    kept.reserveCapacity(min(oldRange.count, newRange.count))
    var inserted: [Int] = []
    for index in newRange {
      let position = oldPositions[index]
      if position >= 0, position < oldCount, !isKept[position] {
        kept.append((position, index))
        isKept[position] = true
      } else {
        inserted.append(index)
      }
    }
    return made(removed: oldRange.filter { !isKept[$0] }, inserted: inserted, kept: kept)
  }

  /// The lengths of the common prefix and of the common suffix (not overlapping it) of two arrays of
  /// addresses, compared with `memcmp` in blocks that double while they match: skipping the unchanged
  /// ends of a large array costs about as much as reading it once.
  static func commonEnds(_ old: UnsafeBufferPointer<UInt>, _ new: UnsafeBufferPointer<UInt>) -> (
    prefix: Int, suffix: Int
  ) {
    guard let oldBase = old.baseAddress, let newBase = new.baseAddress else { return (0, 0) }
    let shorter = min(old.count, new.count)
    let prefix = matchingRun(shorter) { start, length in
      memcmp(oldBase + start, newBase + start, length * MemoryLayout<UInt>.stride) == 0
    }
    let suffix = matchingRun(shorter - prefix) { start, length in
      // `start` counts from the ends.
      memcmp(
        oldBase + (old.count - start - length), newBase + (new.count - start - length),
        length * MemoryLayout<UInt>.stride) == 0
    }
    return (prefix, suffix)
  }

  /// The length of the run of matching elements from 0 (up to `limit`), given `equal(start, length)`
  /// telling whether `length` elements from `start` match: blocks double from 16 to 8,192 elements
  /// while they match, and start again at 16 (then one by one) where they do not.
  private static func matchingRun(_ limit: Int, _ equal: (_ start: Int, _ length: Int) -> Bool) -> Int {
    var start = 0
    var block = 16
    while start < limit {
      let length = min(block, limit - start)
      if equal(start, length) {
        start += length
        block = min(block * 2, 8_192)
      } else if length > 16 {
        block = 16
      } else {
        while start < limit, equal(start, 1) { start += 1 }
        return start
      }
    }
    return start
  }

  private static func replacement(oldRange: Range<Int>, newRange: Range<Int>) -> CollectionChange {
    CollectionChange(removed: Array(oldRange), inserted: Array(newRange))
  }

  /// Whether each position of `values` is in one longest strictly increasing subsequence, in
  /// O(n log n).
  package static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
    guard !values.isEmpty else { return [] }
    var tails: [Int] = []  // positions in `values` of the smallest tail of each length
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[position] = tails[low - 1] }
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var result = [Bool](repeating: false, count: values.count)
    var position = tails.last ?? -1
    while position >= 0 {
      result[position] = true
      position = previous[position]
    }
    return result
  }
}

extension Hashable {
  /// The change between two arrays whose elements are `Self` at run time.
  fileprivate static func _bindery_change<Element>(_ old: [Element], _ new: [Element]) -> CollectionChange {
    let typedOld = old.compactMap { $0 as? Self }
    let typedNew = new.compactMap { $0 as? Self }
    return CollectionChange.compute(typedOld, typedNew, same: ==, key: { $0 })
  }
}
