import Bindery
import BinderyControllers
import BinderyStore
import Testing

/// Undo never overwrites what another instance changed since: two contents on one database play
/// two instances of an app.
@Suite("Undo after another instance's edit")
struct UndoConflictTests {
  @Test(
    "undoing an edit another instance changed since is refused, keeps the other's value and drops the step",
    arguments: StoreKind.reopenable)
  func undoOfAValueChangedSinceIsRefused(kind: StoreKind) throws {
    let setup = try kind.make()
    try setup.insert(sampleContacts)
    let history = EditHistory()
    let mine = ArrayController<PlainContact>()
    _ = try mine.bindContent(to: .rows(of: PlainContact.entity, in: setup.store, history: history))
    let theirs = ArrayController<PlainContact>()
    _ = try theirs.bindContent(to: .rows(of: PlainContact.entity, in: try setup.reopen()))

    mine.arrangedObjects[1].name = "Augusta"
    mine.arrangedObjects[2].age = 42
    #expect(history.undoCount == 2)
    theirs.arrangedObjects[2].age = 50  // after my edit of Alan's age

    let failures = UserEditing.collectingFailures { history.undo() }
    let refusal = try #require(failures.first as? StoreError)
    #expect(refusal.kind == .conflict)
    #expect(refusal.row == 3)
    #expect(refusal.column == "age")
    #expect(try setup.rows().map(\.age) == [85, 36, 50])
    #expect(mine.arrangedObjects[2].age == 50)  // shows what the database has, not the undone 41
    #expect(history.undoCount == 1)  // the refused step is dropped; the earlier one is next
    #expect(history.redoCount == 0)

    // The earlier step, which nobody changed since, undoes as usual.
    #expect(UserEditing.collectingFailures { history.undo() }.isEmpty)
    #expect(try setup.names() == ["Grace", "Ada", "Alan"])
    #expect(history.redoCount == 1)
  }

  @Test("undoing an Add whose row another instance renamed since deletes nothing", arguments: StoreKind.reopenable)
  func undoOfAnAddRenamedSinceIsRefused(kind: StoreKind) throws {
    let setup = try kind.make()
    try setup.insert(sampleContacts)
    let history = EditHistory()
    let mine = ArrayController<PlainContact>()
    _ = try mine.bindContent(to: .rows(of: PlainContact.entity, in: setup.store, history: history))
    let added = PlainContact()
    added.name = "Barbara"
    added.email = "barbara@example.org"
    mine.insert(added, at: 3)
    #expect(try setup.names() == ["Grace", "Ada", "Alan", "Barbara"])

    let theirs = ArrayController<PlainContact>()
    _ = try theirs.bindContent(to: .rows(of: PlainContact.entity, in: try setup.reopen()))
    theirs.arrangedObjects[3].name = "Barbara Liskov"

    let failures = UserEditing.collectingFailures { history.undo() }
    #expect((failures.first as? StoreError)?.kind == .conflict)
    #expect(try setup.names() == ["Grace", "Ada", "Alan", "Barbara Liskov"])
    #expect(mine.arrangedObjects.count == 4)
    #expect(mine.arrangedObjects[3].name == "Barbara Liskov")
    #expect(history.undoCount == 0)
  }

  @Test(
    "undoing an edit whose row another instance deleted since is refused as not found", arguments: StoreKind.reopenable)
  func undoOfADeletedRowIsRefused(kind: StoreKind) throws {
    let setup = try kind.make()
    try setup.insert(sampleContacts)
    let history = EditHistory()
    let mine = ArrayController<PlainContact>()
    _ = try mine.bindContent(to: .rows(of: PlainContact.entity, in: setup.store, history: history))
    mine.arrangedObjects[0].name = "Grace Hopper"
    try setup.reopen().apply([.delete(table: "contact", ids: [1])])

    let failures = UserEditing.collectingFailures { history.undo() }
    #expect((failures.first as? StoreError)?.kind == .notFound)
    #expect(try setup.names() == ["Ada", "Alan"])
    #expect(history.undoCount == 0)
  }

  @Test("undo and redo of a value nobody else changed go back and forth as before", arguments: StoreKind.reopenable)
  func undoAndRedoWithoutConflict(kind: StoreKind) throws {
    let setup = try kind.make()
    try setup.insert(sampleContacts)
    let history = EditHistory()
    let mine = ArrayController<PlainContact>()
    _ = try mine.bindContent(to: .rows(of: PlainContact.entity, in: setup.store, history: history))
    mine.arrangedObjects[1].name = "Augusta"
    #expect(UserEditing.collectingFailures { history.undo() }.isEmpty)
    #expect(try setup.names() == ["Grace", "Ada", "Alan"])
    #expect(UserEditing.collectingFailures { history.redo() }.isEmpty)
    #expect(try setup.names() == ["Grace", "Augusta", "Alan"])
    #expect(UserEditing.collectingFailures { history.undo() }.isEmpty)
    #expect(try setup.names() == ["Grace", "Ada", "Alan"])
    #expect(mine.arrangedObjects[1].name == "Ada")
  }

  @Test("an expectation the row meets writes nothing itself; one it misses fails the whole transaction")
  func expectationIsAllOrNothing() throws {
    let setup = try StoreKind.sqliteFile.make()
    try setup.insert(sampleContacts)
    try setup.store.apply([
      .expect(table: "contact", id: 2, columns: ["name"], values: [.text("Ada")]),
      .update(table: "contact", id: 2, columns: ["name"], values: [.text("Augusta")]),
    ])
    #expect(try setup.names() == ["Grace", "Augusta", "Alan"])
    #expect(throws: StoreError.self) {
      try setup.store.apply([
        .update(table: "contact", id: 1, columns: ["name"], values: [.text("Grace Hopper")]),
        .expect(table: "contact", id: 2, columns: ["name"], values: [.text("Ada")]),
      ])
    }
    #expect(try setup.names() == ["Grace", "Augusta", "Alan"])
  }
}
