import Bindery
import BinderyTestFixtures
import BinderyTestKit
import Testing

@Suite("Observers of one property")
struct ObserverOrderTests {
  @Test func observersAreCalledInTheOrderTheyWereAddedAfterManyOthersWereCancelled() {
    let person = Person(firstName: "Ada")
    var calls: [Int] = []
    var tokens = (0..<300).map { index in observe(person, \.firstName) { _ in calls.append(index) } }
    // Cancel in an order that leaves holes everywhere and squeezes them out several times.
    var kept = Set(0..<300)
    for index in stride(from: 0, to: 300, by: 3) {
      tokens[index].unbind()
      kept.remove(index)
    }
    for index in stride(from: 299, through: 0, by: -2) where kept.contains(index) {
      tokens[index].unbind()
      kept.remove(index)
    }
    let late = (300..<310).map { index in observe(person, \.firstName) { _ in calls.append(index) } }
    tokens.append(contentsOf: late)
    person.firstName = "Grace"
    #expect(calls == kept.sorted() + Array(300..<310))
    #expect(person.keyValueRegistrar.observerCount == kept.count + 10)
    for token in tokens { token.unbind() }
    #expect(person.keyValueRegistrar.observerCount == 0)
  }

  @Test func cancellingTwiceRemovesTheObserverOnce() {
    let person = Person(firstName: "Ada")
    var calls: [String] = []
    let first = observe(person, \.firstName) { _ in calls.append("first") }
    let second = observe(person, \.firstName) { _ in calls.append("second") }
    first.unbind()
    first.unbind()
    person.firstName = "Grace"
    #expect(calls == ["second"])
    #expect(person.keyValueRegistrar.observerCount == 1)
    second.unbind()
  }

  @Test func anObserverThatCancelsOthersDuringAChangeLeavesTheRestInOrder() {
    let person = Person(firstName: "Ada")
    var calls: [Int] = []
    var tokens: [KeyValueObservation] = []
    tokens.append(
      observe(person, \.firstName) { _ in
        calls.append(0)
        for token in tokens.dropFirst().prefix(50) { token.unbind() }
      })
    for index in 1..<100 {
      tokens.append(observe(person, \.firstName) { _ in calls.append(index) })
    }
    person.firstName = "Grace"
    calls.removeAll()
    person.firstName = "Hopper"
    #expect(calls == [0] + Array(51..<100))
    for token in tokens { token.unbind() }
  }

  @Test func unbindingTenThousandBindingsOfOneSourceLeavesItUnobservedAndTheOthersBound() {
    let person = Person(firstName: "Ada")
    let targets = (0..<10_000).map { _ in Person() }
    let bindings = targets.map { target in
      target.bind(\.firstName, to: person, \.firstName, options: BindingOptions(direction: .sourceToTarget))
    }
    for (index, binding) in bindings.enumerated() where index % 1_000 != 0 { binding.unbind() }
    person.firstName = "Grace"
    let updated = targets.indices.filter { targets[$0].firstName == "Grace" }
    #expect(updated == Array(stride(from: 0, to: 10_000, by: 1_000)))
    for binding in bindings { binding.unbind() }
    #expect(person.keyValueRegistrar.observerCount == 0)
  }
}
