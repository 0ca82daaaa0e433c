/// An array for to-many properties: mutated through the usual array API, it tells the observers of
/// its property exactly what changed (Cocoa's indexed to-many accessors), with no comparison of the
/// elements.
///
/// A `[Element]` property works with `observeChanges` too, but its change is found by comparing the
/// array with a copy (a pass over the unchanged ends); a `KeyValueArray` property records each
/// mutation while the property's accessor runs, so an append to 100,000 elements costs what an
/// append costs. Outside the accessor nothing is recorded (a copy kept elsewhere holds no removed
/// element), and `elements` hands out the array without copying it.
///
/// ```swift
/// @KeyValueObservable
/// final class Team {
///   var members: KeyValueArray<Person> = []
/// }
///
/// let token = observeChanges(team, \.members) { change, old, new in
///   print(change)  // +[3]
/// }
/// team.members.append(ada)
/// team.members.remove(at: 0)       // -[0]
/// team.members.move(from: 2, to: 0)  // ~[2→0]
/// team.members.sort { $0.name < $1.name }  // moves, found by comparison
/// ```
///
/// One mutation (an append, an insert, a removal, a replaced range, a subscript set, a move) is
/// reported as exactly that; several in one access (`removeAll(where:)`, a sort, mutations in a
/// ``withCoalescedChanges(_:)``) arrive as one change found by comparing with the elements before.
/// Assigning a new array to the property compares the two arrays, and so does a mutation through a
/// key path (`model[keyPath: \.members].append(x)`: Swift reads and assigns the whole array). Nothing
/// is recorded while nothing observes the object. A class that conforms to ``KeyValueObservable`` by
/// hand reports a change with ``KeyValueRegistrar/didSet(_:_:_:from:to:)`` and the real old value
/// (or through ``KeyValueRegistrar/_didModify(_:_:_:from:to:journal:)`` with a record), since an
/// observer of a `KeyValueArray` keeps no copy to compare with.
public struct KeyValueArray<Element>: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
  ExpressibleByArrayLiteral
{
  /// The elements, as an array (sharing its storage: no copy).
  @inlinable
  public var elements: [Element] { _storage }
  @usableFromInline
  var _storage: [Element]
  /// What the mutations did while the property's accessor records them.
  @usableFromInline
  var _journal: _CollectionJournal<Element> = .off

  /// An empty array.
  public init() {
    _storage = []
  }

  /// An array of `elements`.
  public init(_ elements: [Element]) {
    _storage = elements
  }

  /// An array of the elements of a sequence.
  public init<S: Sequence>(_ elements: S) where S.Element == Element {
    _storage = Array(elements)
  }

  /// An array of the listed elements.
  public init(arrayLiteral elements: Element...) {
    _storage = elements
  }

  // MARK: Reading

  /// The first index: 0.
  @inlinable
  public var startIndex: Int { 0 }

  /// The number of elements.
  @inlinable
  public var endIndex: Int { _storage.count }

  /// The number of elements.
  @inlinable
  public var count: Int { _storage.count }

  /// The element at `position`; setting it replaces that element (an update of one index).
  @inlinable
  public subscript(position: Int) -> Element {
    get { _storage[position] }
    set {
      _record(replacing: position..<(position + 1), with: 1)
      _storage[position] = newValue
    }
  }

  // MARK: Mutating

  /// Replaces `subrange` with `newElements`: one change, exactly that range.
  public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
  where C.Element == Element {
    _record(replacing: subrange, with: newElements.count)
    _storage.replaceSubrange(subrange, with: newElements)
  }

  /// Adds `element` at the end.
  @inlinable
  public mutating func append(_ element: Element) {
    _record(replacing: _storage.count..<_storage.count, with: 1)
    _storage.append(element)
  }

  /// Adds the elements of a sequence at the end.
  public mutating func append<S: Sequence>(contentsOf newElements: S) where S.Element == Element {
    let added = Array(newElements)
    _record(replacing: _storage.count..<_storage.count, with: added.count)
    _storage.append(contentsOf: added)
  }

  /// Inserts `element` at `index`.
  @inlinable
  public mutating func insert(_ element: Element, at index: Int) {
    _record(replacing: index..<index, with: 1)
    _storage.insert(element, at: index)
  }

  /// Removes and returns the element at `index`.
  @inlinable
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    _record(replacing: index..<(index + 1), with: 0)
    return _storage.remove(at: index)
  }

  /// Removes and returns the last element; the array must not be empty.
  @inlinable
  @discardableResult
  public mutating func removeLast() -> Element {
    _record(replacing: (_storage.count - 1)..<_storage.count, with: 0)
    return _storage.removeLast()
  }

  /// Removes and returns the first element; the array must not be empty.
  @inlinable
  @discardableResult
  public mutating func removeFirst() -> Element {
    _record(replacing: 0..<1, with: 0)
    return _storage.removeFirst()
  }

  /// Removes every element.
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    _record(replacing: 0..<_storage.count, with: 0)
    _storage.removeAll(keepingCapacity: keepCapacity)
  }

  /// Removes the elements that satisfy `shouldBeRemoved`.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    _recordRewrite()
    try _storage.removeAll(where: shouldBeRemoved)
  }

  /// Reserves room for `minimumCapacity` elements.
  public mutating func reserveCapacity(_ minimumCapacity: Int) {
    _storage.reserveCapacity(minimumCapacity)
  }

  /// Moves the element at `from` so that it ends at `to` (an index in the array after the move):
  /// one change, a move.
  public mutating func move(from: Int, to: Int) {
    precondition(
      _storage.indices.contains(from) && _storage.indices.contains(to), "KeyValueArray.move: index out of range")
    guard from != to else { return }
    switch _journal {
    case .off: break
    case .unchanged: _journal = .moved(from: from, to: to)
    default: _recordRewrite()
    }
    let element = _storage.remove(at: from)
    _storage.insert(element, at: to)
  }

  /// Sorts the elements in place; observers get the moves.
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    _recordRewrite()
    try _storage.sort(by: areInIncreasingOrder)
  }

  /// Reverses the elements in place.
  public mutating func reverse() {
    _recordRewrite()
    _storage.reverse()
  }

  /// Exchanges the elements at `i` and `j`.
  public mutating func swapAt(_ i: Int, _ j: Int) {
    guard i != j else { return }
    _recordRewrite()
    _storage.swapAt(i, j)
  }

  /// Hands the elements' storage to `body` (what the standard library's in-place algorithms use):
  /// recorded as a rewrite.
  public mutating func withContiguousMutableStorageIfAvailable<R>(
    _ body: (inout UnsafeMutableBufferPointer<Element>) throws -> R
  ) rethrows -> R? {
    _recordRewrite()
    return try _storage.withContiguousMutableStorageIfAvailable(body)
  }

  /// Hands the elements' storage to `body` for reading.
  public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R? {
    try _storage.withContiguousStorageIfAvailable(body)
  }

  // MARK: Recording

  /// Records that `range` of the current elements is about to become `count` new ones.
  @inlinable
  mutating func _record(replacing range: Range<Int>, with count: Int) {
    guard _journal.isRecording else { return }
    _recordSlow(replacing: range, with: count)
  }

  @usableFromInline
  mutating func _recordSlow(replacing range: Range<Int>, with count: Int) {
    switch _journal {
    case .off, .rewritten:
      return
    case .unchanged:
      guard range.lowerBound >= 0, range.upperBound <= _storage.count else { return }  // the array traps next
      _journal = .replaced(range: range, insertedCount: count, removed: Array(_storage[range]))
    case .replaced, .moved:
      _recordRewrite()
    }
  }

  /// Records that the elements are about to change in a way not described by one replacement.
  mutating func _recordRewrite() {
    switch _journal {
    case .off, .rewritten: return
    case .unchanged: _journal = .rewritten(before: _storage)
    case .replaced, .moved: _journal = .rewritten(before: Array(ElementsBeforeChange(_journal, new: _storage)))
    }
  }

  /// Starts recording (the macro's accessor calls it before handing the array out for mutation).
  @inlinable
  public mutating func _beginRecording() {
    _journal = .unchanged
  }

  /// Stops recording, dropping what was recorded (the macro's setter calls it on the stored array).
  @inlinable
  public mutating func _stopRecording() {
    if _journal.isRecording { _journal = .off }
  }

  /// Stops recording and returns what was recorded.
  @inlinable
  public mutating func _endRecording() -> _KeyValueArrayJournal<Element> {
    defer { _journal = .off }
    return _KeyValueArrayJournal(journal: _journal)
  }
}

