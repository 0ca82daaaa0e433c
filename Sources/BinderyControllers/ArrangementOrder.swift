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

  init<Element>(_ sortOrder: [ArrangementSort<Element>]) {
    levels = sortOrder.map { ($0.compare, $0.isAscending) }
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
}
