/// An array controller's arranged objects at one moment, as a random-access collection, without
/// copying them into an array: what ``ArrayController/observeArrangement(_:)`` hands its observers.
///
/// Making one costs O(1); reading an object by index costs O(log n / 512) and iterating costs O(1) per
/// object. It is a snapshot: later changes of the arrangement do not show in it (keeping it costs a
/// copy of one chunk of at most 1,024 references at the controller's next change, never of the
/// whole arrangement). `Array(arranged)` makes an array.
///
/// ```swift
/// let token = people.observeArrangement { change, arranged in
///   list.apply(change, items: arranged)
///   print(arranged.first?.lastName ?? "none")
/// }
/// ```
public struct ArrangedObjects<Element: AnyObject>: RandomAccessCollection {
  let storage: ArrangementStorage

  init(_ storage: ArrangementStorage) {
    self.storage = storage
  }

  /// Always 0.
  public var startIndex: Int { 0 }
  /// The number of arranged objects.
  public var endIndex: Int { storage.count }

  /// The object at `position` (`0..<count`). (Every placement of a controller's storage is an entry
  /// of its element type.)
  public subscript(position: Int) -> Element {
    unsafeDowncast(storage[position], to: ArrangementEntry<Element>.self).element
  }

  /// An iterator that walks the chunks.
  public func makeIterator() -> Iterator {
    Iterator(chunks: storage.chunks)
  }

  /// Walks the objects in order, chunk by chunk.
  public struct Iterator: IteratorProtocol {
    let chunks: [[ArrangementPlacement]]
    var chunk = 0
    var offset = 0

    init(chunks: [[ArrangementPlacement]]) {
      self.chunks = chunks
    }

    /// The next object, or `nil` after the last.
    public mutating func next() -> Element? {
      while chunk < chunks.count {
        if offset < chunks[chunk].count {
          defer { offset += 1 }
          return unsafeDowncast(chunks[chunk][offset], to: ArrangementEntry<Element>.self).element
        }
        chunk += 1
        offset = 0
      }
      return nil
    }
  }
}
