import Bindery
import BinderyControls
import BinderyTestKit
import Foundation
import Testing

@Suite("Model shapes: what the user wrote keeps its meaning")
struct ModelShapeTests {
  @Test("A weak property does not keep its object alive, and reads nil once it is gone")
  func weakPropertiesStayWeak() {
    let tracker = LifetimeTracker()
    let owner = Referent()
    let holder = WeakHolder(owner: owner)
    var seen: [String?] = []
    let token = observe(holder, \.delegate) { seen.append($0.newValue?.name) }
    do {
      let delegate = tracker.track(Referent("delegate"))
      holder.delegate = delegate
      #expect(holder.delegate === delegate)
    }
    #expect(tracker.liveCount == 0)
    #expect(holder.delegate == nil)
    #expect(seen == ["delegate"])
    token.unbind()
  }

  @Test("Unowned and unowned(unsafe) properties do not keep their object alive")
  func unownedPropertiesDoNotRetain() {
    let tracker = LifetimeTracker()
    do {
      let owner = tracker.track(Referent("owner"))
      let holder = WeakHolder(owner: owner)
      let other = tracker.track(Referent("other"))
      holder.owner = other
      holder.unsafeOwner = other
      #expect(holder.owner.name == "other")
      #expect(holder.unsafeOwner.name == "other")
      let optional = OptionalUnownedHolder()
      optional.object = other
      #expect(optional.object?.name == "other")
    }
    #expect(tracker.liveCount == 0)
  }

  @Test("A strong property beside them still keeps its object")
  func strongPropertiesRetain() {
    let tracker = LifetimeTracker()
    let holder = WeakHolder(owner: Referent())
    do { holder.strong = tracker.track(Referent("kept")) }
    #expect(tracker.liveCount == 1)
    #expect(holder.strong?.name == "kept")
  }

  @Test("An implicitly unwrapped optional reads, writes and notifies like an optional")
  func implicitlyUnwrappedOptionalsWork() {
    let model = ImplicitlyUnwrapped()
    var values: [Int?] = []
    let token = observe(model, \.count) { values.append($0.newValue) }
    #expect(model.count == nil)
    model.count = 4
    let sum: Int = model.count + 1
    #expect(sum == 5)
    model.count = nil
    #expect(values == [4, nil])
    token.unbind()
  }

  @Test("A lazy property is made on first read, from the object's state, and can be reached by name")
  func lazyPropertiesStayLazy() throws {
    let model = LazyHolder()
    #expect(model.computations == 0)
    model.base = 5
    #expect(model.doubled == 10)
    #expect(model.doubled == 10)
    #expect(model.computations == 1)
    let path = try KeyValuePath("doubled", in: LazyHolder.self)
    guard case .value(let value) = path.resolve(in: model) else {
      Issue.record("the lazy property cannot be read by name")
      return
    }
    #expect(value as? Int == 10)
  }

  @Test("A property wrapper keeps its behaviour; the wrapped property is readable by name")
  func propertyWrappersKeepTheirBehaviour() throws {
    let model = WrappedHolder()
    model.level = 42
    #expect(model.level == 10)
    model.level = -3
    #expect(model.level == 0)
    let path = try KeyValuePath("level", in: WrappedHolder.self)
    guard case .value(let value) = path.resolve(in: model) else {
      Issue.record("the wrapped property cannot be read by name")
      return
    }
    #expect(value as? Int == 0)
    var otherChanges = 0
    let token = observe(model, \.other) { _ in otherChanges += 1 }
    model.other = 1
    #expect(otherChanges == 1)
    token.unbind()
  }

  @Test("Deprecated and version-restricted properties are observable and reachable by name")
  @available(*, deprecated, message: "reads a deprecated property on purpose")
  func availabilityRestrictedPropertiesWork() throws {
    let model = AvailabilityHolder()
    var changes = 0
    let token = observe(model, \.legacy) { _ in changes += 1 }
    model.legacy = 1
    #expect(changes == 1)
    let table = KeyValueKeyTable.of(AvailabilityHolder.self)
    #expect(table.key(named: "legacy") != nil)
    #expect(table.key(named: "current") != nil)
    #if !canImport(Darwin)
      #expect(table.key(named: "future") != nil)
    #endif
    token.cancel()
  }

  @Test("The copy-on-write value of an unobserved property is mutated in place")
  func copyOnWriteValuesStayUnique() {
    let holder = CopyOnWriteHolder()
    let start = holder.container.id
    holder.container.mutate()
    #expect(holder.container.id == start)
  }

  @Test("A mutation of an observed value property notifies once, and not at all when nothing changed")
  func observedValueMutationsNotifyOnChange() {
    let holder = Node()
    var changes: [Int] = []
    let token = observe(holder, \.value) { changes.append($0.newValue) }
    holder.value += 2
    holder.value += 0
    #expect(changes == [2])
    token.unbind()
  }

  @Test("An initial value made by a closure works")
  func initialValuesFromClosures() {
    #expect(InitialValueFromClosure().state)
    #expect(GenericParent<Int>.Nested().value == 3)
  }
}

