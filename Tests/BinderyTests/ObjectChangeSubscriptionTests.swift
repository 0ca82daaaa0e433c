import Bindery
import BinderyTestFixtures
import Dispatch
import Foundation
import Testing

@Suite("Subscriptions to every change of an object")
struct ObjectChangeSubscriptionTests {
  /// The object read by an evaluation of `person`'s first name, as an array controller finds it.
  func ownObject(of person: Person) -> ObservedObject? {
    withOwnPropertyReads { reads in
      if case .own(let object) = reads.evaluate(person, { _ = person.firstName }) { return object }
      return nil
    }
  }

  @Test func aSubscriptionHearsAChangeOfAnyPropertyAndNothingAfterItIsCancelled() throws {
    let person = Person("Ada", age: 36)
    let object = try #require(ownObject(of: person))
    var heard = 0
    let subscription = ObjectChangeSubscription(object) { heard += 1 }
    person.age = 37
    person.nickname = "Countess"
    person.lastName = "Lovelace"
    #expect(heard == 3)
    person.age = 37  // the same value: no change
    #expect(heard == 3)
    #expect(person.keyValueRegistrar.observerCount == 1)
    subscription.cancel()
    subscription.cancel()  // twice does nothing
    person.age = 38
    #expect(heard == 3)
    #expect(person.keyValueRegistrar.observerCount == 0)
  }

  @Test func aPropertysOwnObserversHearItsChangeFirst() throws {
    let person = Person("Ada", age: 36)
    let object = try #require(ownObject(of: person))
    var order: [String] = []
    let observation = observe(person, \.age) { _ in order.append("age") }
    let subscription = ObjectChangeSubscription(object) { order.append("object") }
    person.age = 40
    #expect(order == ["age", "object"])
    observation.unbind()
    subscription.cancel()
  }

  @Test func evaluationsTellOwnReadsFromReadsOfOtherObjectsAndFromNoReads() {
    let ada = Person("Ada", age: 36)
    let grace = Person("Grace", age: 85)
    let kinds = withOwnPropertyReads { reads -> [String] in
      let own = reads.evaluate(ada) { _ = ada.fullName }
      let others = reads.evaluate(ada) { _ = ada.age + grace.age }
      let nothing = reads.evaluate(ada) { _ = ada.id }
      return [own, others, nothing].map { reads in
        switch reads {
        case .own: "own"
        case .others: "others"
        case .nothing: "nothing"
        }
      }
    }
    #expect(kinds == ["own", "others", "nothing"])
  }

  @Test func changesFromOtherThreadsEachReachTheSubscriptionOnce() throws {
    let counter = SharedCounter()
    let read = withOwnPropertyReads { reads in reads.evaluate(counter) { _ = counter.value } }
    guard case .own(let object) = read else {
      Issue.record("the counter's own property was read")
      return
    }
    let heard = AtomicCounter()
    let subscription = ObjectChangeSubscription(object) { heard.increment() }
    let done = DispatchSemaphore(value: 0)
    for index in 1...4 {
      Thread {
        for step in 1...250 { counter.value = index * 1000 + step }
        done.signal()
      }.start()
    }
    for _ in 1...4 { done.wait() }
    #expect(heard.value == 1000)
    subscription.cancel()
  }
}
