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
          oldBuffer.withMemoryRebound(to: UnsafeRawPointer.self) { oldPointers in
            newBuffer.withMemoryRebound(to: UnsafeRawPointer.self) { newPointers in
              compute(oldPointers, newPointers, same: ==, key: { $0 })
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
    key: (Elements.Element) -> Key
  ) -> CollectionChange where Elements.Index == Int {
    var prefix = 0
    while prefix < old.count, prefix < new.count, same(old[prefix], new[prefix]) { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      same(old[old.count - 1 - suffix], new[new.count - 1 - suffix])
    {
      suffix += 1
    }
    let oldRange = prefix..<(old.count - suffix)
    let newRange = prefix..<(new.count - suffix)
    if oldRange.isEmpty || newRange.isEmpty {
      return CollectionChange(removed: Array(oldRange), inserted: Array(newRange))
    }
    // Old positions of each key in the middle, in order (values may repeat).
    var positions: [Key: [Int]] = [:]
    for index in oldRange { positions[key(old[index]), default: []].append(index) }
    var cursor: [Key: Int] = [:]
    var kept: [(old: Int, new: Int)] = []
    var inserted: [Int] = []
    for index in newRange {
      let elementKey = key(new[index])
      let used = cursor[elementKey, default: 0]
      if let candidates = positions[elementKey], used < candidates.count {
        kept.append((candidates[used], index))
        cursor[elementKey] = used + 1
      } else {
        inserted.append(index)
      }
    }
    var keptOld = Set<Int>()
    for pair in kept { keptOld.insert(pair.old) }
    let removed = oldRange.filter { !keptOld.contains($0) }
    // The kept elements in their longest increasing run of old positions stay; the others move.
    let staying = longestIncreasingRun(kept.map(\.old))
    var moved: [Move] = []
    for (position, pair) in kept.enumerated() where !staying.contains(position) {
      moved.append(Move(from: pair.old, to: pair.new))
    }
    // A removal and an insertion at the same place, with nothing moving, is a replacement in place.
    var change = CollectionChange(removed: removed, inserted: inserted, moved: moved)
    if moved.isEmpty, removed.count == inserted.count, removed == inserted {
      change = CollectionChange(updated: inserted)
    }
    return change
  }

  private static func replacement(oldRange: Range<Int>, newRange: Range<Int>) -> CollectionChange {
    CollectionChange(removed: Array(oldRange), inserted: Array(newRange))
  }

  /// The positions (in `values`) of one longest strictly increasing subsequence, in O(n log n).
  static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
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
    var result = Set<Int>()
    var position = tails.last ?? -1
    while position >= 0 {
      result.insert(position)
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
