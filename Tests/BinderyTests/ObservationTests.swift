import Bindery
import BinderyTestFixtures
import BinderyTestKit
import Testing

@Suite("Observing by key path")
struct KeyPathObservationTests {
  @Test func aChangeCarriesTheOldValueTheNewValueAndTheKeyPath() {
    let person = Person(firstName: "Ada")
    var changes: [KeyValueChange<Person, String>] = []
    let token = observe(person, \.firstName) { changes.append($0) }
    person.firstName = "Grace"
    #expect(changes.count == 1)
    #expect(changes.first?.oldValue == "Ada")
    #expect(changes.first?.newValue == "Grace")
    #expect(changes.first?.keyPath == \Person.firstName)
    #expect(changes.first?.kind == .change)
    token.unbind()
  }

  @Test func theInitialOptionDeliversTheCurrentValueAtOnce() {
    let person = Person(firstName: "Ada")
    var values: [String] = []
    var kinds: [KeyValueChange<Person, String>.Kind] = []
    let token = observe(person, \.firstName, options: .initial) {
      values.append($0.newValue)
      kinds.append($0.kind)
    }
    #expect(values == ["Ada"])
    #expect(kinds == [.initial])
    person.firstName = "Grace"
    #expect(values == ["Ada", "Grace"])
    _ = token
  }

  @Test func thePriorOptionCallsBeforeTheChangeWithTheOldValue() {
    let person = Person(firstName: "Ada")
    var events: [String] = []
    let token = observe(person, \.firstName, options: .prior) { change in
      events.append("\(change.kind == .prior ? "prior" : "change"):\(change.newValue)")
    }
    person.firstName = "Grace"
    #expect(events == ["prior:Ada", "change:Grace"])
    _ = token
  }

  @Test func deliveryIsSynchronousAndAfterTheMutation() {
    let person = Person(firstName: "Ada")
    var seenInsideHandler: String?
    let token = observe(person, \.firstName) { _ in seenInsideHandler = person.firstName }
    person.firstName = "Grace"
    #expect(seenInsideHandler == "Grace")
    _ = token
  }

  @Test func writingAnEqualValueNotifiesNobody() {
    let person = Person(firstName: "Ada")
    var count = 0
    let token = observe(person, \.firstName) { _ in count += 1 }
    person.firstName = "Ada"
    #expect(count == 0)
    person.firstName = "Grace"
    #expect(count == 1)
    _ = token
  }

  @Test func cancellingOrDroppingTheTokenEndsTheObservation() {
    let person = Person()
    var count = 0
    var token: KeyValueObservation? = observe(person, \.firstName) { _ in count += 1 }
    person.firstName = "A"
    #expect(token != nil)
    token = nil
    person.firstName = "B"
    #expect(count == 1)
    let second = observe(person, \.firstName) { _ in count += 1 }
    second.unbind()
    person.firstName = "C"
    #expect(count == 1)
    #expect(!second.isBound)
    #expect(person.keyValueRegistrar.observerCount == 0)
  }

  @Test func aChainThroughAnOptionalRetargetsWhenTheIntermediateObjectChanges() {
    let ada = Person(firstName: "Ada")
    let grace = Person(firstName: "Grace")
    let controller = PersonController(person: ada)
    var values: [String?] = []
    let token = observe(controller, \.person?.firstName) { values.append($0.newValue) }
    ada.firstName = "Augusta"
    controller.person = grace
    ada.firstName = "ignored: no longer observed"
    grace.firstName = "Grace Hopper"
    controller.person = nil
    #expect(values == ["Augusta", "Grace", "Grace Hopper", nil])
    #expect(ada.keyValueRegistrar.observerCount == 0)
    _ = token
  }

  @Test func aComputedPropertyIsObservedThroughWhatItReads() {
    let person = Person(firstName: "Ada")
    var values: [String?] = []
    let token = observe(person, \.fullName) { values.append($0.newValue) }
    person.lastName = "Lovelace"
    person.firstName = ""
    #expect(values == ["Ada Lovelace", "Lovelace"])
    _ = token
  }

  @Test func anIntermediateObjectThatIsNotObservableIsReadButCannotNotify() {
    let holder = Holder()
    var values: [Int] = []
    let token = observe(holder, \.plain.node.value, options: .initial) { values.append($0.newValue) }
    holder.plain.node.value = 5  // node is observable: notifies
    let replacement = PlainHolder()
    replacement.node.value = 9
    holder.plain = replacement  // holder is observable: re-targets
    #expect(values == [0, 5, 9])
    _ = token
  }

