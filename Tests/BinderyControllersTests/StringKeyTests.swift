import Bindery
import BinderyControllers
import BinderyControls
import BinderyExpressions
import BinderyTestFixtures
import Testing

@KeyValueObservable
final class Roster {
  var people: [Person] = []
  var showsArchived = false
  var query = ""
}

@Suite("Controllers through string keys and expressions")
struct StringKeyTests {
  @Test func aStringKeyPathThroughTheSelectionShowsMarkersAndWritesEverySelectedObject() throws {
    let ada = Person("Ada", "Lovelace")
    let grace = Person("Grace", "Hopper")
    let directory = Directory()
    directory.people = [ada, grace]
    let controller = ArrayController<Person>()
    controller.avoidsEmptySelection = false
    controller.bindContent(to: .keyPath(directory, \.people))
    let field = HeadlessTextField()
    try field.bind(
      \.text,
      to: .keyPath(controller, "selection.lastName").placeholders(
        BindingPlaceholders(multipleValues: "Multiple Values", noSelection: "No Selection"))
    )
    #expect(field.text == "No Selection")
    controller.select([grace])
    #expect(field.text == "Hopper")
    controller.select([ada, grace])
    #expect(field.text == "Multiple Values")
    field.userDidEdit(text: "Byron")
    #expect(ada.lastName == "Byron" && grace.lastName == "Byron")
    ada.lastName = "King"
    #expect(field.text == "Multiple Values")
  }

  @Test func aSelectionPathHasTheElementsValueTypeAndUnknownKeysAreNamed() throws {
    let path = try KeyValuePath("selection.age", in: ArrayController<Person>.self)
    #expect(ObjectIdentifier(path.valueType) == ObjectIdentifier(Int.self))
    #expect(path.isMarked)
    #expect(path.isWritable)
    #expect(throws: KeyValueCodingError.self) { try KeyValuePath("selection.agee", in: ArrayController<Person>.self) }
    do {
      _ = try KeyValuePath("selection.agee", in: ArrayController<Person>.self)
    } catch {
      #expect(error.description.contains("\"age\""))
      #expect(error.column == 11)
    }
  }

  @Test func privateSetPropertiesAreReadOnlyByName() throws {
    let canRemove = try KeyValuePath("canRemove", in: ArrayController<Person>.self)
    #expect(!canRemove.isWritable)
    #expect(canRemove.composedKeyPath == nil)  // the typed path could write it
    let controller = ArrayController<Person>()
    #expect(try canRemove.write(true, in: controller) == false)
    #expect(!controller.canRemove)
    let key = try #require(ArrayController<Person>.keyValueKeys.key(named: "canAdd"))
    #expect(key.isReadOnly && !key.accepts(true) && !key.write(true, to: controller))
    #expect(try KeyValuePath("avoidsEmptySelection", in: ArrayController<Person>.self).isWritable)
  }

  @Test func anExpressionOnAnObjectControllersSelectionShowsTheNoSelectionPlaceholder() throws {
    let controller = ObjectController<Person>()
    let label = HeadlessLabel()
    try label.bind(\.text, to: .expression(controller, "selection.firstName { noSelectionPlaceholder: 'Nobody' }"))
    #expect(label.text == "Nobody")
    controller.setContent(Person("Ada"))
    #expect(label.text == "Ada")
  }

  @Test func sortKeysByNameOrderLikeTypedOnesAndBadKeysAreRefused() throws {
    let directory = Directory()
    directory.people = [
      Person("Grace", "Hopper", age: 85), Person("Ada", "Lovelace", age: 36), Person("Alan", "Turing", age: 36),
    ]
    let controller = ArrayController<Person>()
    controller.bindContent(to: .keyPath(directory, \.people))
    controller.sortOrder = [try .init(key: "age", ascending: false), try .init(key: "firstName")]
    #expect(controller.arrangedObjects.map(\.firstName) == ["Grace", "Ada", "Alan"])
    #expect(throws: KeyValueCodingError.self) { try ArrangementSort<Person>(key: "middleName") }
    #expect(throws: KeyValueCodingError.self) { try ArrangementSort<Directory>(key: "people") }  // not Comparable
  }