@Suite("Properties with willSet and didSet")
struct ObservedPropertyTests {
  @Test("The property is observable, and its own willSet and didSet run around the notification, in order")
  func observersRunInOrderAroundTheNotification() {
    let model = ObservedProperty()
    let token = observe(model, \.value, options: .prior) { change in
      model.events.append(change.kind == .prior ? "prior \(change.newValue)" : "change \(change.newValue)")
    }
    model.value = 5
    #expect(model.events == ["prior 0", "willSet 0 → 5", "didSet 0 → 5", "change 5"])
    token.unbind()
  }

  @Test("An equal value still runs the property's own observers, as Swift does, and notifies nobody")
  func equalValuesRunTheUsersObserversOnly() {
    let model = ObservedProperty()
    var notified = 0
    let token = observe(model, \.value) { _ in notified += 1 }
    model.value = 0
    #expect(model.events == ["willSet 0 → 0", "didSet 0 → 0"])
    #expect(notified == 0)
    token.unbind()
  }

  @Test("With nobody observing, a write still runs the property's own observers, equal values too")
  func unobservedWritesRunTheUsersObservers() {
    let model = ObservedProperty()
    model.value = 3
    model.value = 3
    #expect(model.events == ["willSet 0 → 3", "didSet 0 → 3", "willSet 3 → 3", "didSet 3 → 3"])
    #expect(model.value == 3)
  }

  @Test("Observers see the value a didSet settled on, not the one first written")
  func observersSeeTheValueTheDidSetKept() {
    let model = ObservedProperty()
    var seen: [Int] = []
    let token = observe(model, \.percent) { seen.append($0.newValue) }
    var tracked: [Int] = []
    let tracking = observe {
      model.percent
    } onChange: {
      tracked.append($0)
    }
    model.percent = 150
    #expect(model.percent == 100)
    #expect(seen == [100])
    #expect(tracked == [100])
    token.unbind()
    tracking.unbind()
  }

  @Test("A didSet that assigns its own property stores directly: it runs once and observers hear one change")
  func aClampingDidSetRunsOnceAndNotifiesOnce() {
    let model = ClampedLevel()
    var changes: [String] = []
    let token = observe(model, \.level, options: [.prior]) { change in
      let old = change.oldValue.map(String.init) ?? "-"
      changes.append(change.kind == .prior ? "prior \(change.newValue)" : "\(old) → \(change.newValue)")
    }
    model.level = 50
    #expect(model.level == 10)
    #expect(model.didSetRuns == 1)
    #expect(model.willSetRuns == 1)
    #expect(changes == ["prior 0", "0 → 10"])
    model.level = 3
    #expect(changes == ["prior 0", "0 → 10", "prior 10", "10 → 3"])
    #expect(model.didSetRuns == 2)
    token.unbind()
  }

  @Test("With nobody observing, a clamping didSet runs once per write, as in Swift")
  func aClampingDidSetRunsOnceUnobserved() {
    let model = ClampedLevel()
    model.level = 50
    #expect(model.level == 10)
    #expect(model.didSetRuns == 1)
    #expect(model.willSetRuns == 1)
    model.level += 1
    #expect(model.level == 10)
    #expect(model.didSetRuns == 2)
  }

  @Test("A tracked closure and a binding see the clamped value once, never the value first written")
  func trackingAndBindingsSeeTheClampedValueOnce() {
    let model = ClampedLevel()
    var tracked: [Int] = []
    let tracking = observe {
      model.level
    } onChange: {
      tracked.append($0)
    }
    let label = Node()
    var labelWrites: [Int] = []
    let labelToken = observe(label, \.value) { labelWrites.append($0.newValue) }
    let binding = label.bind(\.value, to: model, \.level)
    model.level = 50
    #expect(tracked == [10])
    #expect(label.value == 10)
    #expect(labelWrites == [10])
    model.selfLevel = -4
    #expect(model.selfLevel == 0)
    binding.unbind()
    labelToken.unbind()
    tracking.unbind()
  }

  @Test("A control whose user edit the model's didSet changed shows the value the model kept")
  func controlsShowTheValueTheModelKept() {
    let model = ClampedLevel()
    let slider = HeadlessSlider(value: 0, maximumValue: 100)
    let field = HeadlessTextField()
    let bindings = [slider.bind(\.value, to: model, \.gain), field.bind(\.text, to: model, \.code)]
    #expect(slider.userDidSlide(to: 50))
    #expect(model.gain == 10)
    #expect(slider.value == 10)
    #expect(slider.userDidSlide(to: 4))
    #expect(slider.value == 4)
    #expect(field.userDidEdit(text: "ada"))
    #expect(model.code == "ADA")
    #expect(field.text == "ADA")
    for binding in bindings { binding.unbind() }
  }

