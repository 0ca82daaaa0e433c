import Bindery

/// What an array controller's arrangement knows of one object, without its type: the sort keys it
/// was placed with (how it is found again) and those of its latest evaluation, and its filter result.
class ArrangementPlacement {
  /// The sort keys, two lists in one buffer: `0..<levels` are the keys the object was placed with,
  /// `levels..<2 * levels` the latest ones. Made with the placement, and again for a new sort order.
  var keys: [ArrangementKey]
  /// Whether the latest evaluation let the object through the filter.
  var passes = true
  /// Whether the object is in the arrangement.
  var isArranged = false
  /// The last rearrangement that found the object in the content (one that finds it again knows it
  /// is there twice).
  var generation = 0
  /// The object's place in the content at the last arrangement: what breaks ties of equal keys.
  var contentIndex = 0
  /// While a rearrangement is worked out, the object's position in the arrangement before it; -1
  /// when it was not arranged, and at all other times (``ArrangementStorage/numberPositions()``).
  var previousPosition = -1

  init(keys: [ArrangementKey]) {
    self.keys = keys
  }

  /// Makes the keys of `object` (this placement's object) for the order whose levels make them
  /// with `makers`: those it is placed with, then its latest.
  ///
  /// Each level's key is made once and stands for both until the object's value changes (the
  /// controller then gives the latest its own key): a new sort order of 100,000 objects allocates
  /// 100,000 keys a level, not twice as many, and writes them into the buffer the keys of the
  /// last order had when it has their size (no array allocated per object). Not generic: a loop of
  /// plain calls, with no lookup of the element type's metadata per object.
  func makeKeys(of object: AnyObject, with makers: [(AnyObject) -> ArrangementKey]) {
    let levels = makers.count
    if keys.count == 2 * levels {
      for level in 0..<levels {
        let key = makers[level](object)
        keys[level] = key
        keys[levels + level] = key
      }
      return
    }
    var made: [ArrangementKey] = []
    made.reserveCapacity(2 * levels)
    for level in 0..<levels { made.append(makers[level](object)) }
    for level in 0..<levels { made.append(made[level]) }
    keys = made
  }
}

/// One object of an array controller's content, with its placement and the observation of what
/// the filter and the sort keys read of it.
final class ArrangementEntry<Element: AnyObject>: ArrangementPlacement {
  /// The object.
  let element: Element
  /// What hears the changes that can change the filter result or the sort keys: a subscription to
  /// every change of the object when they read only its own properties, else an observation of each
  /// read (``ArrangementObservation``).
  var observation = ArrangementObservation.none

  init(_ element: Element, keys: [ArrangementKey]) {
    self.element = element
    super.init(keys: keys)
  }

  deinit { observation.end() }

  /// Ends the observation of the object.
  func stopObserving() {
    observation.end()
    observation = .none
  }
}

/// How an array controller hears the changes of one object that can move it or take it out.
enum ArrangementObservation {
  /// Nothing read is observable (no filter, no sort order, or properties of no observable object).
  case none
  /// The filter and the sort keys read only the object's own properties: any change of the object
  /// is heard, and the same subscription serves every later sort order and filter that does so too.
  case object(ObjectChangeSubscription)
  /// They read other objects too (`department.name`): each read is observed, and made again for a
  /// new sort order or filter.
  case reads(KeyValueObservation)

  /// Ends the observation.
  func end() {
    switch self {
    case .none: break
    case .object(let subscription): subscription.cancel()
    case .reads(let observation): observation.unbind()
    }
  }
}

/// The arranged objects of an array controller, in order, in chunks of at most
/// ``chunkCapacity`` entries with the position of each chunk's first entry: inserting or removing
/// at a position costs O(log n) to find the chunk, a move of at most one chunk's entries and an
/// update of the chunks' positions, never a move of the whole arrangement.
///
/// A value: a copy (an ``ArrangedObjects`` handed to observers) shares the chunks until one of
/// them changes, and then only that chunk is copied.
struct ArrangementStorage {
  typealias Entry = ArrangementPlacement

  /// The largest chunk; a chunk that grows beyond it is split in two.
  static var chunkCapacity: Int { 1024 }

  /// The chunks, none empty.
  private(set) var chunks: [[Entry]] = []
  /// The position of each chunk's first entry.
  private(set) var starts: [Int] = []
  /// The number of entries.
  private(set) var count = 0

  /// An empty arrangement.
  init() {}

  /// The entries, in order, that `isIncluded` keeps.
  func placements(where isIncluded: (Entry) -> Bool) -> [Entry] {
    var kept: [Entry] = []
    kept.reserveCapacity(count)
    for chunk in chunks {
      for entry in chunk where isIncluded(entry) { kept.append(entry) }
    }
    return kept
  }

  /// Gives each entry its position as its ``ArrangementPlacement/previousPosition``, before the
  /// arrangement is worked out again; ``previousPositions()`` of the new one then tells where each
  /// entry was, with no table of them, and ``forgetPositions()`` of this one puts them back to -1.
  func numberPositions() {
    var position = 0
    for chunk in chunks {
      for entry in chunk {
        entry.previousPosition = position
        position += 1
      }
    }
  }

  /// The ``ArrangementPlacement/previousPosition`` of each entry, in order.
  func previousPositions() -> [Int] {
    var positions: [Int] = []
    positions.reserveCapacity(count)
    for chunk in chunks {
      for entry in chunk { positions.append(entry.previousPosition) }
    }
    return positions
  }

