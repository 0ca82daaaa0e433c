import Bindery
import BinderyControllers
import BinderyControls
import BinderySQLite
import BinderyStore
import Testing

@Suite("Undo and redo of edits saved in a database")
struct EditHistoryTests {
  /// A controller on the sample contacts, with a history, and a name field bound to its selection.
  private func editor(_ kind: StoreKind, saving: StoreSavePolicy = .immediately) throws -> (
    StoreSetup, ArrayController<Contact>, EditHistory, HeadlessTextField, StoredContent<Contact>
  ) {
    let setup = try kind.make()
    try setup.insert(sampleContacts)
    let controller = ArrayController<Contact>(makeElement: { Contact(name: "New", email: "new@example.org") })
    let history = EditHistory()
    let content = try controller.bindContent(
      to: .rows(of: Contact.entity, in: setup.store, saving: saving, history: history))
    controller.select(indexes: [1])
    let field = HeadlessTextField()
    field.bind(\.text, to: .marked(controller, \.selection.name))
    return (setup, controller, history, field, content)
  }

  @Test(
    "what a user typed in a field until Return is undone at once, and the undo is saved",
    arguments: StoreKind.allCases)
  func typingIsOneGroup(kind: StoreKind) throws {
    let (setup, controller, history, field, _) = try editor(kind)
    #expect(!history.canUndo)
    field.userDidBeginEditing()
    for text in ["A", "Au", "Aug", "Augusta"] { field.userDidEdit(text: text) }
    field.userDidEndEditing()
    #expect(history.undoCount == 1)
    #expect(try setup.names()[1] == "Augusta")
    history.undo()
    #expect(controller.selectedObjects.first?.name == "Ada")
    #expect(field.text == "Ada")
    #expect(try setup.names()[1] == "Ada")
    #expect(history.canRedo && !history.canUndo)
    history.redo()
    #expect(field.text == "Augusta")
    #expect(try setup.names()[1] == "Augusta")
    #expect(history.canUndo && !history.canRedo)
  }

  @Test(
    "each end of editing starts a new group; a new edit clears what could be redone",
    arguments: StoreKind.allCases)
  func groupsPerEndOfEditing(kind: StoreKind) throws {
    let (setup, controller, history, field, _) = try editor(kind)
    defer { withExtendedLifetime(controller) {} }  // the field's binding goes with it
    field.userDidEdit(text: "Augusta")
    field.userDidEndEditing()
    field.userDidEdit(text: "Augusta Ada")
    field.userDidEndEditing()
    #expect(history.undoCount == 2)
    history.undo()
    #expect(try setup.names()[1] == "Augusta")
    history.undo()
    #expect(try setup.names()[1] == "Ada")
    #expect(history.redoCount == 2)
    field.userDidEdit(text: "Countess")
    #expect(history.redoCount == 0)
    #expect(try setup.names()[1] == "Countess")
  }

  @Test("with saving when editing ends, one group per end of editing too", arguments: StoreKind.allCases)
  func groupsWhenSavingAtTheEnd(kind: StoreKind) throws {
    let (setup, controller, history, field, _) = try editor(kind, saving: .whenEditingEnds)
    defer { withExtendedLifetime(controller) {} }
    field.userDidEdit(text: "Aug")
    field.userDidEdit(text: "Augusta")
    field.userDidEndEditing()
    field.userDidEdit(text: "Lady Augusta")
    field.userDidEndEditing()
    #expect(history.undoCount == 2)
    history.undo()
    #expect(try setup.names()[1] == "Augusta")
    history.undo()
    #expect(try setup.names()[1] == "Ada")
  }

  @Test("Add and Remove are undone and redone, rows and positions included", arguments: StoreKind.allCases)
  func addAndRemove(kind: StoreKind) throws {
    let (setup, controller, history, _, content) = try editor(kind)
    let added = try #require(controller.add())
    let addedID = content.id(of: added)
    #expect(try setup.names() == ["Grace", "Ada", "Alan", "New"])
    controller.select(indexes: [0, 2])
    controller.remove()
    #expect(try setup.names() == ["Ada", "New"])
    #expect(history.undoCount == 2)
    history.undo()  // the Remove
    #expect(controller.arrangedObjects.map(\.name) == ["Grace", "Ada", "Alan", "New"])
    #expect(try setup.names() == ["Grace", "Ada", "Alan", "New"])
    history.undo()  // the Add
    #expect(controller.arrangedObjects.map(\.name) == ["Grace", "Ada", "Alan"])
    #expect(try setup.names() == ["Grace", "Ada", "Alan"])
    history.redo()
    #expect(controller.arrangedObjects.map(\.name) == ["Grace", "Ada", "Alan", "New"])
    #expect(content.id(of: added) == addedID)  // the same row, back
    history.redo()
    #expect(controller.arrangedObjects.map(\.name) == ["Ada", "New"])
    #expect(try setup.names() == ["Ada", "New"])
  }

  @Test("a put-back row keeps saving the edits made to it", arguments: StoreKind.allCases)
  func putBackRowsStaySaved(kind: StoreKind) throws {
    let (setup, controller, history, _, _) = try editor(kind)
    let grace = controller.arrangedObjects[0]
    controller.select(indexes: [0])
    controller.remove()
    history.undo()
    grace.age = 86
    #expect(try setup.rows().first { $0.name == "Grace" }?.age == 86)
  }

  @Test("Undo and Redo buttons follow canUndo and canRedo", arguments: [StoreKind.sqliteMemory])
  func buttonsFollowTheHistory(kind: StoreKind) throws {
    let (_, controller, history, field, _) = try editor(kind)
    defer { withExtendedLifetime(controller) {} }
    let undoButton = HeadlessButton()
    let redoButton = HeadlessButton()
    undoButton.bind(\.isEnabled, to: history, \.canUndo)
    redoButton.bind(\.isEnabled, to: history, \.canRedo)
    #expect(!undoButton.isEnabled && !redoButton.isEnabled)
    field.userDidEdit(text: "Augusta")
    #expect(undoButton.isEnabled && !redoButton.isEnabled)
    history.undo()
    #expect(!undoButton.isEnabled && redoButton.isEnabled)
  }

  @Test("the history keeps at most levelsOfUndo groups")
  func levels() {
    let history = EditHistory()
    history.levelsOfUndo = 3
    var undone: [Int] = []
    for index in 0..<5 { history.register(editor: nil) { undone.append(index) } }
    #expect(history.undoCount == 3)
    while history.canUndo { history.undo() }
    #expect(undone == [4, 3, 2])
  }
}
