import Bindery
import BinderyTestFixtures
import BinderyTestKit
import Testing

/// A model of the main actor, observed from other tasks.
@MainActor
@KeyValueObservable
private final class Thermometer {
  var celsius = 20
}

@Suite("Observed values as async sequences")
struct AsyncValuesTests {
  @Test func valuesStartWithTheCurrentValueThenEachNewOneAndSkipEqualWrites() async {
    let person = Person(firstName: "Ada", lastName: "Lovelace")
    var iterator = person.values(of: \.firstName).makeAsyncIterator()
    #expect(await iterator.next() == "Ada")
    person.firstName = "Augusta"
    person.firstName = "Augusta"  // equal: skipped
    person.firstName = "Grace"
    #expect(await iterator.next() == "Augusta")
    #expect(await iterator.next() == "Grace")
  }

  @Test func aComputedKeyPathThroughAnOptionalFollowsItsReads() async {
    let controller = PersonController(person: Person(firstName: "Ada", lastName: "Lovelace"))
    var iterator = controller.values(of: \.person?.fullName, initial: false).makeAsyncIterator()
    controller.person?.lastName = "King"
    controller.person = Person(firstName: "Grace", lastName: "Hopper")
    #expect(await iterator.next() == "Ada King")
    #expect(await iterator.next() == "Grace Hopper")
  }

  @Test func changesCarryTheOldAndNewValue() async {
    let person = Person(firstName: "Ada", lastName: "Lovelace")
    var iterator = person.changes(of: \.lastName).makeAsyncIterator()
    person.lastName = "King"
    let change = await iterator.next()
    #expect(change?.oldValue == "Lovelace")
    #expect(change?.newValue == "King")
    #expect(change?.kind == .change)
    var withInitial = person.changes(of: \.lastName, initial: true).makeAsyncIterator()
    let first = await withInitial.next()
    #expect(first?.kind == .initial)
    #expect(first?.oldValue == nil)
    #expect(first?.newValue == "King")
  }

  @Test func theSequenceEndsWhenTheObjectGoesAwayAndDoesNotKeepItAlive() async {
    let tracker = LifetimeTracker()
    var person: Person? = tracker.track(Person(firstName: "Ada", lastName: "Lovelace"))
    let values = person!.values(of: \.firstName)
    var iterator = values.makeAsyncIterator()
    #expect(await iterator.next() == "Ada")
    person = nil
    #expect(tracker.liveCount == 0, "the sequence and its iterator hold the object weakly")
    #expect(await iterator.next() == nil)
    // Iterated after its object went away: ends at once.
    var late = values.makeAsyncIterator()
    #expect(await late.next() == nil)
  }

  @Test func aValueThatReadsNothingObservableOfTheObjectStillEndsWithIt() async {
    var person: Person? = Person(firstName: "Ada", lastName: "Lovelace", id: 7)
    var iterator = person!.values(of: \.id).makeAsyncIterator()  // a `let`
    #expect(await iterator.next() == 7)
    person = nil
    #expect(await iterator.next() == nil)
  }

  @Test func cancellingTheConsumerLeavesNoObserverBehind() async {
    let person = Person(firstName: "Ada", lastName: "Lovelace")
    let started = AsyncStream<Void>.makeStream()
    let consumer = Task {
      var seen: [String] = []
      for await name in person.values(of: \.firstName) {
        seen.append(name)
        started.continuation.yield()
      }
      return seen
    }
    var signals = started.stream.makeAsyncIterator()
    await signals.next()
    #expect(person.keyValueRegistrar.observerCount == 1)
    consumer.cancel()
    let seen = await consumer.value
    #expect(seen == ["Ada"])
    #expect(person.keyValueRegistrar.observerCount == 0)
  }

  @Test func droppingTheIteratorEndsTheObservation() async {
    let person = Person(firstName: "Ada", lastName: "Lovelace")
    do {
      var iterator = person.values(of: \.firstName).makeAsyncIterator()
      #expect(await iterator.next() == "Ada")
      #expect(person.keyValueRegistrar.observerCount == 1)
    }
    #expect(person.keyValueRegistrar.observerCount == 0)
  }

  @Test func bufferingNewestKeepsOnlyTheLatestValuesWhileTheConsumerIsBusy() async {
    let person = Person(firstName: "Ada", lastName: "Lovelace")
    var iterator = person.values(of: \.firstName, initial: false, buffering: .newest(1)).makeAsyncIterator()
    for name in ["B", "C", "D"] { person.firstName = name }
    #expect(await iterator.next() == "D")
    var oldest = person.values(of: \.firstName, initial: false, buffering: .oldest(2)).makeAsyncIterator()
    for name in ["E", "F", "G"] { person.firstName = name }
    #expect(await oldest.next() == "E")
    #expect(await oldest.next() == "F")
  }

  @Test func aTrackedClosureDeliversItsValueAfterEachChangeOfWhatItRead() async {
    let controller = PersonController(person: Person(firstName: "Ada", lastName: "Lovelace"))
    var iterator = trackedValues { [weak controller] in controller?.person != nil }.makeAsyncIterator()
    #expect(await iterator.next() == true)
    controller.person = nil
    #expect(await iterator.next() == false)
    controller.person = Person(firstName: "Grace", lastName: "Hopper")
    #expect(await iterator.next() == true)
  }

  @MainActor
  @Test func aModelChangedOnTheMainActorIsConsumedInABackgroundTask() async {
    let thermometer = Thermometer()
    let values = thermometer.values(of: \.celsius, initial: false)
    let consumer = Task.detached {
      var seen: [Int] = []
      for await value in values {
        seen.append(value)
        if seen.count == 3 { break }
      }
      return seen
    }
    // Written once the background task observes (its iteration subscribes on the main actor when it
    // starts).
    while thermometer.keyValueRegistrar.observerCount == 0 { await Task.yield() }
    for degrees in 21...23 { thermometer.celsius = degrees }
    let seen = await consumer.value
    #expect(seen == [21, 22, 23])
    #expect(thermometer.keyValueRegistrar.observerCount == 0)
  }
}

extension AsyncValuesTests {
  @MainActor
  @Test func aTrackedReadOfAMainActorModelFirstRunsOnTheMainActor() async {
    let thermometer = Thermometer()
    let values = trackedValues { [weak thermometer] in
      MainActor.assumeIsolated { thermometer?.celsius ?? -1 }
    }
    let consumer = Task.detached {
      var seen: [Int] = []
      for await value in values {
        seen.append(value)
        if seen.count == 2 { break }
      }
      return seen
    }
    while thermometer.keyValueRegistrar.observerCount == 0 { await Task.yield() }
    thermometer.celsius = 30
    #expect(await consumer.value == [20, 30])
  }
}
