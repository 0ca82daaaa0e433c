import Bindery
import BinderyControls
import BinderyTestFixtures
import Testing

/// A hand-written observable with a hundred numbered cells, each a property of its own: more
/// properties than a registrar has bits in its filter of observed properties, so some share one.
final class Cells: KeyValueObservable {
  let keyValueRegistrar = KeyValueRegistrar()
  private var storage = Array(repeating: 0, count: 100)

  subscript(cell index: Int) -> Int {
    get {
      keyValueRegistrar.access(self, PropertyID(rawValue: UInt64(index)), \Cells[cell: index])
      return storage[index]
    }
    set {
      let old = storage[index]
      guard old != newValue else { return }
      storage[index] = newValue
      keyValueRegistrar.didSet(self, PropertyID(rawValue: UInt64(index)), \Cells[cell: index], from: old, to: newValue)
    }
  }
}

@Suite("What a change skips: unobserved properties, unchanged reads, echoes that cannot happen")
struct DeliveryShortcutTests {
  @Test func aWriteOfAnUnobservedPropertyOfAnObservedObjectReachesNoObserver() {
    let node = Node()
    var names: [String] = []
    let token = observe(node, \.name) { names.append($0.newValue) }
    node.value = 1
    node.value = 2
    #expect(names.isEmpty)
    node.name = "Ada"
    #expect(names == ["Ada"])
    token.unbind()
  }

  @Test func aWriteNobodyIsToldOfIsStoredAndTheNextObservedChangeStartsFromIt() {
    let node = Node()
    node.name = "Ada"
    node.name = "Grace"
    #expect(node.name == "Grace")
    #expect(!node.keyValueRegistrar._reportsWrites(of: PropertyID("name")))
    var changes: [String] = []
    let token = observe(node, \.name) { changes.append("\($0.oldValue ?? "-") → \($0.newValue)") }
    #expect(node.keyValueRegistrar._reportsWrites(of: #propertyID("name")))
    node.name = "Grace"
    node.name = "Alan"
    #expect(changes == ["Grace → Alan"])
    token.unbind()
    node.name = "Barbara"
    #expect(changes == ["Grace → Alan"])
    #expect(node.name == "Barbara")
  }

  @Test func anObserverOfChangesBeforeTheyHappenIsToldOfWritesOfAnyPropertyOfItsObject() {
    let node = Node()
    #expect(!node.keyValueRegistrar._reportsWrites(of: PropertyID("value")))
    var kinds: [String] = []
    let token = observe(node, \.name, options: .prior) { kinds.append($0.kind == .prior ? "prior" : "change") }
    #expect(node.keyValueRegistrar._reportsWrites(of: PropertyID("value")))
    node.name = "Ada"
    #expect(kinds == ["prior", "change"])
    token.unbind()
    #expect(!node.keyValueRegistrar._reportsWrites(of: PropertyID("value")))
  }

  @Test func everyOneOfAHundredPropertiesNotifiesItsOwnObserversAndNoOthers() {
    let cells = Cells()
    var seen: [Int] = []
    let tokens = (0..<100).filter { $0 % 3 == 0 }.map { index in
      observe(cells, \Cells[cell: index]) { _ in seen.append(index) }
    }
    for index in 0..<100 { cells[cell: index] = index + 1 }
    #expect(seen == Array(stride(from: 0, to: 100, by: 3)))
    #expect(cells.keyValueRegistrar.hasObservers(of: PropertyID(rawValue: 3)))
    #expect(!cells.keyValueRegistrar.hasObservers(of: PropertyID(rawValue: 4)))
    tokens.forEach { $0.unbind() }
    #expect(!cells.keyValueRegistrar.hasObservers(of: PropertyID(rawValue: 3)))
    seen = []
    for index in 0..<100 { cells[cell: index] = 0 }
    #expect(seen.isEmpty)
  }

  @Test func aPropertyObservedAgainAfterItsLastObserverLeftIsNotifiedAgain() {
    let node = Node()
    observe(node, \.value) { _ in }.unbind()
    #expect(!node.keyValueRegistrar.hasObservers(of: PropertyID("value")))
    var values: [Int] = []
    let token = observe(node, \.value) { values.append($0.newValue) }
    node.value = 7
    #expect(values == [7])
    token.unbind()
  }

