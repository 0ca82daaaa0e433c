import Bindery
import BinderyTestFixtures
import BinderyTestKit
import Testing

/// A small, seeded random generator (SplitMix64), so the property test is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@KeyValueObservable
final class Roster {
  var people: [Person] = []
  var scores: [Int] = []
}

@Suite("Collection changes")
struct CollectionChangeTests {
  @Test func eachArrayOperationReportsExactlyItsIndexes() {
    let a = Person(firstName: "a")
    let b = Person(firstName: "b")
    let c = Person(firstName: "c")
    let d = Person(firstName: "d")
    #expect(CollectionChange.between([a, b], [a, b, c]) == CollectionChange(inserted: [2]))
    #expect(CollectionChange.between([a, b, c], [a, d, b, c]) == CollectionChange(inserted: [1]))
    #expect(CollectionChange.between([a, b, c], [a, c]) == CollectionChange(removed: [1]))
    #expect(CollectionChange.between([a, b, c], [a, d, c]) == CollectionChange(updated: [1]))
    #expect(CollectionChange.between([a, b, c, d], [a, d, b, c]) == CollectionChange(moved: [.init(from: 3, to: 1)]))
    #expect(CollectionChange.between([a, b, c, d], [b, c, d, a]) == CollectionChange(moved: [.init(from: 0, to: 3)]))
    #expect(CollectionChange.between([a, b, c, d], [a, b, c, d]).isEmpty)
    #expect(CollectionChange.between([1, 2, 3], [1, 2, 2, 3]) == CollectionChange(inserted: [2]))
    #expect(CollectionChange.between([Int](), [1, 2]) == CollectionChange(inserted: [0, 1]))
    #expect(CollectionChange.between([1, 2], [Int]()) == CollectionChange(removed: [0, 1]))
  }

  @Test func sortingMovesTheFewestElements() {
    let people = ["d", "a", "b", "c"].map { Person(firstName: $0) }
    let sorted = people.sorted { $0.firstName < $1.firstName }
    let change = CollectionChange.between(people, sorted)
    #expect(change.moved == [.init(from: 0, to: 3)])
    #expect(change.applying(to: people, newElements: sorted).map(\.firstName) == ["a", "b", "c", "d"])
  }

