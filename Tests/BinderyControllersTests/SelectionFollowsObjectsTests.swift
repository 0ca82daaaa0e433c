import Bindery
import BinderyControllers
import BinderyControls
import BinderyTestFixtures
import Testing

/// When the selected object leaves the arrangement and its neighbour is selected at the same index,
/// the selection is that neighbour everywhere: for observers, the selection proxy and `remove()`.
@Suite("Selection moved to a neighbour")
struct SelectionFollowsObjectsTests {
  @Test("a field bound to the selection follows a neighbour selected at the same index in place of a removed object")
  func selectionAtTheSameIndexIsReported() {
    let directory = Directory()
    directory.people = [Person("Ada"), Person("Grace"), Person("Alan")]
    let controller = ArrayController<Person>()
    controller.bindContent(to: .keyPath(directory, \.people))
    controller.select(indexes: [0])
    let field = HeadlessTextField()
    field.bind(\.text, to: .marked(controller, \.selection.firstName))
    var selected: [[String]] = []
    let token = observe(controller, \.selectedObjects) { selected.append($0.newValue.map(\.firstName)) }
    #expect(field.text == "Ada")
    directory.people.remove(at: 0)  // Grace is selected now, at the same index 0
    #expect(controller.selectionIndexes == [0])
    #expect(field.text == "Grace")
    #expect(selected == [["Grace"]])
    _ = token
  }

  @Test("remove() after the selected object was filtered out removes the neighbour selected in its place")
  func removeRemovesTheShownSelection() {
    let directory = Directory()
    let (ada, grace) = (Person("Ada", age: 36), Person("Grace", age: 85))
    directory.people = [ada, grace]
    let controller = ArrayController<Person>()
    controller.bindContent(to: .keyPath(directory, \.people))
    controller.select([ada])
    controller.filter = { $0.age > 50 }  // Ada is hidden; Grace is selected, at the same index 0
    #expect(controller.selectedObjects.map(\.firstName) == ["Grace"])
    controller.remove()
    #expect(directory.people.map(\.firstName) == ["Ada"])
  }
}
