import Bindery
import BinderyControllers
import BinderyTestFixtures
import BinderyTestKit
import Testing

/// A team, for a sort key read through a relationship.
@KeyValueObservable
final class Squad {
  var name: String
  init(_ name: String) { self.name = name }
}

/// A player whose sort key can be the name of another object, its squad.
@KeyValueObservable
final class Player {
  var name: String
  var squad: Squad
  var squadName: String { squad.name }
  init(_ name: String, _ squad: Squad) {
    self.name = name
    self.squad = squad
  }
}

@Suite("How an array controller observes its objects")
struct ArrangementObservationTests {
  @Test func eachObjectHasOneObserverWhateverTheSortOrderAndFilterRead() {
    let directory = Directory()
    directory.people = [Person("Grace", age: 85), Person("Ada", age: 36), Person("Alan", age: 41)]
    let controller = ArrayController<Person>()
    controller.bindContent(to: .keyPath(directory, \.people))
    controller.sortOrder = [.ascending(\.lastName), .descending(\.age)]
    controller.filter = { !$0.isArchived && $0.firstName.count > 2 }
    #expect(directory.people.allSatisfy { $0.keyValueRegistrar.observerCount == 1 })
    controller.sortOrder = [.ascending(\.firstName)]
    controller.filter = { $0.age > 40 }
    #expect(directory.people.allSatisfy { $0.keyValueRegistrar.observerCount == 1 })
    #expect(controller.arrangedObjects.map(\.firstName) == ["Alan", "Grace"])
    controller.sortOrder = []
    controller.filter = nil
    #expect(directory.people.allSatisfy { $0.keyValueRegistrar.observerCount == 0 })
  }

  @Test func anEditOfAPropertyNeitherKeyReadsPublishesNoChange() {
    let directory = Directory()
    directory.people = [Person("Grace", age: 85), Person("Ada", age: 36)]
    let controller = ArrayController<Person>()
    controller.bindContent(to: .keyPath(directory, \.people))
    controller.sortOrder = [.ascending(\.age)]
    var changes = 0
    let token = controller.observeArrangement { _, _ in changes += 1 }
    directory.people[0].nickname = "Amazing"
    directory.people[1].tags = ["first"]
    #expect(changes == 0)
    directory.people[0].age = 20  // Grace moves first
    #expect(changes == 1)
    #expect(controller.arrangedObjects.map(\.firstName) == ["Grace", "Ada"])
    withExtendedLifetime(token) {}
  }

  @Test func aSortKeyReadThroughARelationshipFollowsTheOtherObject() {
    let red = Squad("Red")
    let blue = Squad("Blue")
    let players = [Player("Ann", red), Player("Bob", blue), Player("Cy", red)]
    let controller = ArrayController<Player>()
    controller.setContent(players)
    controller.sortOrder = [.ascending(\.squadName), .ascending(\.name)]
    #expect(controller.arrangedObjects.map(\.name) == ["Bob", "Ann", "Cy"])
    red.name = "Amber"  // a property of no arranged object
    #expect(controller.arrangedObjects.map(\.name) == ["Ann", "Cy", "Bob"])
    players[1].squad = red  // Bob's own property, and then what it reads is another squad
    #expect(controller.arrangedObjects.map(\.name) == ["Ann", "Bob", "Cy"])
    red.name = "Zed"
    blue.name = "Aqua"  // Bob reads Blue no longer
    #expect(controller.arrangedObjects.map(\.name) == ["Ann", "Bob", "Cy"])
  }

  @Test(arguments: [1, 2, 3, 4, 5])
  func aNewFilterOverASortedArrangementArrangesAsAFullSortWould(seed: UInt64) {
    var generator = SeededGenerator(state: seed)
    let directory = Directory()
    directory.people = (0..<300).map { index in
      Person("P\(index)", age: Int.random(in: 0..<20, using: &generator))  // many ties
    }
    let controller = ArrayController<Person>()
    controller.bindContent(to: .keyPath(directory, \.people))
    controller.sortOrder = [.descending(\.age)]
    for _ in 0..<8 {
      let modulus = Int.random(in: 1..<6, using: &generator)
      let remainder = Int.random(in: 0..<modulus, using: &generator)
      controller.filter = { (Int($0.firstName.dropFirst()) ?? 0) % modulus == remainder }
      let expected = directory.people.enumerated()
        .filter { (Int($0.element.firstName.dropFirst()) ?? 0) % modulus == remainder }
        .sorted { $0.element.age != $1.element.age ? $0.element.age > $1.element.age : $0.offset < $1.offset }
        .map(\.element.firstName)
      #expect(controller.arrangedObjects.map(\.firstName) == expected)
    }
  }

  @Test func objectsThatLeaveTheContentAndAControllerThatGoesAwayLeaveNoObserver() {
    let tracker = LifetimeTracker()
    let directory = Directory()
    directory.people = [Person("Ada"), Person("Grace"), Person("Alan")]
    let leaving = directory.people[2]
    do {
      let controller = tracker.track(ArrayController<Person>())
      controller.bindContent(to: .keyPath(directory, \.people))
      controller.sortOrder = [.ascending(\.firstName)]
      controller.filter = { !$0.isArchived }
      directory.people.removeLast()
      #expect(leaving.keyValueRegistrar.observerCount == 0)
      #expect(directory.people.allSatisfy { $0.keyValueRegistrar.observerCount == 1 })
    }
    #expect(tracker.liveCount == 0, "alive: \(tracker.liveTypeNames)")
    #expect(directory.people.allSatisfy { $0.keyValueRegistrar.observerCount == 0 })
  }
}
