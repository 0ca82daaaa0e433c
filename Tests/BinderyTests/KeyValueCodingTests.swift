import Bindery
import BinderyControls
import BinderyTestFixtures
import BinderyTestKit
import Testing

@KeyValueObservable
final class Team {
  var name = ""
  var members: [Person] = []
  var captain: Person?
  var scores: [Int] = []
}

@Suite("String key paths")
struct KeyValueCodingTests {
  @Test func theMacroListsEveryInstancePropertyByName() {
    let names = Person.keyValueKeys.keys.map(\.name)
    #expect(
      names == ["firstName", "lastName", "id", "age", "isArchived", "tags", "nickname", "ignoredNote", "fullName"])
    #expect(Person.keyValueKeys.key(named: "firstName")?.isWritable == true)
    #expect(Person.keyValueKeys.key(named: "fullName")?.isWritable == false)
    #expect(Person.keyValueKeys.key(named: "id")?.isWritable == false)
  }

  @Test func aSubclassTableHasItsSuperclassKeysFirst() {
    #expect(Truck.keyValueKeys.keys.map(\.name) == ["wheels", "load"])
    #expect(Vehicle.keyValueKeys.keys.map(\.name) == ["wheels"])
  }

  @Test func aDottedPathResolvesThroughOptionalsToATypedValue() throws {
    let path = try KeyValuePath("person.firstName", in: PersonController.self)
    #expect(ObjectIdentifier(path.valueType) == ObjectIdentifier(String?.self))
    #expect(path.isWritable)
    #expect(path.mayBeNotApplicable)
    let controller = PersonController()
    guard case .notApplicable = path.resolve(in: controller) else {
      Issue.record("a nil person must make the path not applicable")
      return
    }
    controller.person = Person(firstName: "Ada")
    guard case .value(let value) = path.resolve(in: controller) else {
      Issue.record("the path must resolve")
      return
    }
    #expect(value as? String == "Ada")
    #expect(try path.write("Grace", in: controller))
    #expect(controller.person?.firstName == "Grace")
  }

  @Test func anUnknownKeyNamesTheTypeTheKeyAndTheClosestKeys() {
    #expect(
      throws: KeyValueCodingError.unknownKey(
        type: "Person", key: "firstname", suggestions: ["firstName", "lastName"], column: 8)
    ) {
      try KeyValuePath("person.firstname", in: PersonController.self)
    }
    do {
      _ = try KeyValuePath("person.frstName", in: PersonController.self)
    } catch {
      #expect(error.description == "Person has no key \"frstName\"; did you mean \"firstName\", \"lastName\"?")
      #expect(error.column == 8)
    }
  }

  @Test func badPathsFailWithTheColumnOfTheKeyAtFault() {
    let cases: [(String, Int)] = [
      ("", 1), ("person.", 8), (".person", 1), ("person..firstName", 8), ("isSaving.value", 10),
      ("person.firstName.count", 18), ("person.@count", 8), ("person.fir stName", 8), ("nobody", 1),
    ]
    for (text, column) in cases {
      do {
        let path = try KeyValuePath(text, in: PersonController.self)
        Issue.record("\"\(text)\" resolved to \(path.valueType)")
      } catch {
        #expect(error.column == column, "\"\(text)\": \(error)")
        #expect(!error.description.isEmpty)
      }
    }
  }

  @Test func collectionOperatorsCountSumAverageAndCompare() throws {
    let team = Team()
    let ada = Person(firstName: "Ada", id: 36)
    let grace = Person(firstName: "Grace", id: 85)
    team.members = [ada, grace]
    func value(_ text: String) throws -> Any? {
      let path = try KeyValuePath(text, in: Team.self)
      guard case .value(let value) = path.resolve(in: team) else { return nil }
      return value
    }
    #expect(try value("members.@count") as? Int == 2)
    #expect(try value("members.@sum.id") as? Double == 121)
    #expect(try value("members.@avg.id") as? Double? == 60.5)
    #expect(try value("members.@min.firstName") as? String? == "Ada")
    #expect(try value("members.@max.id") as? Int? == 85)
    #expect(try ObjectIdentifier(KeyValuePath("members.@count", in: Team.self).valueType) == ObjectIdentifier(Int.self))
    #expect(try !KeyValuePath("members.@count", in: Team.self).isWritable)
    team.members = []
    let average = try value("members.@avg.id")
    #expect(average != nil)  // a value (nil), not "not applicable"
    #expect(average as? Double == nil)
  }

  @Test func badCollectionOperatorsAreRejected() {
    for text in [
      "members.@median.id", "members.@sum", "members.@sum.firstName.count", "name.@count",
      "scores.@sum.value", "members.@sum.tags", "members.@count.x",
    ] {
      #expect(throws: KeyValueCodingError.self, "\(text)") { try KeyValuePath(text, in: Team.self) }
    }
  }

  @Test func aStringBindingIsTwoWayAndFollowsThePathLikeATypedOne() throws {
    let controller = PersonController(person: Person(firstName: "Ada"))
    let field = HeadlessTextField()
    let binding = try field.bind(\.text, to: .keyPath(controller, "person.firstName"))
    #expect(binding.direction == .both)
    #expect(field.text == "Ada")
    field.userDidEdit(text: "Augusta")
    #expect(controller.person?.firstName == "Augusta")
    controller.person = Person(firstName: "Grace")
    #expect(field.text == "Grace")
    controller.person = nil
    #expect(field.text == nil)
    #expect(binding.description.contains("PersonController.person.firstName"), "described as written")
    #expect(binding.sourceKeyPath != nil, "bound as one Swift key path")
  }

  @Test func aStringBindingToAComputedPathIsReadOnlyAndFollowsWhatItReads() throws {
    let controller = PersonController(person: Person(firstName: "Ada", lastName: "Lovelace"))
    let label = HeadlessLabel()
    let binding = try label.bind(\.text, to: .keyPath(controller, "person.fullName"))
    #expect(binding.direction == .sourceToTarget)
    #expect(label.text == "Ada Lovelace")
    controller.person?.lastName = "King"
    #expect(label.text == "Ada King")
  }

  @Test func aStringBindingShowsPlaceholdersWhenThePathIsNotApplicable() throws {
    let controller = PersonController()
    let label = HeadlessLabel()
    try label.bind(
      \.text,
      to: .keyPath(controller, "person.nickname").placeholders(
        BindingPlaceholders(nullValue: "—", notApplicable: "No person"))
    )
    #expect(label.text == "No person")
    controller.person = Person()
    #expect(label.text == "—")
    controller.person?.nickname = "Countess"
    #expect(label.text == "Countess")
  }

  @Test func aBooleanPropertyBoundToAPathThatMayBeNilReadsNilAsFalse() throws {
    let holder = Box<PersonController?>(nil)
    _ = holder
    let controller = PersonController()
    let toggle = HeadlessSwitch()
    try toggle.bind(\.isOn, to: .keyPath(controller, "isSaving"))
    controller.isSaving = true
    #expect(toggle.isOn)
  }

  @Test func aTypeMismatchFailsAtBindTimeAndBindsNothing() {
    let controller = PersonController(person: Person())
    let field = HeadlessTextField()
    #expect(throws: KeyValueCodingError.typeMismatch(path: "isSaving", pathType: "Bool", expected: "String?")) {
      try field.bind(\.text, to: .keyPath(controller, "isSaving"))
    }
    let slider = HeadlessSlider()
    #expect(throws: KeyValueCodingError.self) {
      try slider.bind(\.value, to: .keyPath(controller, "person.id"))  // Int? to Double
    }
    #expect(field.bindings.isEmpty)
    #expect(slider.bindings.isEmpty)
  }

  @Test func aStringBindingThroughATransformerChecksBothEnds() throws {
    let team = Team()
    let label = HeadlessLabel()
    try label.bind(
      \.text, to: .keyPath(team, "members.@count", converted: ClosureTransformer<Int, String> { "\($0) members" }))
    #expect(label.text == "0 members")
    team.members.append(Person())
    #expect(label.text == "1 members")
    #expect(throws: KeyValueCodingError.self) {
      try label.bind(\.text, to: .keyPath(team, "name", converted: ClosureTransformer { (count: Int) in "\(count)" }))
    }
  }

  @Test func stringBindingsLetTheirObjectsGo() throws {
    let tracker = LifetimeTracker()
    do {
      let controller = tracker.track(PersonController(person: tracker.track(Person())))
      let field = tracker.track(HeadlessTextField())
      try field.bind(\.text, to: .keyPath(controller, "person.firstName"))
      field.userDidEdit(text: "Ada")
    }
    #expect(tracker.liveCount == 0, "alive: \(tracker.liveTypeNames)")
  }
}

