import Bindery
import BinderyControllers

@KeyValueObservable
final class Member {
  var rank: Int
  init(rank: Int) { self.rank = rank }
}

/// A model with a to-many property that records its mutations (the exact change, no comparison).
@KeyValueObservable
final class Club {
  var members: KeyValueArray<Member> = []
}

/// The same model with a plain array (the change found by comparing with a copy).
@KeyValueObservable
final class ArrayClub {
  var members: [Member] = []
}

/// Figures of an array controller arranging 100,000 objects by a sort key, in nanoseconds.
struct ArrangementFigures {
  var insert = 0.0
  var remove = 0.0
  var editSortKey = 0.0
  var replaceShuffled = 0.0
  var plainSort = 0.0
  /// Insert and remove with a plain `[Member]` property, for comparison.
  var arrayInsert = 0.0
  var arrayRemove = 0.0
}

/// A deterministic generator, so every run arranges the same objects.
struct BenchmarkGenerator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

func arrangement100k(count: Int, operations: Int) -> ArrangementFigures {
  var generator = BenchmarkGenerator(state: 42)
  let club = Club()
  club.members = KeyValueArray(randomMembers(count, using: &generator))
  let controller = ArrayController<Member>()
  controller.sortOrder = [.ascending(\.rank)]
  controller.bindContent(to: .keyPath(club, \.members))
  var figures = ArrangementFigures()

  // A plain sort of the same array, for scale.
  let copy = club.members.elements
  let sortStart = nanoseconds()
  let sorted = copy.sorted { $0.rank < $1.rank }
  figures.plainSort = Double(nanoseconds() - sortStart)
  blackHole(sorted.count)

  (figures.insert, figures.remove) = appendThenRemove(
    randomMembers(operations, using: &generator),
    append: { club.members.append($0) },
    removeLast: { club.members.removeLast() })

  let edited = (0..<operations).map { _ in club.members[Int.random(in: 0..<club.members.count, using: &generator)] }
  let ranks = (0..<operations).map { _ in Int.random(in: 0..<1_000_000, using: &generator) }
  var start = nanoseconds()
  for (member, rank) in zip(edited, ranks) { member.rank = rank }
  figures.editSortKey = Double(nanoseconds() - start) / Double(operations)

  let shuffled = KeyValueArray(club.members.shuffled(using: &generator))
  start = nanoseconds()
  club.members = shuffled
  figures.replaceShuffled = Double(nanoseconds() - start)
  blackHole(controller.arrangedObjects.count)
  return figures
}

/// Inserting and removing one object of 100,000 arranged ones when the model's property is a plain
/// `[Member]`: the change is found by comparing the array with the observation's copy.
func arrayArrangement100k(count: Int, operations: Int, into figures: inout ArrangementFigures) {
  var generator = BenchmarkGenerator(state: 42)
  let arrayClub = ArrayClub()
  arrayClub.members = randomMembers(count, using: &generator)
  let newcomers = randomMembers(operations, using: &generator)  // made before the controller observes
  let arrayController = ArrayController<Member>()
  arrayController.sortOrder = [.ascending(\.rank)]
  arrayController.bindContent(to: .keyPath(arrayClub, \.members))
  (figures.arrayInsert, figures.arrayRemove) = appendThenRemove(
    newcomers,
    append: { arrayClub.members.append($0) },
    removeLast: { arrayClub.members.removeLast() })
  blackHole(arrayController.arrangedObjects.count)
}

/// `count` members with random ranks.
func randomMembers(_ count: Int, using generator: inout BenchmarkGenerator) -> [Member] {
  (0..<count).map { _ in Member(rank: Int.random(in: 0..<1_000_000, using: &generator)) }
}

/// Nanoseconds per append of each newcomer, then per removal of as many from the end.
func appendThenRemove(
  _ newcomers: [Member],
  append: (Member) -> Void,
  removeLast: () -> Void
) -> (insert: Double, remove: Double) {
  var start = nanoseconds()
  for member in newcomers { append(member) }
  let insert = Double(nanoseconds() - start) / Double(newcomers.count)
  start = nanoseconds()
  for _ in newcomers { removeLast() }
  return (insert, Double(nanoseconds() - start) / Double(newcomers.count))
}