  @Test("A didSet leaves another object's property of the same name, and a local that shadows it, as written")
  func otherObjectsAndShadowingLocalsAreLeftAlone() {
    let model = ClampedLevel()
    let other = ClampedLevel()
    model.other = other
    var seen: [Int] = []
    let token = observe(other, \.mirrored) { seen.append($0.newValue) }
    model.mirrored = 7
    #expect(other.mirrored == 7)
    #expect(seen == [7])
    #expect(model.mirrored == 7)
    #expect(model.didSetRuns == 1)
    token.unbind()
  }

  @Test("An in-place mutation runs the property's didSet once and notifies once")
  func inPlaceMutationsRunObserversOnce() {
    let model = ObservedProperty()
    var notified = 0
    let token = observe(model, \.tags) { _ in notified += 1 }
    model.tags.append("a")
    #expect(model.events == ["tags 0 → 1"])
    #expect(notified == 1)
    token.unbind()
  }

  @Test("A subclass's observers on an inherited property run, and the property stays observable")
  func subclassObserversOnInheritedProperties() {
    let model = ObservingSubclass()
    var notified: [Int] = []
    let token = observe(model, \.value) { notified.append($0.newValue) }
    model.value = 3
    #expect(model.seen == [3])
    #expect(notified == [3])
    token.unbind()
  }

  @Test("A binding to such a property writes through its observers")
  func bindingsWriteThroughObservers() {
    let source = Node()
    let model = ObservedProperty()
    let binding = model.bind(\.value, to: source, \.value)
    source.value = 7
    #expect(model.value == 7)
    #expect(model.events.contains("didSet 0 → 7"))
    binding.unbind()
  }
}

@Suite("Codable models")
struct CodableModelTests {
  @Test("A Codable model encodes its properties under their own names, without the registrar")
  func encodesUnderOwnNames() throws {
    let model = CodableModel(id: 7)
    model.field = 4
    model.note = "n"
    let data = try JSONEncoder().encode(model)
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    #expect(Set(object?.keys.map { $0 } ?? []) == ["field", "name", "id", "note"])
    #expect(object?["field"] as? Int == 4)
  }

  @Test("A decoded model has its values and is observable")
  func decodedModelsAreObservable() throws {
    let json = Data(#"{"field": 9, "name": "b", "id": 2, "note": "", "nickname": "c"}"#.utf8)
    let model = try JSONDecoder().decode(CodableModel.self, from: json)
    #expect(model.field == 9)
    #expect(model.nickname == "c")
    var changes = 0
    let token = observe(model, \.field) { _ in changes += 1 }
    model.field = 10
    #expect(changes == 1)
    token.unbind()
  }

  @Test("Coding keys of the model's own, naming the storage, keep their coded names")
  func ownCodingKeysKeepTheirNames() throws {
    let model = CodableWithOwnKeys()
    let data = try JSONEncoder().encode(model)
    #expect(String(decoding: data, as: UTF8.self).contains(#""f":3"#))
    let decoded = try JSONDecoder().decode(CodableWithOwnKeys.self, from: Data(#"{"f": 1, "o": "y"}"#.utf8))
    #expect(decoded.field == 1)
    #expect(decoded.other == "y")
  }
}

@Suite("Isolation and explicit conformances")
struct ConformanceShapeTests {
  @Test("A property isolated to the main actor, in a class that is not, is observable on that actor")
  @MainActor
  func isolatedPropertiesAreObservable() {
    let model = IsolatedProperty()
    var titles: [String] = []
    let token = observe {
      model.title
    } onChange: {
      titles.append($0)
    }
    model.title = "c"
    model.title = "c"
    #expect(titles == ["c"])
    #expect(IsolatedPropertyWithoutInitialValue(title: "t").title == "t")
    #expect(KeyValueKeyTable.of(IsolatedProperty.self).key(named: "count") != nil)
    token.unbind()
  }

  @Test("A class that names KeyValueObservable itself, or a protocol refining it, works")
  func explicitConformancesWork() {
    let named = NamesItsConformance()
    let refined = ConformsThroughRefinement()
    var changes = 0
    let first = observe(named, \.value) { _ in changes += 1 }
    let second = observe(refined, \.value) { _ in changes += 1 }
    named.value = 1
    refined.value = 1
    #expect(changes == 2)
    #expect(KeyValueKeyTable.of(NamesItsConformance.self).key(named: "value") != nil)
    first.unbind()
    second.unbind()
  }
}

@Suite("Sendable models")
struct SendableModelTests {
  @Test("A Sendable model is observable and can be written from many threads at once")
  func sendableModelsTakeConcurrentWrites() async {
    let model = SendableModel()
    let changes = ChangeLog<Int>()
    let token = observe(model, \.count) { changes.append($0.newValue) }
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for step in 1...100 { model.count = task * 1000 + step }
        }
      }
    }
    #expect(changes.count > 0)
    #expect(changes.count <= 800)
    let last = model.count
    #expect(last % 1000 == 100)
    token.unbind()
  }

  @Test("A Sendable model's values cross into tasks and back")
  func sendableModelsCrossIsolation() async {
    let model = SendableModel()
    await Task.detached { model.name = "from a task" }.value
    #expect(model.name == "from a task")
    model.tags.append("a")
    #expect(model.tags == ["a"])
  }
}
