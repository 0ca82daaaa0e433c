import Bindery
import BinderyTestKit
import Dispatch
import Foundation
import Synchronization
import Testing

@Suite("Threads")
struct ThreadTests {
  /// Runs `body(index)` on `count` new operating-system threads at once and waits for all of them.
  private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let done = DispatchSemaphore(value: 0)
    for index in 0..<count {
      let thread = Thread {
        body(index)
        done.signal()
      }
      thread.start()
    }
    for _ in 0..<count { done.wait() }
  }

  @Test(.timeLimit(.minutes(1)))
  func observingBindingAndUnbindingWhileOtherThreadsMutateLosesNoObserver() {
    let counters = (0..<2).map { _ in SharedCounter() }
    let mirrors = (0..<4).map { _ in SharedCounter() }
    let deliveries = AtomicCounter()
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(1))

    // A permanent observer per counter: it must see every change, in order.
    let logs = counters.map { _ in ChangeLog<Int>() }
    let permanent = zip(counters, logs).map { counter, log in
      observe(counter, \.value) { log.append($0.newValue) }
    }

    // 2 mutators (one per counter) and 4 threads that observe, bind and unbind over and over.
    let rounds = ChangeLog<Int>()
    onThreads(6) { index in
      if index < 2 {
        let counter = counters[index]
        var value = 0
        while clock.now < deadline {
          value += 1
          counter.value = value
        }
        return
      }
      let counter = counters[index % 2]
      let mirror = mirrors[index - 2]
      var count = 0
      while clock.now < deadline {
        let token = observe(counter, \.value) { _ in deliveries.increment() }
        let binding = mirror.bind(\.value, to: counter, \.value, options: BindingOptions(direction: .sourceToTarget))
        let tracked = observe {
          _ = counter.value
        } onChange: {
          deliveries.increment()
        }
        binding.unbind()
        token.unbind()
        tracked.unbind()
        count += 1
      }
      rounds.append(count)
    }
    #expect(rounds.values.count == 4)
    #expect(rounds.values.allSatisfy { $0 > 0 })

    for (counter, log) in zip(counters, logs) {
      let values = log.values
      // No lost and no duplicated delivery: 1, 2, 3, … up to the final value.
      #expect(values.count == counter.value)
      #expect(values == Array(1...max(counter.value, 1)).prefix(values.count).map { $0 })
      // Only the permanent observer is left.
      #expect(counter.keyValueRegistrar.observerCount == 1)
    }
    for mirror in mirrors { #expect(mirror.bindings.isEmpty) }
    // Final values are consistent: a binding made now shows the counter's last value, and follows it.
    for (index, mirror) in mirrors.enumerated() {
      let counter = counters[index % 2]
      mirror.bind(\.value, to: counter, \.value)
      #expect(mirror.value == counter.value)
      counter.value += 1
      #expect(mirror.value == counter.value)
    }
    #expect(deliveries.value > 0)
    _ = permanent
  }

  /// One way of observing `counter` and stopping at once, for the test below.
  enum ObserveAndStop: CaseIterable, Sendable {
    case keyPath, binding, tracked
  }

  @Test(.timeLimit(.minutes(1)), arguments: ObserveAndStop.allCases)
  func stoppingAnObservationWhileAnotherThreadDeliversToItLeavesNoSubscriber(kind: ObserveAndStop) {
    let counter = SharedCounter()
    let mirrors = (0..<3).map { _ in SharedCounter() }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .milliseconds(600))
    // One thread mutates; three observe and stop at once, over and over, so a delivery (and the
    // re-evaluation it makes) often runs while the observation is being stopped.
    onThreads(4) { index in
      guard index > 0 else {
        var value = 0
        while clock.now < deadline {
          value += 1
          counter.value = value
        }
        return
      }
      let mirror = mirrors[index - 1]
      while clock.now < deadline {
        switch kind {
        case .keyPath:
          observe(counter, \.value) { _ in }.unbind()
        case .binding:
          mirror.bind(\.value, to: counter, \.value, options: BindingOptions(direction: .sourceToTarget)).unbind()
        case .tracked:
          observe {
            _ = counter.value
          } onChange: {
          }.unbind()
        }
      }
    }
    #expect(counter.keyValueRegistrar.observerCount == 0)
  }

  @Test(.timeLimit(.minutes(1)))
  func concurrentObserversOfOneObjectAreAllKeptAndAllRemoved() {
    let counter = SharedCounter()
    let tokens = ChangeLog<KeyValueObservation>()
    onThreads(4) { _ in
      for _ in 0..<500 {
        let token = observe(counter, \.value) { _ in }
        tokens.append(token)
      }
    }
    #expect(counter.keyValueRegistrar.observerCount == 2000)
    let all = tokens.values
    onThreads(4) { index in
      for token in all[(index * 500)..<((index + 1) * 500)] { token.unbind() }
    }
    #expect(counter.keyValueRegistrar.observerCount == 0)
  }

  @Test(.timeLimit(.minutes(1)))
  func targetsAndSourcesReleasedOnOneThreadWhileOthersChangeTheirOtherEndAreNeverWrittenOnceGone() {
    let lateWrites = AtomicCounter()
    let made = AtomicCounter()
    let counter = SharedCounter()
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(1))
    onThreads(4) { index in
      switch index {
      case 0:
        // Changes the source of targets that other threads release meanwhile.
        var value = 0
        while clock.now < deadline {
          value += 1
          counter.value = value
        }
      case 1:
        // Targets bound one way and two ways, then released while the source keeps changing.
        while clock.now < deadline {
          let target = DyingCounter(lateWrites: lateWrites)
          target.bind(\.value, to: counter, \.value, options: BindingOptions(direction: .sourceToTarget))
          let other = DyingCounter(lateWrites: lateWrites)
          other.bind(\.value, to: counter, \.value)
          made.increment()
        }
      default:
        // Sources released while their targets live on, and targets written by a dying source's
        // last changes.
        while clock.now < deadline {
          let source = DyingCounter(lateWrites: lateWrites)
          let target = DyingCounter(lateWrites: lateWrites)
          let binding = target.bind(\.value, to: source, \.value)
          source.value = 1
          target.value = 2
          #expect(source.value == 2)
          withExtendedLifetime(source) {}
          made.increment()
          _ = binding
        }
      }
    }
    #expect(made.value > 0)
    #expect(lateWrites.value == 0, "a binding wrote an object whose deinitialization had begun")
    #expect(counter.keyValueRegistrar.observerCount == 0, "the released targets' bindings are gone")
  }

  @Test(.timeLimit(.minutes(1)))
  func anObserverMayMutateAndObserveFromInsideItsCallbackWithoutDeadlock() {
    let counter = SharedCounter()
    let other = SharedCounter()
    var inner: KeyValueObservation?
    let token = observe(counter, \.value) { change in
      other.value = change.newValue * 10
      inner = observe(counter, \.value) { _ in }
    }
    counter.value = 1
    #expect(other.value == 10)
    #expect(inner != nil)
    _ = token
  }

  @Test(.timeLimit(.minutes(1)))
  func aBindingCanDeliverOnAnActorOfItsOwnAndCoalescesChanges() async throws {
    let source = SharedCounter()
    let target = SharedCounter()
    target.bind(\.value, to: source, \.value, options: BindingOptions(delivery: .actor(DeliveryActor())))
    for value in 1...100 { source.value = value }
    for _ in 0..<1000 where target.value != 100 {
      try await Task.sleep(for: .milliseconds(1))
    }
    #expect(target.value == 100)
  }

  @Test(.timeLimit(.minutes(1)))
  @MainActor
  func aBindingCanDeliverOnTheMainActor() async throws {
    let source = SharedCounter()
    let target = MainTarget()
    target.bind(\.value, to: source, \.value, options: BindingOptions(delivery: .mainActor))
    await Task.detached { source.value = 5 }.value
    for _ in 0..<1000 where target.value != 5 {
      try await Task.sleep(for: .milliseconds(1))
    }
    #expect(target.value == 5)
  }
}

/// An actor that bindings can deliver on.
actor DeliveryActor {}

/// A main-actor target that checks where it is written.
@MainActor
@KeyValueObservable
final class MainTarget {
  var value = 0
}

final class AtomicCounter: Sendable {
  private let storage = Atomic<Int>(0)
  func increment() { storage.add(1, ordering: .relaxed) }
  var value: Int { storage.load(ordering: .relaxed) }
}
