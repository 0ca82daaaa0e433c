/// What a ``KeyValueArray`` records of its mutations while the accessor of an observable property
/// mutates it: enough to say exactly what changed without comparing the elements.
///
/// Recording is off outside the accessor, so a value kept elsewhere never holds removed elements.
@usableFromInline
enum _CollectionJournal<Element> {
  /// Not recording.
  case off
  /// Recording, and nothing changed yet.
  case unchanged
  /// One contiguous replacement: `range` of the old elements (kept in `removed`) became
  /// `insertedCount` new ones at the same start (an append, an insert, a removal, a replaced range).
  case replaced(range: Range<Int>, insertedCount: Int, removed: [Element])
  /// One element moved from `from` (an old index) to `to` (a new index).
  case moved(from: Int, to: Int)
  /// Anything else (several mutations, a sort, a shuffle): the elements before, to compare.
  case rewritten(before: [Element])

  /// Whether it records.
  @usableFromInline
  var isRecording: Bool {
    if case .off = self { return false }
    return true
  }

  /// Whether it recorded a mutation.
  @usableFromInline
  var hasChanges: Bool {
    switch self {
    case .off, .unchanged: false
    default: true
    }
  }

  /// The exact change from the elements before to `new`, the elements after.
  func change(to new: [Element]) -> CollectionChange {
    switch self {
    case .off, .unchanged:
      return CollectionChange()
    case .replaced(let range, let insertedCount, let removed):
      let end = min(range.lowerBound + insertedCount, new.count)
      guard range.lowerBound <= end else { return CollectionChange() }
      // Outside the range both sides are the same elements: only the range is compared.
      let local = CollectionChange.between(anyOf: removed, Array(new[range.lowerBound..<end]))
      return local.offset(by: range.lowerBound)
    case .moved(let from, let to):
      return from == to ? CollectionChange() : CollectionChange(moved: [CollectionChange.Move(from: from, to: to)])
    case .rewritten(let before):
      return CollectionChange.between(anyOf: before, new)
    }
  }
}

extension _CollectionJournal: Sendable where Element: Sendable {}

extension CollectionChange {
  /// The same change, every index moved by `offset` (a change found in a slice).
  func offset(by offset: Int) -> CollectionChange {
    guard offset != 0 else { return self }
    return CollectionChange(
      removed: removed.map { $0 + offset },
      inserted: inserted.map { $0 + offset },
      moved: moved.map { Move(from: $0.from + offset, to: $0.to + offset) },
      updated: updated.map { $0 + offset }
    )
  }
}

/// The elements of an observed ``KeyValueArray`` as they were before a change, read through the
/// elements after it and what the change replaced: no copy of the array is made.
///
/// ```swift
/// observeChanges(team, \.members) { change, old, new in
///   for index in change.removed { print("left:", old[index].name) }
/// }
/// ```
public struct ElementsBeforeChange<Element>: RandomAccessCollection {
  private enum Storage {
    case elements([Element])
    case replaced(new: [Element], range: Range<Int>, insertedCount: Int, removed: [Element])
    case moved(new: [Element], from: Int, to: Int)
  }

  private let storage: Storage

  /// The elements before a change, given as they were.
  public init(_ elements: [Element]) {
    storage = .elements(elements)
  }

  /// The elements before the change that `journal` recorded, `new` being the elements after it.
  init(_ journal: _CollectionJournal<Element>, new: [Element]) {
    switch journal {
    case .off, .unchanged: storage = .elements(new)
    case .replaced(let range, let insertedCount, let removed):
      storage = .replaced(new: new, range: range, insertedCount: insertedCount, removed: removed)
    case .moved(let from, let to): storage = .moved(new: new, from: from, to: to)
    case .rewritten(let before): storage = .elements(before)
    }
  }

  /// The first index: 0.
  public var startIndex: Int { 0 }

  /// The number of elements before the change.
  public var endIndex: Int {
    switch storage {
    case .elements(let elements): elements.count
    case .replaced(let new, let range, let insertedCount, _): new.count - insertedCount + range.count
    case .moved(let new, _, _): new.count
    }
  }

  /// The element at `position` before the change.
  public subscript(position: Int) -> Element {
    switch storage {
    case .elements(let elements):
      return elements[position]
    case .replaced(let new, let range, let insertedCount, let removed):
      if position < range.lowerBound { return new[position] }
      if position < range.upperBound { return removed[position - range.lowerBound] }
      return new[position - range.count + insertedCount]
    case .moved(let new, let from, let to):
      if position == from { return new[to] }
      let withoutMoved = position < from ? position : position - 1
      return new[withoutMoved < to ? withoutMoved : withoutMoved + 1]
    }
  }
}
