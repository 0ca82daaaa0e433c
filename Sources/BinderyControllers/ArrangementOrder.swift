/// One sort key of one object, boxed so that a level can compare two of them without a dynamic cast.
@usableFromInline
class ArrangementKey {
  @usableFromInline
  init() {}
}

/// A sort key holding a `Value`.
@usableFromInline
final class TypedArrangementKey<Value>: ArrangementKey {
  @usableFromInline @exclusivity(unchecked) var value: Value

  @usableFromInline
  init(_ value: Value) {
    self.value = value
  }
}

/// A sort order reduced to what comparing two placements needs, with no generic parameter: the
/// comparisons on an array controller's hot path run as plain calls, whatever its element type.
struct ArrangementOrder {
  /// Each level's comparison of two of its keys, and its direction.
  let levels: [(compare: (ArrangementKey, ArrangementKey) -> Int, isAscending: Bool)]
  /// The sort of an order of one level (a click on one column's header): by its typed values.
  let sortedByOneLevel: ((UnsafeBufferPointer<ArrangementKey>) -> [Int])?

  init<Element>(_ sortOrder: [ArrangementSort<Element>]) {
    levels = sortOrder.map { ($0.compare, $0.isAscending) }
    sortedByOneLevel = sortOrder.count == 1 ? sortOrder[0].sortedPositions : nil
  }

  /// The number of levels.
  var count: Int { levels.count }

  /// Compares the keys of `lhs` starting at `lhsBase` with those of `rhs` at `rhsBase` (`0` for the
  /// keys an object was placed with, ``count`` for its latest ones), level by level.
  func compare(_ lhs: ArrangementPlacement, _ lhsBase: Int, _ rhs: ArrangementPlacement, _ rhsBase: Int) -> Int {
    var level = 0
    while level < levels.count {
      let result = levels[level].compare(lhs.keys[lhsBase + level], rhs.keys[rhsBase + level])
      if result != 0 { return levels[level].isAscending ? result : -result }
      level += 1
    }
    return 0
  }

  /// Two lists in order of the keys they were placed with merged into one, equal keys in the order
  /// of the objects in the content: O(n) comparisons.
  func merged(staying: [ArrangementPlacement], _ arriving: [ArrangementPlacement]) -> [ArrangementPlacement] {
    guard !arriving.isEmpty else { return staying }
    var merged: [ArrangementPlacement] = []
    merged.reserveCapacity(staying.count + arriving.count)
    var (left, right) = (0, 0)
    while left < staying.count, right < arriving.count {
      let order = compare(staying[left], 0, arriving[right], 0)
      if order < 0 || (order == 0 && staying[left].contentIndex < arriving[right].contentIndex) {
        merged.append(staying[left])
        left += 1
      } else {
        merged.append(arriving[right])
        right += 1
      }
    }
    merged.append(contentsOf: staying[left...])
    merged.append(contentsOf: arriving[right...])
    return merged
  }

  /// `placements` in order of their latest keys (`count..<2 * count`), equal ones in their order:
  /// O(n log n) comparisons, in code with no generic parameter, reading the keys from one flat
  /// buffer (no reference counting per comparison).
  func sorted(_ placements: [ArrangementPlacement]) -> [ArrangementPlacement] {
    let levels = count
    var flat: [ArrangementKey] = []
    flat.reserveCapacity(placements.count * levels)
    for placement in placements {
      var level = levels
      while level < 2 * levels {
        flat.append(placement.keys[level])
        level += 1
      }
    }
    if let sortedByOneLevel {
      return flat.withUnsafeBufferPointer { keys in sortedByOneLevel(keys).map { placements[$0] } }
    }
    let indexes = flat.withUnsafeBufferPointer { keys in
      self.levels.withUnsafeBufferPointer { order in
        (0..<placements.count).sorted { lhs, rhs in
          var level = 0
          while level < levels {
            let result = order[level].compare(keys[lhs * levels + level], keys[rhs * levels + level])
            if result != 0 { return order[level].isAscending ? result < 0 : result > 0 }
            level += 1
          }
          return lhs < rhs
        }
      }
    }
    return indexes.map { placements[$0] }
  }
}
