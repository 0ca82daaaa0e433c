import Bindery
import BinderyTestFixtures
import BinderyTestKit
import Foundation
import Testing

@KeyValueObservable
final class Crew {
  var members: KeyValueArray<Person> = []
  var scores: KeyValueArray<Int> = []
}

@KeyValueObservable
final class Fleet {
  var crew: Crew? = Crew()
}

/// What one `observeChanges` call delivered: the change, and the old and new elements as arrays.
private struct Delivery<Element> {
  let change: CollectionChange
  let old: [Element]
  let new: [Element]
}

@Suite("KeyValueArray: to-many properties that record their mutations")
struct KeyValueArrayTests {
  @Test func eachMutationThroughThePropertyIsReportedAsExactlyThatChange() {
    let crew = Crew()
    crew.scores = [10, 20, 30, 40]
    var changes: [String] = []
    let token = observeChanges(crew, \.scores) { change, _ in changes.append("\(change)") }
    crew.scores.append(50)
    crew.scores.insert(5, at: 0)
    crew.scores.remove(at: 2)
    crew.scores.removeLast()
    crew.scores.removeFirst()
    crew.scores[1] = 99
    crew.scores.replaceSubrange(0..<2, with: [1, 2, 3])
    crew.scores.insert(contentsOf: [7, 8], at: 1)
    crew.scores.move(from: 0, to: 4)
    crew.scores.removeSubrange(1..<3)
    #expect(
      changes == [
        "+[4]", "+[0]", "-[2]", "-[4]", "-[0]", "*[1]", "-[0, 1] +[0, 1, 2]", "+[1, 2]", "~[0→4]", "-[1, 2]",
      ])
    #expect(crew.scores.elements == [7, 3, 1, 40])
    _ = token
  }

  @Test func theOldElementsAreReadThroughTheNewOnesAsTheyWereBeforeTheChange() {
    let crew = Crew()
    let people = (0..<6).map { Person(firstName: "p\($0)") }
    crew.members = KeyValueArray(people)
    var deliveries: [Delivery<Person>] = []
    let token = observeChanges(crew, \.members) { change, old, new in
      deliveries.append(Delivery(change: change, old: Array(old), new: new))
    }
    var expected = people
    let mutations: [(inout KeyValueArray<Person>) -> Void] = [
      { $0.remove(at: 2) },
      { $0.insert(Person(firstName: "x"), at: 1) },
      { $0.move(from: 4, to: 1) },
      { $0[3] = Person(firstName: "y") },
      { $0.replaceSubrange(1..<4, with: [Person(firstName: "z")]) },
    ]
    for mutate in mutations {
      mutate(&crew.members)
      let delivery = deliveries.last
      #expect(delivery?.old.map(\.firstName) == expected.map(\.firstName))
      #expect(delivery?.new.map(\.firstName) == crew.members.map(\.firstName))
      #expect(
        delivery.map { $0.change.applying(to: $0.old, newElements: $0.new).map(\.firstName) }
          == crew.members.map(\.firstName))
      expected = crew.members.elements
    }
    #expect(deliveries.count == mutations.count)
    _ = token
  }

  @Test func aKeyValueArrayObservedOnlyForItsChangesIsMutatedInPlace() {
    let crew = Crew()
    crew.scores = KeyValueArray(0..<1_000)
    crew.scores.reserveCapacity(2_000)
    func address() -> UInt { crew.scores.elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
    var changes: [String] = []
    let token = observeChanges(crew, \.scores) { change, old, new in
      changes.append("\(change) \(old.count)→\(new.count)")
    }
    let before = address()
    crew.scores.append(1_000)
    crew.scores.insert(-1, at: 500)
    crew.scores.remove(at: 500)
    crew.scores.removeLast()
    #expect(address() == before)
    #expect(changes == ["+[1000] 1000→1001", "+[500] 1001→1002", "-[500] 1002→1001", "-[1000] 1001→1000"])
    // An observer of old values: the mutation goes through a copy, the change is still exact.
    var counts: [String] = []
    let plain = observe(crew, \.scores) { counts.append("\($0.oldValue?.count ?? -1)→\($0.newValue.count)") }
    crew.scores.insert(7, at: 3)
    #expect(counts == ["1000→1001"])
    #expect(changes.last == "+[3] 1000→1001")
    _ = (token, plain)
  }

  @Test func severalMutationsInOneAccessArriveAsOneComparedChange() {
    let crew = Crew()
    crew.scores = [5, 1, 4, 2, 3, 6]
    var deliveries: [Delivery<Int>] = []
    let token = observeChanges(crew, \.scores) { change, old, new in
      deliveries.append(Delivery(change: change, old: Array(old), new: new))
    }
    crew.scores.removeAll { $0.isMultiple(of: 2) }
    crew.scores.sort()
    crew.scores.reverse()
    crew.scores.swapAt(0, 2)
    #expect(deliveries.map(\.old) == [[5, 1, 4, 2, 3, 6], [5, 1, 3], [1, 3, 5], [5, 3, 1]])
    #expect(deliveries.map(\.new) == [[5, 1, 3], [1, 3, 5], [5, 3, 1], [1, 3, 5]])
    for delivery in deliveries {
      #expect(delivery.change.applying(to: delivery.old, newElements: delivery.new) == delivery.new)
    }
    #expect(deliveries.first?.change == CollectionChange(removed: [2, 3, 5]))
    _ = token
  }

  @Test func mutationsInsideACoalescedBlockArriveAsOneChange() {
    let crew = Crew()
    crew.scores = [1, 2, 3]
    var deliveries: [Delivery<Int>] = []
    let token = observeChanges(crew, \.scores) { change, old, new in
      deliveries.append(Delivery(change: change, old: Array(old), new: new))
    }
    withCoalescedChanges {
      crew.scores.append(4)
      crew.scores.remove(at: 0)
      crew.scores.insert(9, at: 1)
    }
    #expect(deliveries.count == 1)
    #expect(deliveries.first?.old == [1, 2, 3])
    #expect(deliveries.first?.new == [2, 9, 3, 4])
    #expect(deliveries.first.map { $0.change.applying(to: $0.old, newElements: $0.new) } == [2, 9, 3, 4])
    _ = token
  }

  @Test func assigningANewArrayDeliversTheComputedDifference() {
    let crew = Crew()
    let (a, b, c) = (Person(firstName: "a"), Person(firstName: "b"), Person(firstName: "c"))
    crew.members = [a, b]
    var changes: [CollectionChange] = []
    let token = observeChanges(crew, \.members) { change, _ in changes.append(change) }
    crew.members = [b, a, c]
    crew.members = [b, a, c]  // the same objects: nothing to report
    #expect(changes == [CollectionChange(inserted: [2], moved: [.init(from: 1, to: 0)])])
    _ = token
  }

  @Test func aPathThroughAnotherObjectIsComparedAndFollowsTheNewObject() {
    let fleet = Fleet()
    fleet.crew?.scores = [1, 2]
    var changes: [String] = []
    let token = observeChanges(fleet, \.crew!.scores) { change, _ in changes.append("\(change)") }
    fleet.crew?.scores.append(3)
    let other = Crew()
    other.scores = [1, 2, 3, 4]
    fleet.crew = other
    other.scores.remove(at: 0)
    #expect(changes == ["+[2]", "+[3]", "-[0]"])
    _ = token
  }

  @Test func removedObjectsAreReleasedAndTheObservationEndsWithItsObject() {
    let tracker = LifetimeTracker()
    var count = 0
    var token: KeyValueObservation?
    do {
      let crew = tracker.track(Crew())
      crew.members = KeyValueArray((0..<3).map { _ in tracker.track(Person()) })
      token = observeChanges(crew, \.members) { _, _ in count += 1 }
      crew.members.remove(at: 1)
      crew.members.removeAll()
      #expect(tracker.liveCount == 1)  // the removed people are gone: nothing kept them for the record
      var local = crew.members
      local.append(tracker.track(Person()))
      local.removeLast()
      #expect(tracker.liveCount == 1)
    }
    #expect(count == 2)
    #expect(tracker.liveCount == 0)
    _ = token
  }

  @Test func collectionOperatorsReadAKeyValueArrayByName() throws {
    let crew = Crew()
    crew.members = [Person(firstName: "Ada"), Person(firstName: "Grace")]
    let path = try KeyValuePath("members.@count", in: Crew.self)
    guard case .value(let count) = path.resolve(in: crew) else {
      Issue.record("members.@count did not resolve")
      return
    }
    #expect(count as? Int == 2)
    let longest = try KeyValuePath("members.@max.firstName", in: Crew.self)
    guard case .value(let name) = longest.resolve(in: crew) else {
      Issue.record("members.@max.firstName did not resolve")
      return
    }
    #expect(name as? String? == "Grace")
  }

  @Test func aKeyValueArrayEncodesAndDecodesAsAPlainArray() throws {
    let scores: KeyValueArray<Int> = [3, 1, 2]
    let data = try JSONEncoder().encode(scores)
    #expect(String(decoding: data, as: UTF8.self) == "[3,1,2]")
    #expect(try JSONDecoder().decode(KeyValueArray<Int>.self, from: data) == scores)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(KeyValueArray<Int>.self, from: Data("{}".utf8)) }
  }

  @Test func aMutationThatThrowsHalfWayIsStillReportedAndRecordingEnds() {
    struct Stop: Error {}
    let crew = Crew()
    crew.scores = [5, 3, 9, 1, 7]
    var rows = crew.scores.elements
    var changes: [String] = []
    let token = observeChanges(crew, \.scores) { change, new in
      rows = change.applying(to: rows, newElements: new)
      changes.append("\(change)")
    }
    var comparisons = 0
    #expect(throws: Stop.self) {
      try crew.scores.sort { lhs, rhs in
        comparisons += 1
        if comparisons == 4 { throw Stop() }
        return lhs < rhs
      }
    }
    #expect(rows == crew.scores.elements)  // whatever the sort did before it threw was reported
    crew.scores.append(0)
    #expect(changes.last == "+[5]")
    #expect(rows == crew.scores.elements)
    _ = token
  }

  @Test func anUnobservedKeyValueArrayRecordsNothingAndSortsInPlace() {
    let crew = Crew()
    crew.scores = KeyValueArray((0..<1_000).reversed())
    func address() -> UInt { crew.scores.elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
    let before = address()
    crew.scores.sort()
    crew.scores.removeAll { $0.isMultiple(of: 2) }
    #expect(address() == before)  // no copy kept for a record nobody reads
    #expect(crew.scores.first == 1)
  }

  @Test func mutationsThatChangeNothingNotifyNobody() {
    let crew = Crew()
    crew.scores = [1, 2]
    var count = 0
    let token = observeChanges(crew, \.scores) { _, _ in count += 1 }
    let plain = observe(crew, \.scores) { _ in count += 1 }
    crew.scores.reserveCapacity(100)
    crew.scores.removeAll { $0 > 10 }
    #expect(count == 0)
    _ = (token, plain)
  }

  @Test func tenThousandRandomMutationsAreEachReportedSoThatApplyingThemReproducesTheArray() {
    var generator = SeededGenerator(state: 7)
    let crew = Crew()
    var rows: [Int] = []
    var next = 0
    var failures = 0
    let token = observeChanges(crew, \.scores) { change, old, new in
      if Array(old) != rows { failures += 1 }
      rows = change.applying(to: rows, newElements: new)
    }
    for _ in 0..<10_000 {
      let count = crew.scores.count
      next += 1
      switch Int.random(in: 0..<9, using: &generator) {
      case 0: crew.scores.append(next)
      case 1: crew.scores.insert(next, at: Int.random(in: 0...count, using: &generator))
      case 2 where count > 0: crew.scores.remove(at: Int.random(in: 0..<count, using: &generator))
      case 3 where count > 0: crew.scores[Int.random(in: 0..<count, using: &generator)] = next
      case 4:
        let lower = Int.random(in: 0...count, using: &generator)
        let upper = Int.random(in: lower...min(count, lower + 3), using: &generator)
        crew.scores.replaceSubrange(
          lower..<upper, with: (0..<Int.random(in: 0..<3, using: &generator)).map { next + $0 })
        next += 3
      case 5 where count > 1:
        crew.scores.move(
          from: Int.random(in: 0..<count, using: &generator), to: Int.random(in: 0..<count, using: &generator))
      case 6 where count > 1: crew.scores.swapAt(0, count - 1)
      case 7 where count > 20: crew.scores.removeAll { $0.isMultiple(of: 3) }
      default:
        withCoalescedChanges {
          crew.scores.append(next)
          if crew.scores.count > 2 { crew.scores.remove(at: 1) }
        }
      }
      if rows != crew.scores.elements { failures += 1 }
    }
    #expect(failures == 0)
    #expect(rows == crew.scores.elements)
    _ = token
  }
}
