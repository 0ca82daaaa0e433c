#if canImport(Combine) || OpenCombine
  #if canImport(Combine)
    import Combine
  #else
    import OpenCombine
  #endif
  import Bindery
  import BinderyCombine
  import BinderyTestKit
  import Foundation
  import Testing

  /// A subscriber that asks for values one at a time, when the test says.
  private final class StepSubscriber: Subscriber, @unchecked Sendable {
    typealias Input = String
    typealias Failure = Never
    let received = Received<String>()
    var subscription: (any Subscription)?
    func receive(subscription: any Subscription) { self.subscription = subscription }
    func receive(_ input: String) -> Subscribers.Demand {
      received.add(input)
      return .none
    }
    func receive(completion: Subscribers.Completion<Never>) { received.finish() }
  }

  /// A subscriber that notes whether two threads were ever inside `receive(_:)` at once.
  private final class OverlapSubscriber: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never
    private let lock = NSLock()
    private var inside = false
    private(set) var overlapped = false
    private(set) var count = 0
    private(set) var last = -1
    func receive(subscription: any Subscription) { subscription.request(.unlimited) }
    func receive(_ input: Int) -> Subscribers.Demand {
      lock.withLock {
        if inside { overlapped = true }
        inside = true
      }
      for _ in 0..<50 { _ = lock.withLock { count } }
      lock.withLock {
        inside = false
        count += 1
        last = input
      }
      return .none
    }
    func receive(completion: Subscribers.Completion<Never>) {}
    var snapshot: (overlapped: Bool, count: Int, last: Int) { lock.withLock { (overlapped, count, last) } }
  }

  /// A value that says when it is let go.
  private final class Token {
    let number: Int
    let onRelease: (Int) -> Void
    init(_ number: Int, onRelease: @escaping (Int) -> Void) {
      self.number = number
      self.onRelease = onRelease
    }
    deinit { onRelease(number) }
  }

  /// A model whose computed token is a new object each time it is read.
  @KeyValueObservable
  private final class TokenHolder {
    var count = 0
    @KeyValueIgnored var onTokenRelease: (Int) -> Void = { _ in }
    var token: Token { Token(count, onRelease: onTokenRelease) }
  }

  /// A subscriber of tokens that asks for them one at a time, when the test says.
  private final class TokenSubscriber: Subscriber, @unchecked Sendable {
    typealias Input = Token
    typealias Failure = Never
    let received = Received<Int>()
    var subscription: (any Subscription)?
    func receive(subscription: any Subscription) { self.subscription = subscription }
    func receive(_ input: Token) -> Subscribers.Demand {
      received.add(input.number)
      return .none
    }
    func receive(completion: Subscribers.Completion<Never>) { received.finish() }
  }

  @Suite("Key paths as Combine publishers")
  struct KeyValuePublisherTests {
    @Test func aSubscriberGetsTheCurrentValueThenEachChangeAndNoEqualWrites() {
      let member = Member(firstName: "Ada")
      let received = Received<String>()
      let cancellable = member.publisher(of: \.firstName).sink { received.add($0) }
      member.firstName = "Augusta"
      member.firstName = "Augusta"
      member.firstName = "Grace"
      #expect(received.values == ["Ada", "Augusta", "Grace"])
      cancellable.cancel()
      member.firstName = "Edsger"
      #expect(received.values == ["Ada", "Augusta", "Grace"], "nothing arrives after cancel")
    }

    @Test func withoutInitialOnlyChangesArrive() {
      let member = Member(firstName: "Ada")
      let received = Received<Int>()
      let cancellable = member.publisher(of: \.age, initial: false).sink { received.add($0) }
      #expect(received.values.isEmpty)
      member.age = 36
      #expect(received.values == [36])
      cancellable.cancel()
    }

    @Test func aComputedPropertyIsPublishedThroughWhatItReads() {
      let member = Member(firstName: "Ada", lastName: "Lovelace")
      let received = Received<String>()
      let cancellable = member.publisher(of: \.fullName).sink { received.add($0) }
      member.lastName = "King"
      member.firstName = "Augusta"
      #expect(received.values == ["Ada Lovelace", "Ada King", "Augusta King"])
      cancellable.cancel()
    }

    @Test func thePublisherFinishesWhenTheObjectGoesAwayAndDoesNotKeepItAlive() {
      let tracker = LifetimeTracker()
      var member: Member? = tracker.track(Member(firstName: "Ada"))
      let publisher = member!.publisher(of: \.firstName)
      let received = Received<String>()
      let cancellable = publisher.sink(
        receiveCompletion: { _ in received.finish() }, receiveValue: { received.add($0) })
      member = nil
      #expect(tracker.liveCount == 0, "the publisher and its subscription hold the object weakly")
      #expect(received.values == ["Ada"])
      #expect(received.finishCount == 1)
      // Subscribed after the object went away: finishes at once, with no value.
      let late = Received<String>()
      let lateCancellable = publisher.sink(receiveCompletion: { _ in late.finish() }, receiveValue: { late.add($0) })
      #expect(late.values.isEmpty)
      #expect(late.finishCount == 1)
      cancellable.cancel()
      lateCancellable.cancel()
    }

    @Test func aValueThatReadsNothingObservableOfTheObjectStillFinishesWithIt() {
      var member: Member? = Member(id: 7)
      let received = Received<Int>()
      let cancellable = member!.publisher(of: \.id).sink(
        receiveCompletion: { _ in received.finish() }, receiveValue: { received.add($0) })
      #expect(received.values == [7])
      member = nil
      #expect(received.finishCount == 1)
      cancellable.cancel()
    }

    @Test func cancellingOrDroppingTheSubscriptionLeavesNoObserverBehind() {
      let member = Member(firstName: "Ada")
      var cancellable: AnyCancellable? = member.publisher(of: \.fullName).sink { _ in }
      #expect(member.keyValueRegistrar.observerCount > 0)
      cancellable?.cancel()
      #expect(member.keyValueRegistrar.observerCount == 0)
      cancellable = member.publisher(of: \.age).sink { _ in }
      #expect(member.keyValueRegistrar.observerCount == 1)
      cancellable = nil
      #expect(member.keyValueRegistrar.observerCount == 0)
      #expect(cancellable == nil)
    }

    @Test func aSubscriberIsReleasedWhenItCancelsAndWhenTheObjectGoesAway() {
      let tracker = LifetimeTracker()
      let member = Member(firstName: "Ada")
      var subscriber: StepSubscriber? = tracker.track(StepSubscriber())
      member.publisher(of: \.firstName).subscribe(subscriber!)
      subscriber?.subscription?.cancel()
      subscriber?.subscription = nil
      subscriber = nil
      #expect(tracker.liveCount == 0, "a cancelled subscription holds nothing")

      var other: Member? = Member(firstName: "Grace")
      var kept: StepSubscriber? = tracker.track(StepSubscriber())
      other!.publisher(of: \.firstName).subscribe(kept!)
      other = nil
      #expect(kept?.received.finishCount == 1)
      kept?.subscription = nil
      kept = nil
      #expect(tracker.liveCount == 0, "a finished subscription holds nothing")
    }

    @Test func aWaitingValueLetGoThatChangesTheObjectAgainDoesNotDeadlock() {
      let holder = TokenHolder()
      let subscriber = TokenSubscriber()
      holder.publisher(of: \.token).subscribe(subscriber)
      subscriber.subscription?.request(.max(1))
      #expect(subscriber.received.values == [0])
      holder.onTokenRelease = { [weak holder] number in
        // The first token let go writes the object: a change that comes back into the subscription.
        if number == 1 { holder?.count = 100 }
      }
      holder.count = 1  // waits: no demand
      holder.count = 2  // replaces it; token 1 goes, and its end writes count = 100
      subscriber.subscription?.request(.max(1))
      #expect(subscriber.received.values == [0, 100], "only the newest waited")
      subscriber.subscription?.cancel()
    }

    @Test func withoutDemandOnlyTheNewestValueWaitsForTheNextRequest() {
      let member = Member(firstName: "Ada")
      let subscriber = StepSubscriber()
      member.publisher(of: \.firstName).subscribe(subscriber)
      #expect(subscriber.received.values.isEmpty, "nothing before the first request")
      subscriber.subscription?.request(.max(1))
      #expect(subscriber.received.values == ["Ada"])
      member.firstName = "Augusta"
      member.firstName = "Grace"
      #expect(subscriber.received.values == ["Ada"], "no demand: nothing sent")
      subscriber.subscription?.request(.max(1))
      #expect(subscriber.received.values == ["Ada", "Grace"])
      subscriber.subscription?.request(.max(1))
      member.firstName = "Edsger"
      #expect(subscriber.received.values == ["Ada", "Grace", "Edsger"])
      subscriber.subscription?.cancel()
      #expect(member.keyValueRegistrar.observerCount == 0)
    }

    @Test func aChangeMadeWhileTheSubscriberTakesAValueFollowsItInOrder() {
      let member = Member(firstName: "Ada")
      let received = Received<String>()
      let cancellable = member.publisher(of: \.firstName).sink { name in
        received.add(name)
        if name == "Augusta" { member.firstName = "Grace" }  // from inside receive
      }
      member.firstName = "Augusta"
      #expect(received.values == ["Ada", "Augusta", "Grace"])
      cancellable.cancel()
    }

    @Test func changesFromSeveralThreadsReachTheSubscriberOneAtATime() async {
      let counter = SharedCounter()
      let subscriber = OverlapSubscriber()
      counter.publisher(of: \.count, initial: false).subscribe(subscriber)
      await withTaskGroup(of: Void.self) { group in
        for thread in 0..<4 {
          group.addTask {
            for step in 1...500 { counter.count = thread * 1000 + step }
          }
        }
      }
      let seen = subscriber.snapshot
      #expect(!seen.overlapped, "receive(_:) is never entered twice at once")
      #expect(seen.count > 0)
      #expect(seen.last == counter.count, "the last value sent is the counter's value")
    }
  }
#endif