  @Test func optionalAndCollectionPropertiesAreObservable() {
    let person = Person()
    var nicknames: [String?] = []
    var tagCounts: [Int] = []
    let a = observe(person, \.nickname) { nicknames.append($0.newValue) }
    let b = observe(person, \.tags) { tagCounts.append($0.newValue.count) }
    person.nickname = "Countess"
    person.nickname = nil
    person.tags.append("math")
    person.tags += ["poetry", "engines"]
    #expect(nicknames == ["Countess", nil])
    #expect(tagCounts == [1, 3])
    _ = (a, b)
  }

  @Test func anIgnoredPropertyDoesNotNotify() {
    let person = Person()
    var count = 0
    let token = observe(person, \.ignoredNote) { _ in count += 1 }
    person.ignoredNote = "x"
    #expect(count == 0)
    #expect(person.keyValueRegistrar.observerCount == 0)
    _ = token
  }

  @Test func theObservationEndsWhenTheSubjectIsDeallocated() {
    let tracker = LifetimeTracker()
    var count = 0
    var token: KeyValueObservation?
    do {
      let person = tracker.track(Person())
      token = observe(person, \.firstName) { _ in count += 1 }
      person.firstName = "x"
    }
    #expect(tracker.liveCount == 0)
    #expect(count == 1)
    token?.unbind()
  }
}

@Suite("Observing by tracked closure")
struct TrackedObservationTests {
  @Test func aTrackedClosureRunsAgainWhenAnythingItReadChanges() {
    let controller = PersonController(person: Person(firstName: "Ada"))
    var names: [String?] = []
    let token = observe {
      controller.person?.fullName
    } onChange: {
      names.append($0)
    }
    controller.person?.lastName = "Lovelace"
    let grace = Person(firstName: "Grace", lastName: "Hopper")
    controller.person = grace
    grace.firstName = "Rear Admiral Grace"
    #expect(names == ["Ada Lovelace", "Grace Hopper", "Rear Admiral Grace Hopper"])
    _ = token
  }

  @Test func anExpressionOverSeveralObjectsIsRecomputed() {
    let controller = PersonController()
    var enabled: [Bool] = []
    let token = observe {
      controller.person != nil && !controller.isSaving
    } onChange: {
      enabled.append($0)
    }
    controller.person = Person()
    controller.isSaving = true
    controller.isSaving = false
    controller.person = nil
    #expect(enabled == [true, false, true, false])
    _ = token
  }

  @Test func anUnchangedResultIsNotDelivered() {
    let person = Person(firstName: "Ada", lastName: "Lovelace")
    var count = 0
    let token = observe {
      person.firstName.count > 2
    } onChange: { _ in
      count += 1
    }
    person.firstName = "Adah"
    #expect(count == 0)
    person.firstName = "A"
    #expect(count == 1)
    _ = token
  }

  @Test func theVoidFormIsCalledOnEachChange() {
    let node = Node()
    var count = 0
    let token = observe {
      _ = node.value
    } onChange: {
      count += 1
    }
    node.value = 1
    node.value = 2
    #expect(count == 2)
    token.unbind()
    node.value = 3
    #expect(count == 2)
  }
}

@Suite("Observable models")
struct ObservableModelTests {
  @Test func aSubclassOfAnObservableClassIsObservableToo() {
    let truck = Truck()
    var events: [String] = []
    let a = observe(truck, \.wheels) { events.append("wheels \($0.newValue)") }
    let b = observe(truck, \.load) { events.append("load \($0.newValue)") }
    truck.wheels = 6
    truck.load = 2.5
    #expect(events == ["wheels 6", "load 2.5"])
    #expect(truck.keyValueRegistrar === (truck as Vehicle).keyValueRegistrar)
    _ = (a, b)
  }

  @Test func aGenericClassIsObservable() {
    let box = Box([1, 2])
    var counts: [Int] = []
    let token = observe(box, \.content) { counts.append($0.newValue.count) }
    box.content.append(3)
    #expect(counts == [3])
    _ = token
  }

  @Test @MainActor func aMainActorClassIsObservable() {
    let model = MainActorModel()
    var titles: [String] = []
    let token = observe(model, \.title) { titles.append($0.newValue) }
    model.title = "Report"
    #expect(titles == ["Report"])
    _ = token
  }

  @Test func aHandWrittenConformanceIsObservable() {
    let counter = SharedCounter()
    var values: [Int] = []
    let token = observe(counter, \.value) { values.append($0.newValue) }
    counter.value = 3
    counter.value = 3
    counter.value = 4
    #expect(values == [3, 4])
    _ = token
  }
}
