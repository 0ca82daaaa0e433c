import Bindery
import BinderyTestKit
import Testing

/// A hand-written observable that counts the writes of its `value`.
@KeyValueObservable
final class CountingNode {
  var value = 0 {
    didSet { writes += 1 }
  }
  var name = ""
  @KeyValueIgnored var writes = 0
}

@Suite("An object's own bindings: listed in order, replaced per property, written once per coalesced block")
struct TargetBindingListTests {
  @Test func anObjectBoundThreeTimesListsItsBindingsInTheOrderTheyWereMade() {
    let source = Node()
    let target = Node()
    let other = Node()
    let first = target.bind(\.value, to: source, \.value)
    let second = target.bind(\.name, to: source, \.name)
    let third = other.bind(\.value, to: target, \.value)
    #expect(target.bindings.map(ObjectIdentifier.init) == [first, second].map(ObjectIdentifier.init))
    #expect(other.bindings.map(ObjectIdentifier.init) == [ObjectIdentifier(third)])
    first.unbind()
    #expect(target.bindings.map(ObjectIdentifier.init) == [ObjectIdentifier(second)])
    let fourth = target.bind(\.value, to: other, \.value)
    #expect(target.bindings.map(ObjectIdentifier.init) == [second, fourth].map(ObjectIdentifier.init))
    second.unbind()
    fourth.unbind()
    third.unbind()
    #expect(target.bindings.isEmpty)
    #expect(other.bindings.isEmpty)
  }

  @Test func unbindingTheMiddleOfThreeBindingsKeepsTheOthersInOrderAndBound() {
    let source = Node()
    let target = CountingNode()
    let first = target.bind(\.value, to: source, \.value)
    let second = target.bind(\.name, to: source, \.name)
    let third = target.bind(\.writes, to: source, \.value)
    second.unbind()
    #expect(target.bindings.map(ObjectIdentifier.init) == [first, third].map(ObjectIdentifier.init))
    source.value = 4
    source.name = "Ada"
    #expect(target.value == 4)
    #expect(target.name == "")
    first.unbind()
    #expect(target.bindings.map(ObjectIdentifier.init) == [ObjectIdentifier(third)])
    third.unbind()
    #expect(target.bindings.isEmpty)
  }

  @Test func bindingAPropertyAgainUnbindsItsEarlierBindingAndKeepsTheOthers() {
    let source = Node()
    let target = Node()
    let name = target.bind(\.name, to: source, \.name)
    let earlier = target.bind(\.value, to: source, \.value)
    let later = target.bind(\.value, to: source, \.value)
    #expect(!earlier.isBound)
    #expect(later.isBound)
    #expect(name.isBound)
    #expect(target.bindings.map(ObjectIdentifier.init) == [name, later].map(ObjectIdentifier.init))
    source.value = 7
    source.name = "Ada"
    #expect(target.value == 7)
    #expect(target.name == "Ada")
  }

  @Test func theOnlyBindingOfAnObjectReplacedByAnotherLeavesOneBinding() {
    let source = Node()
    let target = Node()
    let earlier = target.bind(\.value, to: source, \.value)
    let number = ClosureTransformer<String, Int>(forward: { Int($0) ?? -1 })
    let later = target.bind(\.value, to: .keyPath(source, \.name, converted: number))
    #expect(!earlier.isBound)
    #expect(target.bindings.map(ObjectIdentifier.init) == [ObjectIdentifier(later)])
    source.name = "12"
    #expect(target.value == 12)
  }

  @Test func aSinglePropertyBindingWritesOnceAtTheEndOfACoalescedBlockAndNotAtAllWhenTheValueCameBack() {
    let source = Node()
    let target = CountingNode()
    let binding = target.bind(\.value, to: source, \.value, options: BindingOptions(direction: .sourceToTarget))
    let before = target.writes
    withCoalescedChanges {
      source.value = 1
      source.value = 2
      source.value = 3
      #expect(target.value == 0)
    }
    #expect(target.value == 3)
    #expect(target.writes == before + 1)
    withCoalescedChanges {
      source.value = 4
      source.value = 3
    }
    #expect(target.writes == before + 1)
    binding.unbind()
  }

  @Test func aBindingUnboundInsideACoalescedBlockWritesNothingAtItsEnd() {
    let source = Node()
    let target = CountingNode()
    let binding = target.bind(\.value, to: source, \.value, options: BindingOptions(direction: .sourceToTarget))
    let before = target.writes
    withCoalescedChanges {
      source.value = 5
      binding.unbind()
    }
    #expect(target.value == 0)
    #expect(target.writes == before)
  }

  @Test func aSourceThatGoesAwayInsideACoalescedBlockEndsItsBinding() {
    let target = CountingNode()
    var binding: PropertyBinding?
    withCoalescedChanges {
      let source = Node()
      binding = target.bind(\.value, to: source, \.value, options: BindingOptions(direction: .sourceToTarget))
      source.value = 9
    }
    #expect(binding?.isBound == false)
    #expect(target.bindings.isEmpty)
  }

  @Test func coalescedBlocksOnTwoThreadsEachKeepTheirOwnOldValue() async {
    let sources = [Node(), Node()]
    let targets = [CountingNode(), CountingNode()]
    let bindings = zip(targets, sources).map { target, source in
      target.bind(\.value, to: source, \.value, options: BindingOptions(direction: .sourceToTarget))
    }
    let before = targets.map(\.writes)
    let shared = UncheckedBox((sources, targets))
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<2 {
        group.addTask {
          let (sources, _) = shared.value
          for round in 1...200 {
            withCoalescedChanges {
              sources[index].value = round
              sources[index].value = round * 10
            }
          }
        }
      }
    }
    #expect(targets.map(\.value) == [2000, 2000])
    #expect(targets.map(\.writes) == before.map { $0 + 200 })
    bindings.forEach { $0.unbind() }
  }
}

/// Hands non-`Sendable` test objects to tasks that use them one at a time.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