@Suite("Hostile key strings")
struct HostileKeyStringTests {
  @Test("A path of more keys than the limit is refused at the first key past it, before anything is built")
  func overlongPathsAreRefused() {
    let text = Array(repeating: "person", count: 100_000).joined(separator: ".")
    #expect(throws: KeyValueCodingError.pathTooLong(path: text, limit: 64, column: 64 * 7 + 1)) {
      try KeyValuePath(text, in: PersonController.self)
    }
  }

  @Test("A huge unknown key is refused quickly, without suggestions, and its message is cut short")
  func hugeUnknownKeysAreRefusedQuickly() {
    let key = String(repeating: "x", count: 1_000_000)
    do {
      _ = try KeyValuePath("person." + key, in: PersonController.self)
      Issue.record("a huge unknown key was accepted")
    } catch {
      guard case .unknownKey(_, _, let suggestions, let column) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(suggestions.isEmpty)
      #expect(column == 8)
      #expect(error.description.count < 200)
      #expect(error.description.hasSuffix("…\""))
    }
  }

  @Test("A short typo still gets its suggestions")
  func shortTyposStillGetSuggestions() {
    #expect(throws: KeyValueCodingError.self) { try KeyValuePath("person.frstName", in: PersonController.self) }
    do {
      _ = try KeyValuePath("person.frstName", in: PersonController.self)
    } catch {
      #expect(error.description.contains("did you mean \"firstName\""))
    }
  }
}