  @Test func aSortKeyThroughAnOptionalPutsNilFirstAndFollowsEditsOfTheObjectsItReaches() throws {
    let grace = Person("Grace")
    let ada = Person("Ada")
    let seats = [Seat(holder: grace), Seat(holder: nil), Seat(holder: ada)]
    let controller = ArrayController<Seat>()
    controller.setContent(seats)
    controller.sortOrder = [try .init(key: "holder.firstName")]
    #expect(controller.arrangedObjects.map { $0.holder?.firstName } == [nil, "Ada", "Grace"])
    ada.firstName = "Hedy"
    #expect(controller.arrangedObjects.map { $0.holder?.firstName } == [nil, "Grace", "Hedy"])
    seats[1].holder = Person("Alan")
    #expect(controller.arrangedObjects.map { $0.holder?.firstName } == ["Alan", "Grace", "Hedy"])
    #expect(throws: KeyValueCodingError.self) { try ArrangementSort<Seat>(key: "holder.firstName.count") }
  }

  @Test func aFilterExpressionArrangesOnlyMatchingObjectsAndFollowsTheirEdits() throws {
    let roster = Roster()
    let ada = Person("Ada", age: 36)
    let kid = Person("Kid", age: 9)
    roster.people = [ada, kid]
    let controller = ArrayController<Person>()
    controller.bindContent(to: .keyPath(roster, \.people))
    try controller.setFilter(expression: "age >= 18 && ($root.showsArchived || !isArchived)", root: roster)
    #expect(controller.arrangedObjects.map(\.firstName) == ["Ada"])
    kid.age = 18
    #expect(controller.arrangedObjects.map(\.firstName) == ["Ada", "Kid"])
    ada.isArchived = true
    #expect(controller.arrangedObjects.map(\.firstName) == ["Kid"])
  }

  @Test func aFilterMatchesStringsIgnoringCaseAndDiacriticsAndFollowsWhatItMatches() throws {
    let roster = Roster()
    roster.people = [Person("Zoë"), Person("Ada"), Person("Chloé")]
    let controller = ArrayController<Person>()
    controller.bindContent(to: .keyPath(roster, \.people))
    try controller.setFilter(expression: "firstName contains[cd] $root.query", root: roster)
    #expect(controller.arrangedObjects.map(\.firstName) == ["Zoë", "Ada", "Chloé"])
    roster.query = "OE"
    #expect(controller.arrangedObjects.map(\.firstName) == ["Zoë", "Chloé"])
    roster.query = "ad"
    #expect(controller.arrangedObjects.map(\.firstName) == ["Ada"])
    #expect(throws: ExpressionError.self) { try controller.setFilter(expression: #"age contains "3""#) }
    #expect(controller.arrangedObjects.map(\.firstName) == ["Ada"])
  }

  @Test func aFilterThatIsNotBooleanOrDoesNotCheckLeavesTheFilterAsItWas() throws {
    let directory = Directory()
    directory.people = [Person("Ada", age: 36), Person("Kid", age: 9)]
    let controller = ArrayController<Person>()
    controller.bindContent(to: .keyPath(directory, \.people))
    try controller.setFilter(expression: "age > 18")
    #expect(throws: ExpressionError.self) { try controller.setFilter(expression: "firstName") }
    #expect(throws: ExpressionError.self) { try controller.setFilter(expression: "agee > 1") }
    #expect(throws: ExpressionError.self) { try controller.setFilter(expression: "age >") }
    #expect(controller.arrangedObjects.map(\.firstName) == ["Ada"])
  }

  @Test func aListAndItsControllerShareOneSelectionBothWays() {
    let directory = Directory()
    directory.people = ["c", "a", "b"].map { Person($0) }
    let controller = ArrayController<Person>()
    controller.sortOrder = [.ascending(\.firstName)]
    controller.bindContent(to: .keyPath(directory, \.people))
    let list = HeadlessListView<Person> { _, _ in }
    let binding = list.bind(to: controller)
    #expect(list.selectionIndexes == controller.selectionIndexes)
    list.userDidSelectRows([2, 7, 2])
    #expect(controller.selectionIndexes == [2])
    #expect(controller.selectedObjects.map(\.firstName) == ["c"])
    directory.people.append(Person("0"))  // sorts first: the selection moves to index 3
    #expect(list.selectionIndexes == [3])
    binding.unbind()
    list.userDidSelectRows([0])
    #expect(controller.selectionIndexes == [3])  // no longer following
  }
}

/// A seat that may be taken: sorted by its holder's name.
@KeyValueObservable
final class Seat {
  var holder: Person?

  init(holder: Person?) {
    self.holder = holder
  }
}
