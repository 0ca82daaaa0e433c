import Bindery
import BinderyControls
import Testing

/// A profile that lives on its owner's actor: its properties are behind locks (it is `Sendable`), so
/// the main actor may read what the owner wrote.
@KeyValueObservable
final class OwnedProfile: Sendable {
  var name = "Ada"
}

/// The actor that owns the profile: the app writes it here, and so must its bindings.
actor ProfileOwner {
  let profile = OwnedProfile()

  func rename(_ name: String) { profile.name = name }
  /// The name, read on the owner's actor (after whatever was waiting to run there).
  func currentName() -> String { profile.name }
}

/// What was written, and by whom, from any thread.
final class WriteLog: Sendable {
  private let entries = SharedLock<[String]>([])

  func append(_ entry: String) { entries.withLock { $0.append(entry) } }
  var all: [String] { entries.withLock { $0 } }
}

private struct BlankName: Error {}

/// Logs every write of the profile's name, each checked to be on the owner's actor (a write made
/// anywhere else stops the test).
private func loggingWrites(of owner: ProfileOwner, into log: WriteLog) -> KeyValueObservation {
  observe(owner.profile, \.name) { change in
    owner.assertIsolated("the profile was written off its owner's actor")
    log.append(change.newValue)
  }
}

/// Logs every write of the field's text, each checked to be on the main actor.
private func loggingWrites(of field: HeadlessTextField, into log: WriteLog) -> KeyValueObservation {
  observe(field, \.text) { change in
    MainActor.assertIsolated("the field was written off the main actor")
    log.append(change.newValue ?? "nil")
  }
}

/// Waits, without a timed assertion, until `condition` holds or two minutes have passed (other tests may hold the main actor for long).
@MainActor
private func eventually(_ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(120)
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return true
}

@MainActor
@Suite("Edits delivered to the model's actor")
struct SourceDeliveryTests {
  @Test func aFieldOnTheMainActorEditsAModelOnItsOwnActorAndShowsItsChanges() async throws {
    let owner = ProfileOwner()
    let profile = owner.profile
    let field = HeadlessTextField()
    let modelWrites = WriteLog()
    let fieldWrites = WriteLog()
    let modelLog = loggingWrites(of: owner, into: modelWrites)
    let fieldLog = loggingWrites(of: field, into: fieldWrites)
    let binding = field.bind(
      \.text, to: profile, \.name, options: BindingOptions(delivery: .mainActor, sourceDelivery: .actor(owner)))
    guard case .actor(let chosen) = binding.options.sourceDelivery else {
      Issue.record("the binding's source delivery is \(binding.options.sourceDelivery)")
      return
    }
    #expect(chosen === owner)
    #expect(binding.direction == .both)
    #expect(await eventually { field.text == "Ada" }, "the first value reaches the field on the main actor")
    field.userDidEdit(text: "Grace")
    #expect(await eventually { profile.name == "Grace" }, "the edit reaches the model on its actor")
    await owner.rename("Lovelace")
    #expect(await eventually { field.text == "Lovelace" }, "the model's change reaches the field on the main actor")
    #expect(modelWrites.all == ["Grace", "Lovelace"])
    #expect(fieldWrites.all == ["Ada", "Grace", "Lovelace"])
    binding.unbind()
    modelLog.unbind()
    fieldLog.unbind()
  }

  @Test func theLatestOfQuickEditsIsWhatTheModelKeeps() async throws {
    let owner = ProfileOwner()
    let profile = owner.profile
    let field = HeadlessTextField()
    let binding = field.bind(
      \.text, to: profile, \.name, options: BindingOptions(delivery: .mainActor, sourceDelivery: .actor(owner)))
    for text in ["G", "Gr", "Gra", "Grac", "Grace"] { field.userDidEdit(text: text) }
    #expect(await eventually { profile.name == "Grace" })
    for _ in 0..<20 { await Task.yield() }
    #expect(await owner.currentName() == "Grace", "an earlier edit was written after the latest one")
    binding.unbind()
  }

  @Test func anEditTheModelsActorRefusesShowsItsErrorAtTheFieldOnTheMainActor() async throws {
    let owner = ProfileOwner()
    let profile = owner.profile
    let field = HeadlessTextField()
    let binding = field.bind(
      \.text,
      to: .keyPath(profile, \.name).validated { name in if (name ?? "").isEmpty { throw BlankName() } },
      options: BindingOptions(delivery: .mainActor, sourceDelivery: .actor(owner)))
    field.userDidEdit(text: "")
    #expect(await eventually { field.validationError != nil }, "the refusal reaches the field")
    #expect(profile.name == "Ada")
    field.userDidEdit(text: "Grace")
    #expect(await eventually { profile.name == "Grace" && field.validationError == nil })
    binding.unbind()
  }

  @Test func aBindingWithoutSourceDeliveryWritesTheEditBeforeItReturns() {
    let owner = ProfileOwner()
    let profile = owner.profile
    let field = HeadlessTextField()
    let binding = field.bind(\.text, to: profile, \.name)
    guard case .synchronous = binding.options.sourceDelivery else {
      Issue.record("the binding's source delivery is \(binding.options.sourceDelivery)")
      return
    }
    field.userDidEdit(text: "Grace")
    #expect(profile.name == "Grace")
    binding.unbind()
  }
}

/// Two flags that enable a field together, written from any thread.
@KeyValueObservable
final class SharedFlags: Sendable {
  var canEdit = true
  var isOnline = true
}

@MainActor
@Suite("Boolean groups delivered on an actor")
struct CombinedDeliveryTests {
  @Test func aCombinedGroupWritesItsPropertyWhereItsInputsDeliveryAsks() async throws {
    let flags = SharedFlags()
    let field = HeadlessTextField()
    let writes = WriteLog()
    let log = observe(field, \.isEnabled) { change in
      MainActor.assertIsolated("the group wrote off the main actor")
      writes.append("\(change.newValue)")
    }
    let options = BindingOptions(delivery: .mainActor)
    let first = field.bind(\.isEnabled, to: flags, \.canEdit, options: options)
    let second = field.bind(\.isEnabled, to: flags, \.isOnline, options: options)
    #expect(field.isEnabled)
    flags.isOnline = false
    #expect(field.isEnabled, "written after the change returns, on the main actor")
    #expect(await eventually { !field.isEnabled })
    await Task.detached { flags.isOnline = true }.value
    #expect(await eventually { field.isEnabled })
    #expect(writes.all == ["false", "true"])
    first.unbind()
    second.unbind()
    log.unbind()
  }
}
