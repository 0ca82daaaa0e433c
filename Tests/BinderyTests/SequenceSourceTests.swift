import Bindery
import BinderyControls
import BinderyTestKit
import Foundation
import Testing

/// Waits, yielding, until `condition` holds (at most a few seconds); returns whether it did.
private func eventually(
  isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(5)
  while !condition() {
    if ContinuousClock.now > deadline { return false }
    await Task.yield()
  }
  return true
}

private struct ServerDown: Error {}

/// Hears the errors of the sources of bindings (from the consuming task).
private final class SourceErrors: BindingDelegate, @unchecked Sendable {
  private let lock = NSLock()
  private var errors: [any Error] = []
  func binding(_ binding: PropertyBinding, sourceFailed error: any Error) { lock.withLock { errors.append(error) } }
  var all: [any Error] { lock.withLock { errors } }
}

/// Whether a stream's consumer went away (its `onTermination` ran).
private final class Termination: @unchecked Sendable {
  private let lock = NSLock()
  private var ended = false
  func end() { lock.withLock { ended = true } }
  var happened: Bool { lock.withLock { ended } }
}

@Suite("Bindings fed by async sequences")
struct SequenceSourceTests {
  @Test func aLabelShowsEachElementAndKeepsTheLastWhenTheSequenceEnds() async {
    let (events, input) = AsyncStream<String?>.makeStream()
    let label = HeadlessLabel()
    label.text = "waiting"
    let binding = label.bind(\.text, to: .sequence(events))
    #expect(label.text == "waiting", "the target keeps its value until the first element")
    #expect(binding.direction == .sourceToTarget)
    input.yield("connected")
    #expect(await eventually { label.text == "connected" })
    input.yield("3 people online")
    #expect(await eventually { label.text == "3 people online" })
    input.finish()
    #expect(await eventually { !binding.isBound })
    #expect(label.text == "3 people online")
  }

  @Test func aSequenceThatThrowsEndsTheBindingAndTellsItsDelegate() async {
    let (events, input) = AsyncThrowingStream<String?, any Error>.makeStream()
    let label = HeadlessLabel()
    let errors = SourceErrors()
    let binding = label.bind(\.text, to: .sequence(events))
    binding.delegate = errors
    input.yield("ok")
    #expect(await eventually { label.text == "ok" })
    input.finish(throwing: ServerDown())
    #expect(await eventually { !binding.isBound })
    #expect(await eventually { errors.all.count == 1 })
    #expect(errors.all.first is ServerDown)
    #expect(label.text == "ok")
  }

  @Test func unbindingCancelsTheTaskThatConsumesTheSequence() async {
    let termination = Termination()
    let (events, input) = AsyncStream<String?>.makeStream()
    input.onTermination = { _ in termination.end() }
    let label = HeadlessLabel()
    let binding = label.bind(\.text, to: .sequence(events))
    input.yield("one")
    #expect(await eventually { label.text == "one" })
    binding.unbind()
    #expect(await eventually { termination.happened })
    input.yield("two")
    for _ in 0..<100 { await Task.yield() }
    #expect(label.text == "one")
  }

  @Test func theTargetGoingAwayEndsTheBindingAndItsTask() async {
    let termination = Termination()
    let (events, input) = AsyncStream<String?>.makeStream()
    input.onTermination = { _ in termination.end() }
    let tracker = LifetimeTracker()
    var label: HeadlessLabel? = tracker.track(HeadlessLabel())
    label?.bind(\.text, to: .sequence(events))
    input.yield("one")
    #expect(await eventually { label?.text == "one" })
    label = nil
    #expect(tracker.liveCount == 0, "the binding and its task do not keep the target")
    #expect(await eventually { termination.happened })
  }

  @MainActor
  @Test func elementsAreDeliveredOnTheMainActorWhenTheBindingAsks() async {
    let (events, input) = AsyncStream<Int>.makeStream()
    let slider = HeadlessSlider(minimumValue: 0, maximumValue: 100)
    let writes = MainActorWrites()
    // Every write of the slider happens on the main actor (assumeIsolated stops the run otherwise).
    let token = observe(slider, \.value) { change in
      MainActor.assumeIsolated { writes.values.append(change.newValue) }
    }
    slider.bind(\.value, to: .sequence(events.map { Double($0) }), options: BindingOptions(delivery: .mainActor))
    Task.detached {
      for value in 1...3 { input.yield(value) }
    }
    #expect(await eventually { slider.value == 3 })
    #expect(writes.values.last == 3)
    token.unbind()
  }

  @MainActor
  @Test func aShortSequenceDeliveredOnTheMainActorLeavesItsLastElementWhenItEnds() async {
    for round in 0..<20 {
      let (events, input) = AsyncStream<Int>.makeStream()
      let slider = HeadlessSlider(minimumValue: 0, maximumValue: 100)
      let binding = slider.bind(
        \.value, to: .sequence(events.map { Double($0) }), options: BindingOptions(delivery: .mainActor))
      Task.detached {
        for value in 1...3 { input.yield(value + round) }
        input.finish()
      }
      #expect(await eventually { !binding.isBound })
      #expect(slider.value == Double(3 + round))
    }
  }

  @MainActor
  @Test func aFailureDeliveredOnTheMainActorReachesTheDelegateThere() async {
    let (events, input) = AsyncThrowingStream<Int, any Error>.makeStream()
    let slider = HeadlessSlider(minimumValue: 0, maximumValue: 100)
    let errors = MainActorErrors()
    let binding = slider.bind(
      \.value, to: .sequence(events.map { Double($0) }), options: BindingOptions(delivery: .mainActor))
    binding.delegate = errors
    Task.detached {
      input.yield(7)
      input.finish(throwing: ServerDown())
    }
    #expect(await eventually { errors.count == 1 })
    #expect(slider.value == 7)
    #expect(!binding.isBound)
  }
}

/// The values the slider took, on the main actor.
@MainActor
private final class MainActorWrites {
  var values: [Double] = []
}

/// Counts source failures, on the main actor (assumeIsolated stops the run otherwise).
private final class MainActorErrors: BindingDelegate, @unchecked Sendable {
  @MainActor var count = 0
  func binding(_ binding: PropertyBinding, sourceFailed error: any Error) {
    MainActor.assumeIsolated { count += 1 }
  }
}