/// What a ``KeyValueArray`` recorded while its property's accessor mutated it; the macro's accessor
/// hands it to the registrar.
public struct _KeyValueArrayJournal<Element> {
  @usableFromInline
  let journal: _CollectionJournal<Element>

  @usableFromInline
  init(journal: _CollectionJournal<Element>) {
    self.journal = journal
  }

  /// Whether anything was mutated.
  @inlinable
  public var hasChanges: Bool { journal.hasChanges }
}

extension KeyValueArray: Equatable where Element: Equatable {
  /// Equal elements in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs._storage == rhs._storage }
}

extension KeyValueArray: Hashable where Element: Hashable {
  /// Hashes the elements.
  public func hash(into hasher: inout Hasher) { hasher.combine(_storage) }
}

extension KeyValueArray: Sendable where Element: Sendable {}

extension KeyValueArray: Encodable where Element: Encodable {
  /// Encodes the elements as an array.
  public func encode(to encoder: any Encoder) throws {
    try _storage.encode(to: encoder)
  }
}

extension KeyValueArray: Decodable where Element: Decodable {
  /// Decodes the elements from an array.
  public init(from decoder: any Decoder) throws {
    _storage = try [Element](from: decoder)
  }
}

extension KeyValueArray: CustomStringConvertible {
  /// The elements, as an array prints them.
  public var description: String { _storage.description }
}

extension KeyValueArray: _AnyArray {
  static var _elementType: Any.Type { Element.self }
  var _elements: [Any] { _storage.map { $0 as Any } }
}
