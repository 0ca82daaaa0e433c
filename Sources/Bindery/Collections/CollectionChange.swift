/// What changed in an ordered collection, index by index: what a list needs to update row by row
/// (and what a real UI would animate).
///
/// Indexes follow the batch-update convention: ``removed`` and the sources of ``moved`` are indexes
/// in the old collection; ``inserted`` and the destinations of ``moved`` are indexes in the new one.
/// ``updated`` elements were replaced in place: their index is the same in both (a change has
/// updates only when nothing else shifts). Elements that are neither removed nor moved keep their
/// relative order.
///
/// ```swift
/// let change = CollectionChange.between(["a", "b", "c"], ["a", "c", "d"])
/// // removed [1], inserted [2]
/// change.applying(to: ["a", "b", "c"], newElements: ["a", "c", "d"])  // ["a", "c", "d"]
/// ```
public struct CollectionChange: Equatable, Sendable, CustomStringConvertible {
  /// An element that stayed but changed position relative to the others.
  public struct Move: Equatable, Hashable, Sendable {
    /// Its index in the old collection.
    public var from: Int
    /// Its index in the new collection.
    public var to: Int

    /// Creates a move.
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }
  }

  /// Indexes in the old collection of the elements removed, ascending.
  public var removed: [Int]
  /// Indexes in the new collection of the elements inserted, ascending.
  public var inserted: [Int]
  /// Elements kept whose relative position changed, by destination, ascending.
  public var moved: [Move]
  /// Indexes of the elements replaced in place (the same in the old and the new collection), ascending.
  public var updated: [Int]

  /// Creates a change.
  public init(removed: [Int] = [], inserted: [Int] = [], moved: [Move] = [], updated: [Int] = []) {
    self.removed = removed
    self.inserted = inserted
    self.moved = moved
    self.updated = updated
  }

  /// Whether nothing changed.
  public var isEmpty: Bool { removed.isEmpty && inserted.isEmpty && moved.isEmpty && updated.isEmpty }

  /// `-[1] +[2] ~[0→3] *[4]`.
  public var description: String {
    var parts: [String] = []
    if !removed.isEmpty { parts.append("-\(removed)") }
    if !inserted.isEmpty { parts.append("+\(inserted)") }
    if !moved.isEmpty { parts.append("~[" + moved.map { "\($0.from)→\($0.to)" }.joined(separator: ", ") + "]") }
    if !updated.isEmpty { parts.append("*\(updated)") }
    return parts.isEmpty ? "no change" : parts.joined(separator: " ")
  }

  /// The new collection, made from `old` by this change: kept elements come from `old`, inserted
  /// and updated ones from `newElements` (the new collection, of which only those are read).
  ///
  /// This is how a list applies a change row by row; `applying(to: old, newElements: new) == new`
  /// for every change `between(old, new)`.
  public func applying<Element>(to old: [Element], newElements: [Element]) -> [Element] {
    var result = [Element?](repeating: nil, count: newElements.count)
    for index in inserted where index < result.count { result[index] = newElements[index] }
    for index in updated where index < result.count { result[index] = newElements[index] }
    var movedSources = Set<Int>()
    for move in moved where move.to < result.count && move.from < old.count {
      result[move.to] = old[move.from]
      movedSources.insert(move.from)
    }
    let consumed = Set(removed).union(updated).union(movedSources)
    var remaining = old.indices.lazy.filter { !consumed.contains($0) }.makeIterator()
    for index in result.indices where result[index] == nil {
      guard let source = remaining.next() else { break }
      result[index] = old[source]
    }
    return result.compactMap { $0 }
  }
}