  @Test func aTrackedValueFollowsTheReadsOfEachEvaluationAndNoLongerTheOldOnes() {
    let left = Node()
    let right = Node()
    let chooser = Node()
    var results: [Int] = []
    let token = observe({ chooser.value == 0 ? left.value : right.value }, onChange: { results.append($0) })
    left.value = 1
    chooser.value = 1  // now reads `right`
    right.value = 2
    left.value = 3  // no longer read
    #expect(results == [1, 0, 2])
    chooser.value = 0
    left.value = 4
    #expect(results == [1, 0, 2, 3, 4])
    token.unbind()
  }

  @Test func aTrackedValueThatReadsAPropertyTwiceIsDeliveredOncePerChange() {
    let node = Node()
    var results: [Int] = []
    let token = observe({ node.value + node.value * 10 }, onChange: { results.append($0) })
    node.value = 1
    node.value = 2
    #expect(results == [11, 22])
    token.unbind()
  }

  @Test func aChainThatReadsFewerHopsThanBeforeStopsFollowingTheObjectItLeft() {
    let ada = Person(firstName: "Ada", lastName: "Lovelace")
    let controller = PersonController(person: ada)
    let label = HeadlessLabel()
    label.bind(\.text, to: controller, \.person?.fullName)
    ada.firstName = "Augusta"
    #expect(label.text == "Augusta Lovelace")
    controller.person = nil
    #expect(label.text == nil)
    ada.firstName = "Ada"
    #expect(label.text == nil, "the person left is not followed")
    controller.person = ada
    #expect(label.text == "Ada Lovelace")
    ada.lastName = "King"
    #expect(label.text == "Ada King")
  }

  @Test func aChainWithANullPlaceholderShowsItAndFollowsEachChangeAfterwards() {
    let ada = Person(firstName: "Ada", lastName: "Lovelace")
    let controller = PersonController(person: ada)
    let label = HeadlessLabel()
    label.bind(
      \.text, to: .keyPath(controller, \.person?.nickname).placeholders(BindingPlaceholders(nullValue: "(none)")))
    #expect(label.text == "(none)")
    ada.nickname = "Countess"
    #expect(label.text == "Countess")
    ada.nickname = "Lady"
    #expect(label.text == "Lady")
    ada.nickname = nil
    #expect(label.text == "(none)")
    controller.person = nil
    #expect(label.text == "(none)")
  }

  @Test func aChainEndingInAWholeNumberSeenAsOptionalDeliversEachNumber() {
    let lineup = Lineup(captain: Player(number: 7))
    let node = ShirtNumber()
    node.bind(\.number, to: lineup, \.captain?.number)
    #expect(node.number == 7)
    lineup.captain?.number = 10
    #expect(node.number == 10)
    lineup.captain = nil
    #expect(node.number == nil)
  }

  @Test func aUserEditOfAControlBoundBothWaysIsWrittenOnceAndNotWrittenBackToTheControl() {
    let ada = Person(firstName: "Ada", lastName: "Lovelace")
    let controller = PersonController(person: ada)
    let field = HeadlessTextField()
    field.bind(\.text, to: controller, \.person?.firstName)
    var writes: [String] = []
    let token = observe(ada, \.firstName) { writes.append($0.newValue) }
    var shown: [String?] = []
    let fieldToken = observe(field, \.text) { shown.append($0.newValue) }
    field.userDidEdit(text: "Augusta")
    #expect(writes == ["Augusta"])
    #expect(shown == ["Augusta"], "the model's change is not written back to the field")
    ada.firstName = "Ada"
    #expect(shown == ["Augusta", "Ada"])
    token.unbind()
    fieldToken.unbind()
  }

  @Test func aTwoWayBindingOfTwoModelsDoesNotEchoAWriteOfEitherSide() {
    let left = Node()
    let right = Node()
    right.bind(\.value, to: left, \.value)
    var leftValues: [Int] = []
    var rightValues: [Int] = []
    let leftToken = observe(left, \.value) { leftValues.append($0.newValue) }
    let rightToken = observe(right, \.value) { rightValues.append($0.newValue) }
    left.value = 1
    right.value = 2
    #expect(leftValues == [1, 2])
    #expect(rightValues == [1, 2])
    leftToken.unbind()
    rightToken.unbind()
  }
}

/// A player with a number.
@KeyValueObservable
final class Player {
  var number: Int

  init(number: Int) {
    self.number = number
  }
}

/// A roster whose captain may be missing.
@KeyValueObservable
final class Lineup {
  var captain: Player?

  init(captain: Player?) {
    self.captain = captain
  }
}

/// A holder of an optional number, as the target of a chain through an optional.
@KeyValueObservable
final class ShirtNumber {
  var number: Int?
}
