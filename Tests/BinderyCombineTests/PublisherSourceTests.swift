#if canImport(Combine) || OpenCombine
  #if canImport(Combine)
    import Combine
  #else
    import OpenCombine
  #endif
  import Bindery
  import BinderyCombine
  import BinderyControls
  import BinderyTestKit
  import Foundation
  import Testing

  private struct ServerDown: Error {}

  /// Logs the errors a binding's source reports.
  private final class FailureLog: BindingDelegate, Sendable {
    let errors = ChangeLog<any Error>()
    func binding(_ binding: PropertyBinding, sourceFailed error: any Error) { errors.append(error) }
  }

  @Suite("Bindings fed by Combine publishers")
  struct PublisherSourceTests {
    @Test func aLabelShowsEachValueAndKeepsTheLastWhenThePublisherFinishes() {
      let status = PassthroughSubject<String?, Never>()
      let label = HeadlessLabel()
      label.text = "waiting"
      let binding = label.bind(\.text, to: .publisher(status))
      #expect(label.text == "waiting", "the target keeps its value until the first one")
      #expect(binding.direction == .sourceToTarget)
      status.send("connected")
      #expect(label.text == "connected")
      status.send("3 people online")
      #expect(label.text == "3 people online")
      status.send(completion: .finished)
      #expect(!binding.isBound)
      #expect(label.text == "3 people online")
    }

    @Test func aPublisherThatFailsEndsTheBindingAndTellsItsDelegate() {
      let status = PassthroughSubject<String?, any Error>()
      let label = HeadlessLabel()
      let failures = FailureLog()
      let binding = label.bind(\.text, to: .publisher(status))
      binding.delegate = failures
      status.send("ok")
      status.send(completion: .failure(ServerDown()))
      #expect(!binding.isBound)
      #expect(failures.errors.count == 1)
      #expect(failures.errors.values.first is ServerDown)
      #expect(label.text == "ok")
      status.send("after the end")
      #expect(label.text == "ok")
    }

    @Test func aPublisherThatFailsAsItIsSubscribedToReachesTheDelegateSetAfterBind() async {
      let label = HeadlessLabel()
      let failures = FailureLog()
      let binding = label.bind(\.text, to: .publisher(Fail<String?, ServerDown>(error: ServerDown())))
      binding.delegate = failures
      #expect(!binding.isBound)
      #expect(await eventually { failures.errors.count == 1 })
      #expect(failures.errors.values.first is ServerDown)

      let set = BindingSet()
      let setFailures = FailureLog()
      set.delegate = setFailures
      label.bind(\.text, to: .publisher(Fail<String?, ServerDown>(error: ServerDown()))).store(in: set)
      #expect(await eventually { setFailures.errors.count == 1 }, "a set's delegate hears it too")
    }

    @MainActor
    @Test func aFailureUnboundBeforeItsMainActorDeliveryTellsTheDelegateNothing() async {
      let status = PassthroughSubject<Double, any Error>()
      let slider = HeadlessSlider(minimumValue: 0, maximumValue: 100)
      let failures = FailureLog()
      let binding = slider.bind(\.value, to: .publisher(status), options: BindingOptions(delivery: .mainActor))
      binding.delegate = failures
      status.send(completion: .failure(ServerDown()))
      binding.unbind()
      for _ in 0..<200 { await Task.yield() }
      #expect(failures.errors.count == 0, "the binding was unbound before its end came")
    }

    @Test func aPublisherThatSendsAndFinishesAtOnceLeavesItsValueAndAnEndedBinding() {
      let label = HeadlessLabel()
      let binding = label.bind(\.text, to: .publisher(Just("done")))
      #expect(label.text == "done")
      #expect(!binding.isBound)
    }

    @Test func unbindingCancelsTheSubscription() {
      let cancellations = ChangeLog<Bool>()
      let status = PassthroughSubject<String?, Never>()
      let label = HeadlessLabel()
      let binding = label.bind(
        \.text, to: .publisher(status.handleEvents(receiveCancel: { cancellations.append(true) })))
      status.send("one")
      binding.unbind()
      #expect(cancellations.count == 1)
      status.send("two")
      #expect(label.text == "one")
    }

    @Test func theTargetGoingAwayEndsTheBindingAndCancelsTheSubscription() {
      let cancellations = ChangeLog<Bool>()
      let status = PassthroughSubject<String?, Never>()
      let tracker = LifetimeTracker()
      var label: HeadlessLabel? = tracker.track(HeadlessLabel())
      label?.bind(\.text, to: .publisher(status.handleEvents(receiveCancel: { cancellations.append(true) })))
      status.send("one")
      #expect(label?.text == "one")
      label = nil
      #expect(tracker.liveCount == 0, "the binding and its subscription do not keep the target")
      #expect(cancellations.count == 1)
    }

    @Test func aModelKeyPathPublisherDrivesAnotherModelsProperty() {
      let member = Member(firstName: "Ada", lastName: "Lovelace")
      let label = HeadlessLabel()
      let binding = label.bind(\.text, to: .publisher(member.publisher(of: \.fullName).map { Optional($0) }))
      #expect(label.text == "Ada Lovelace")
      member.lastName = "King"
      #expect(label.text == "Ada King")
      binding.unbind()
      #expect(member.keyValueRegistrar.observerCount == 0)
    }

    @MainActor
    @Test func valuesSentOnAnotherThreadAreWrittenOnTheMainActorWhenTheBindingAsks() async {
      let status = PassthroughSubject<Double, Never>()
      let slider = HeadlessSlider(minimumValue: 0, maximumValue: 100)
      let onMainActor = Received<Bool>()
      // Every write of the slider happens on the main actor (assumeIsolated stops the run otherwise).
      let token = observe(slider, \.value) { change in
        MainActor.assumeIsolated { onMainActor.add(true) }
      }
      let binding = slider.bind(\.value, to: .publisher(status), options: BindingOptions(delivery: .mainActor))
      let sender = UncheckedSubject(status)
      await Task.detached {
        for value in 1...3 { sender.subject.send(Double(value)) }
        sender.subject.send(completion: .finished)
      }.value
      #expect(await eventually { !binding.isBound })
      #expect(slider.value == 3, "the last value is written before the binding ends")
      #expect(onMainActor.values.count >= 1)
      token.unbind()
    }
  }

  /// A subject handed to another task (Combine's subjects are thread-safe).
  private struct UncheckedSubject<Output, Failure: Error>: @unchecked Sendable {
    let subject: PassthroughSubject<Output, Failure>
    init(_ subject: PassthroughSubject<Output, Failure>) { self.subject = subject }
  }
#endif
