import Bindery
import BinderyControls
import BinderyTestKit
import Testing

@KeyValueObservable
private final class SearchModel {
  var query = ""
  var writes = 0
}

/// Waits until the model has had `count` writes, at most 2 minutes: a due write hops to the main actor,
/// which the whole suite may keep busy for a while under load (the thread sanitizer). Nothing is timed;
/// the assertions after it check the value and the count.
@MainActor
private func untilWritten(_ count: Int, _ model: SearchModel) async {
  let deadline = ContinuousClock.now + .seconds(120)
  while model.writes < count, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(2)) }
}

/// A clock whose time a test sets at once (no await), and which records the deadlines slept until.
private final class SetTimeClock: Clock, Sendable {
  typealias Instant = ManualClock.Instant
  private let state = SharedLock((now: Instant(offset: .zero), deadlines: [Instant]()))

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }
  var deadlines: [Instant] { state.withLock { $0.deadlines } }

  func set(_ offset: Duration) { state.withLock { $0.now = Instant(offset: offset) } }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    state.withLock { $0.deadlines.append(deadline) }
    try await Task.sleep(for: .seconds(600))
  }
}

@MainActor
@Suite("Debounced and throttled edits (on a manual clock)")
struct EditPacingTests {
  @Test func aDebouncedFieldWritesTheModelAPauseAfterTheLastKeystroke() async {
    let clock = ManualClock()
    let model = SearchModel()
    let writes = observe(model, \.query) { _ in model.writes += 1 }
    let field = HeadlessTextField()
    let binding = field.bind(
      \.text, to: .keyPath(model, \.query).pacingEdits(.debounce(.milliseconds(300), clock: clock)))
    #expect(binding.editPacing?.restartsOnEachEdit == true)
    #expect(!binding.options.updatesContinuously)
    field.userDidBeginEditing()
    field.userDidEdit(text: "A")
    await clock.advance(by: .milliseconds(100))
    field.userDidEdit(text: "Ad")
    await clock.advance(by: .milliseconds(100))
    field.userDidEdit(text: "Ada")
    await clock.advance(by: .milliseconds(299))
    #expect(model.query == "", "no write while the user keeps typing")
    #expect(binding.hasPendingEdit)
    await clock.advance(by: .milliseconds(1))
    await untilWritten(1, model)
    #expect(model.query == "Ada")
    #expect(model.writes == 1, "one write for three keystrokes")
    #expect(!binding.hasPendingEdit)
    writes.unbind()
  }

  @Test func theEndOfEditingWritesAtOnceAndTheTimerThenWritesNothing() async {
    let clock = ManualClock()
    let model = SearchModel()
    let field = HeadlessTextField()
    field.bind(\.text, to: .keyPath(model, \.query).pacingEdits(.debounce(.seconds(1), clock: clock)))
    field.userDidBeginEditing()
    field.userDidEdit(text: "Grace")
    field.userDidEndEditing()
    #expect(model.query == "Grace", "the end of editing comes first")
    model.query = "changed elsewhere"
    await clock.advance(by: .seconds(2))
    #expect(model.query == "changed elsewhere", "the timer finds nothing to write")
  }

  @Test func aThrottledFieldWritesAtMostOnceAnInterval() async {
    let clock = ManualClock()
    let model = SearchModel()
    let writes = observe(model, \.query) { _ in model.writes += 1 }
    let field = HeadlessTextField()
    field.bind(
      \.text, to: .keyPath(model, \.query).pacingEdits(.throttle(.milliseconds(500), clock: clock)))
    field.userDidBeginEditing()
    field.userDidEdit(text: "G")
    await clock.advance(by: .milliseconds(200))
    field.userDidEdit(text: "Gr")
    await clock.advance(by: .milliseconds(300))
    await untilWritten(1, model)
    #expect(model.query == "Gr", "the interval that the first keystroke started ends with the latest text")
    field.userDidEdit(text: "Gra")
    await clock.advance(by: .milliseconds(499))
    #expect(model.query == "Gr")
    await clock.advance(by: .milliseconds(1))
    await untilWritten(2, model)
    #expect(model.query == "Gra")
    #expect(model.writes == 2)
    writes.unbind()
  }

  @Test func theWaitCountsFromTheEditHoweverLateItsTimerRuns() async {
    let clock = SetTimeClock()
    let model = SearchModel()
    let field = HeadlessTextField()
    let binding = field.bind(
      \.text, to: .keyPath(model, \.query).pacingEdits(.throttle(.milliseconds(500), clock: clock)))
    field.userDidEdit(text: "G")
    clock.set(.milliseconds(400))  // time passes before the timer's task gets to run
    let deadline = ContinuousClock.now + .seconds(120)
    while clock.deadlines.isEmpty, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
    #expect(clock.deadlines == [ManualClock.Instant(offset: .milliseconds(500))])
    binding.unbind()
  }

  @Test func unbindingDropsThePendingWriteAndLeavesNoSleeper() async {
    let clock = ManualClock()
    let model = SearchModel()
    let field = HeadlessTextField()
    let binding = field.bind(
      \.text, to: .keyPath(model, \.query).pacingEdits(.debounce(.milliseconds(300), clock: clock)))
    field.userDidEdit(text: "Ada")
    for _ in 0..<100 where clock.sleeperCount == 0 { await Task.yield() }
    #expect(clock.sleeperCount == 1)
    binding.unbind()
    for _ in 0..<100 where clock.sleeperCount > 0 { await Task.yield() }
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(1))
    #expect(model.query == "")
    #expect(field.text == "Ada", "the edit stays in the field")
  }
}