  /// Puts back every entry's ``ArrangementPlacement/previousPosition`` to -1.
  func forgetPositions() {
    for chunk in chunks {
      for entry in chunk { entry.previousPosition = -1 }
    }
  }

  /// The arrangement of `entries`, in this order.
  init(_ entries: [Entry]) {
    let size = Self.chunkCapacity / 2
    var start = 0
    chunks.reserveCapacity(entries.count / size + 1)
    while start < entries.count {
      let end = min(start + size, entries.count)
      chunks.append(Array(entries[start..<end]))
      starts.append(start)
      start = end
    }
    count = entries.count
  }

  /// The entry at `position` (`0..<count`).
  subscript(position: Int) -> Entry {
    let (chunk, offset) = locate(position)
    return chunks[chunk][offset]
  }

  /// The chunk holding `position` (`0..<count`) and the position within it: O(log chunks).
  func locate(_ position: Int) -> (chunk: Int, offset: Int) {
    var low = 0
    var high = chunks.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= position { low = middle } else { high = middle - 1 }
    }
    return (low, position - starts[low])
  }

  /// The first position whose entry is not `isBefore` (which holds for a prefix of the entries):
  /// O(log n) calls of `isBefore`.
  func partitionPoint(_ isBefore: (Entry) -> Bool) -> Int {
    var low = 0
    var high = chunks.count
    while low < high {
      let middle = (low + high) / 2
      let chunk = chunks[middle]
      if isBefore(chunk[chunk.count - 1]) { low = middle + 1 } else { high = middle }
    }
    guard low < chunks.count else { return count }
    return chunks[low].withUnsafeBufferPointer { chunk in
      var first = 0
      var last = chunk.count - 1  // not before: the search above stopped at this chunk
      while first < last {
        let middle = (first + last) / 2
        if isBefore(chunk[middle]) { first = middle + 1 } else { last = middle }
      }
      return starts[low] + first
    }
  }

  /// The position of `entry` at or after `position`, looking at most while `isCandidate` holds
  /// (entries with the same keys); `nil` if it is not there.
  func position(of entry: Entry, from position: Int, while isCandidate: (Entry) -> Bool) -> Int? {
    guard position < count else { return nil }
    var (chunk, offset) = locate(position)
    var current = position
    while chunk < chunks.count {
      let entries = chunks[chunk]
      while offset < entries.count {
        let candidate = entries[offset]
        if candidate === entry { return current }
        if !isCandidate(candidate) { return nil }
        offset += 1
        current += 1
      }
      chunk += 1
      offset = 0
    }
    return nil
  }

  /// The position of `entry`, by a scan from the start: O(n).
  func scanPosition(of entry: Entry) -> Int? {
    for (chunk, entries) in chunks.enumerated() {
      if let offset = entries.firstIndex(where: { $0 === entry }) { return starts[chunk] + offset }
    }
    return nil
  }

  /// Inserts `entry` at `position` (`0...count`).
  mutating func insert(_ entry: Entry, at position: Int) {
    guard !chunks.isEmpty else {
      chunks = [[entry]]
      starts = [0]
      count = 1
      return
    }
    let (chunk, offset) = position == count ? (chunks.count - 1, chunks[chunks.count - 1].count) : locate(position)
    chunks[chunk].insert(entry, at: offset)
    count += 1
    shiftStarts(after: chunk, by: 1)
    if chunks[chunk].count > Self.chunkCapacity { split(chunk) }
  }

  /// Removes the entry at `position` (`0..<count`) and returns it.
  @discardableResult
  mutating func remove(at position: Int) -> Entry {
    let (chunk, offset) = locate(position)
    let entry = chunks[chunk].remove(at: offset)
    count -= 1
    shiftStarts(after: chunk, by: -1)
    if chunks[chunk].isEmpty {
      chunks.remove(at: chunk)
      starts.remove(at: chunk)
    } else if chunks[chunk].count < Self.chunkCapacity / 8 {
      mergeIfSmall(chunk)
    }
    return entry
  }

  private mutating func shiftStarts(after chunk: Int, by delta: Int) {
    starts.withUnsafeMutableBufferPointer { starts in
      for index in (chunk + 1)..<starts.count { starts[index] += delta }
    }
  }

  private mutating func split(_ chunk: Int) {
    let half = chunks[chunk].count / 2
    let tail = Array(chunks[chunk][half...])
    chunks[chunk].removeSubrange(half...)
    chunks.insert(tail, at: chunk + 1)
    starts.insert(starts[chunk] + half, at: chunk + 1)
  }

  /// Joins a small chunk with a neighbour when both fit in half a chunk, so the number of chunks
  /// stays proportional to the number of entries.
  private mutating func mergeIfSmall(_ chunk: Int) {
    let limit = Self.chunkCapacity / 2
    if chunk + 1 < chunks.count, chunks[chunk].count + chunks[chunk + 1].count <= limit {
      let next = chunks.remove(at: chunk + 1)
      starts.remove(at: chunk + 1)
      chunks[chunk].append(contentsOf: next)
    } else if chunk > 0, chunks[chunk - 1].count + chunks[chunk].count <= limit {
      let current = chunks.remove(at: chunk)
      starts.remove(at: chunk)
      chunks[chunk - 1].append(contentsOf: current)
    }
  }
}