  @Test func tenThousandRandomSequencesOfMutationsAreReproducedByTheirChanges() {
    var generator = SeededGenerator(state: 2026)
    var pool = (0..<40).map { Person(firstName: "p\($0)") }
    for round in 0..<10_000 {
      var old = Array(pool.prefix(Int.random(in: 0...12, using: &generator)))
      old.shuffle(using: &generator)
      var new = old
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        switch Int.random(in: 0..<7, using: &generator) {
        case 0:
          new.insert(
            pool[Int.random(in: 0..<pool.count, using: &generator)],
            at: Int.random(in: 0...new.count, using: &generator))
        case 1 where !new.isEmpty:
          new.remove(at: Int.random(in: 0..<new.count, using: &generator))
        case 2 where new.count > 1:
          let from = Int.random(in: 0..<new.count, using: &generator)
          let element = new.remove(at: from)
          new.insert(element, at: Int.random(in: 0...new.count, using: &generator))
        case 3 where !new.isEmpty:
          new[Int.random(in: 0..<new.count, using: &generator)] = Person(firstName: "new")
        case 4:
          new.sort { $0.firstName < $1.firstName }
        case 5:
          new.shuffle(using: &generator)
        default:
          let start = Int.random(in: 0...new.count, using: &generator)
          let end = Int.random(in: start...new.count, using: &generator)
          new.replaceSubrange(start..<end, with: [Person(firstName: "r"), pool[round % pool.count]])
        }
      }
      let change = CollectionChange.between(old, new)
      let rebuilt = change.applying(to: old, newElements: new)
      #expect(
        rebuilt.elementsEqual(new, by: ===),
        "round \(round): \(change) old \(old.map(\.firstName)) new \(new.map(\.firstName)) rebuilt \(rebuilt.map(\.firstName))"
      )
      if !rebuilt.elementsEqual(new, by: ===) { break }
      if round % 1000 == 0 { pool.shuffle(using: &generator) }
    }
  }

  @Test func aChangeWorkedOutFromOldPositionsIsTheChangeBetweenTheTwoArrays() {
    var generator = SeededGenerator(state: 1929)
    let pool = (0..<30).map { Person(firstName: "p\($0)") }
    for _ in 0..<5_000 {
      let old = Array(pool.shuffled(using: &generator).prefix(Int.random(in: 0...12, using: &generator)))
      var new = old.filter { _ in Int.random(in: 0..<5, using: &generator) > 0 }
      for person in pool.shuffled(using: &generator).prefix(3) where Bool.random(using: &generator) {
        if !new.contains(where: { $0 === person }) {
          new.insert(person, at: Int.random(in: 0...new.count, using: &generator))
        }
      }
      if Bool.random(using: &generator) { new.shuffle(using: &generator) }
      let positions = new.map { person in old.firstIndex { $0 === person } ?? -1 }
      let change = CollectionChange.between(oldCount: old.count, oldPositions: positions)
      #expect(change == CollectionChange.between(old, new), "\(old.map(\.firstName)) to \(new.map(\.firstName))")
      #expect(change.applying(to: old, newElements: new).map(ObjectIdentifier.init) == new.map(ObjectIdentifier.init))
    }
  }

  @Test func aModelsArrayReportsEachMutationAsOneChange() {
    let roster = Roster()
    let log = ChangeLog<String>()
    let token = observeChanges(roster, \.people) { change, people in
      log.append("\(change) \(people.map(\.firstName).joined())")
    }
    let a = Person(firstName: "a")
    let b = Person(firstName: "b")
    let c = Person(firstName: "c")
    roster.people.append(a)
    roster.people.append(b)
    roster.people.insert(c, at: 0)
    roster.people.remove(at: 1)
    roster.people.sort { $0.firstName < $1.firstName }
    roster.people.swapAt(0, 1)
    roster.people = roster.people  // the same elements: no change
    #expect(log.values == ["+[0] a", "+[1] ab", "+[0] cab", "-[1] cb", "~[1→0] bc", "~[1→0] cb"])
    _ = token
  }

  @Test func mutationsInACoalescedBlockArriveAsOneChange() {
    let roster = Roster()
    roster.scores = [1, 2, 3]
    var changes: [CollectionChange] = []
    let token = observeChanges(roster, \.scores) { change, _ in changes.append(change) }
    withCoalescedChanges {
      roster.scores.append(4)
      roster.scores.remove(at: 0)
      roster.scores.insert(9, at: 1)
    }
    #expect(changes.count == 1)
    #expect(changes.first?.applying(to: [1, 2, 3], newElements: roster.scores) == [2, 9, 3, 4])
    _ = token
  }

  @Test func anArrayObservedOnlyForItsChangesIsMutatedInPlace() {
    let roster = Roster()
    roster.scores = Array(0..<1_000)
    roster.scores.reserveCapacity(2_000)
    func address() -> UInt { roster.scores.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
    var changes: [String] = []
    let token = observeChanges(roster, \.scores) { change, old, new in
      changes.append("\(change) \(old.count)→\(new.count)")
    }
    let before = address()
    roster.scores.append(1_000)
    roster.scores.insert(-1, at: 500)
    roster.scores.remove(at: 500)
    roster.scores.removeLast()
    #expect(address() == before)  // no copy of the array for the old value
    #expect(changes == ["+[1000] 1000→1001", "+[500] 1001→1002", "-[500] 1002→1001", "-[1000] 1001→1000"])
    // An observer of old values: the mutation goes through a copy again, and it gets both values.
    var counts: [String] = []
    let plain = observe(roster, \.scores) { counts.append("\($0.oldValue?.count ?? -1)→\($0.newValue.count)") }
    roster.scores.append(7)
    #expect(counts == ["1000→1001"])
    #expect(changes.last == "+[1000] 1000→1001")
    _ = (token, plain)
  }

  @Test func plainObserversStillGetTheNewArray() {
    let roster = Roster()
    var seen: [[Int]] = []
    let token = observe(roster, \.scores) { seen.append($0.newValue) }
    roster.scores.append(1)
    #expect(seen == [[1]])
    _ = token
  }
}
