import Bindery
import BinderyControllers
import BinderyControls
import BinderySQLite
import BinderyStore
import Foundation
import Testing

@Suite("An array controller's content kept in a database")
struct StoredContentTests {
  @Test("the content is the rows the filter selects, in the sort's order", arguments: StoreKind.allCases)
  func fetchWithFilterAndSort(kind: StoreKind) throws {
    let setup = try kind.make()
    try setup.insert(sampleContacts + [("Ann", "ann@example.org", 12)])
    let controller = ArrayController<Contact>(makeElement: { Contact() })
    let content = try controller.bindContent(
      to: .rows(
        of: Contact.entity, in: setup.store, filter: .greaterOrEqual(\.age, 18) && .contains(\.name, "A"),
        sort: [.ascending(\.name)]))
    #expect(controller.arrangedObjects.map(\.name) == ["Ada", "Alan", "Grace"])
    #expect(content.count == 3)
    let descending = ArrayController<Contact>()
    try descending.bindContent(to: .rows(of: Contact.entity, in: setup.store, sort: [.descending(\.age)]))
    #expect(descending.arrangedObjects.map(\.age) == [85, 41, 36, 12])
  }

  @Test(
    "a query's limit keeps the first rows in its order; an object controller reads one row",
    arguments: StoreKind.allCases)
  func limit(kind: StoreKind) throws {
    let setup = try kind.make()
    try setup.insert(sampleContacts + [("Ann", "ann@example.org", 12)])
    let query = StoreQuery(table: "contact", columns: ["name"], order: [("age", false)], limit: 2)
    #expect(try setup.store.fetch(query).map(\.values) == [[.text("Grace")], [.text("Alan")]])
    #expect(try setup.store.fetch(query.limited(to: 0)).isEmpty)
    #expect(try setup.store.fetch(query.limited(to: -3)).isEmpty)
    #expect(try setup.store.fetch(query.limited(to: nil)).count == 4)
    let single = ObjectController<Contact>()
    let content = try single.bindContent(to: .rows(of: Contact.entity, in: setup.store, sort: [.ascending(\.age)]))
    #expect(single.content?.name == "Ann")
    #expect(content.count == 1)
  }

  @Test("a filter's text is a value, never SQL", arguments: StoreKind.allCases)
  func filterTextIsAValue(kind: StoreKind) throws {
    let setup = try kind.make()
    try setup.insert(sampleContacts + [("100% O'Brien_x", "ob@example.org", 50)])
    let controller = ArrayController<Contact>()
    try controller.bindContent(
      to: .rows(
        of: Contact.entity, in: setup.store, filter: .contains(\.name, "0% o'b") || .equal(\.name, "x' OR 1=1 --")))
    #expect(controller.arrangedObjects.map(\.name) == ["100% O'Brien_x"])
    let underscore = ArrayController<Contact>()
    try underscore.bindContent(to: .rows(of: Contact.entity, in: setup.store, filter: .contains(\.name, "_")))
    #expect(underscore.arrangedObjects.map(\.name) == ["100% O'Brien_x"])
    #expect(try setup.names().count == 4)
  }

  @Test("Add inserts a row and Remove deletes the selected rows", arguments: StoreKind.allCases)
  func addAndRemove(kind: StoreKind) throws {
    let setup = try kind.make()
    try setup.insert(sampleContacts)
    let controller = ArrayController<Contact>(makeElement: { Contact(name: "New", email: "new@example.org", age: 1) })
    let content = try controller.bindContent(to: .rows(of: Contact.entity, in: setup.store))
    let added = try #require(controller.add())
    #expect(controller.selectedObjects.map(\.name) == ["New"])
    #expect(try setup.names() == ["Grace", "Ada", "Alan", "New"])
    #expect(content.id(of: added) != nil)
    controller.select(indexes: [0, 2])
    controller.remove()
    #expect(controller.arrangedObjects.map(\.name) == ["Ada", "New"])
    #expect(try setup.names() == ["Ada", "New"])
    #expect(content.count == 2)
  }

  @Test("an Add the database refuses adds nothing and reports why", arguments: StoreKind.allCases)
  func refusedAdd(kind: StoreKind) throws {
    let setup = try kind.make()
    try setup.insert(sampleContacts)
    // Every new contact gets the same email: the second one breaks UNIQUE (email).
    let controller = ArrayController<Contact>(makeElement: { Contact(name: "Twin", email: "twin@example.org") })
    let content = try controller.bindContent(to: .rows(of: Contact.entity, in: setup.store))
    let errors = ErrorLog()
    content.errorHandler = { errors.append($0) }
    #expect(controller.add() != nil)
    #expect(controller.add() == nil)
    #expect(controller.arrangedObjects.map(\.name) == ["Grace", "Ada", "Alan", "Twin"])
    #expect(try setup.names() == ["Grace", "Ada", "Alan", "Twin"])
    #expect(content.lastError?.kind == .constraint)
    #expect(errors.kinds == [.constraint])
  }

  @Test("what a user types in a bound field is saved at once", arguments: StoreKind.allCases)
  func editsSavedImmediately(kind: StoreKind) throws {
    let setup = try kind.make()
    try setup.insert(sampleContacts)
    let controller = ArrayController<Contact>()
    let content = try controller.bindContent(to: .rows(of: Contact.entity, in: setup.store))
    controller.select(indexes: [1])
    let field = HeadlessTextField()
    field.bind(\.text, to: .marked(controller, \.selection.name))
    field.userDidBeginEditing()
    field.userDidEdit(text: "Augusta")
    #expect(try setup.names() == ["Grace", "Augusta", "Alan"])
    #expect(!content.hasUnsavedChanges)
    controller.arrangedObjects[2].age = 42  // code edits are saved too
    #expect(try setup.rows()[2].age == 42)
  }

  @Test("with saving when editing ends, typing is saved once, at Return", arguments: StoreKind.allCases)
  func editsSavedWhenEditingEnds(kind: StoreKind) throws {
    let setup = try kind.make()
    try setup.insert(sampleContacts)
    let controller = ArrayController<Contact>()
    let content = try controller.bindContent(to: .rows(of: Contact.entity, in: setup.store, saving: .whenEditingEnds))
    controller.select(indexes: [1])
    let field = HeadlessTextField()
    field.bind(\.text, to: .marked(controller, \.selection.name))
    let other = HeadlessTextField()
    other.userDidBeginEditing()
    field.userDidBeginEditing()
    field.userDidEdit(text: "Aug")
    field.userDidEdit(text: "Augusta")
    #expect(controller.selectedObjects.first?.name == "Augusta")
    #expect(try setup.names() == ["Grace", "Ada", "Alan"])
    #expect(content.hasUnsavedChanges)
    other.userDidEndEditing()  // another field's end of editing saves nothing of this one
    #expect(try setup.names() == ["Grace", "Ada", "Alan"])
    field.userDidEndEditing()
    #expect(try setup.names() == ["Grace", "Augusta", "Alan"])
    #expect(!content.hasUnsavedChanges)
    controller.arrangedObjects[0].age = 86  // code is not a user's editing: saved at once
    #expect(try setup.rows()[0].age == 86)
  }

  @Test("save() writes pending edits sooner", arguments: StoreKind.allCases)
  func explicitSave(kind: StoreKind) throws {
    let setup = try kind.make()
    try setup.insert(sampleContacts)
    let controller = ArrayController<Contact>()
    let content = try controller.bindContent(to: .rows(of: Contact.entity, in: setup.store, saving: .whenEditingEnds))
    controller.select(indexes: [0])
    let field = HeadlessTextField()
    field.bind(\.text, to: .marked(controller, \.selection.name))
    field.userDidEdit(text: "Grace B. M.")
    #expect(try setup.names()[0] == "Grace")
    try content.save()
    #expect(try setup.names()[0] == "Grace B. M.")
  }

  @Test(
    "a value a constraint refuses shows at the field, and the model and the database keep the old one",
    arguments: StoreKind.allCases)
  func constraintShowsAtTheField(kind: StoreKind) throws {
    let setup = try kind.make()
    try setup.insert(sampleContacts)
    let controller = ArrayController<Contact>()
    try controller.bindContent(to: .rows(of: Contact.entity, in: setup.store))
    controller.select(indexes: [1])
    let email = HeadlessTextField()
    email.bind(\.text, to: .marked(controller, \.selection.email))
    email.userDidEdit(text: "grace@example.org")  // Grace's: UNIQUE (email)
    #expect(email.validationError != nil)
    #expect(controller.selectedObjects.first?.email == "ada@example.org")
    #expect(try setup.rows()[1].email == "ada@example.org")
    email.userDidEdit(text: "ada@lovelace.org")
    #expect(email.validationError == nil)
    #expect(try setup.rows()[1].email == "ada@lovelace.org")

    let ada = controller.arrangedObjects[1]
    let age = HeadlessTextField()
    age.bind(\.text, to: .keyPath(ada, \.age, converted: IntText()))
    age.userDidEdit(text: "-1")  // CHECK (age >= 0), through a binding straight to the object
    #expect(age.validationError != nil)
    #expect(ada.age == 36)
    #expect(try setup.rows()[1].age == 36)
  }

  @Test("a refused save from code sets the object back and reports it", arguments: StoreKind.allCases)
  func refusedSaveFromCode(kind: StoreKind) throws {
    let setup = try kind.make()
    try setup.insert(sampleContacts)
    let controller = ArrayController<PlainContact>()
    let content = try controller.bindContent(to: .rows(of: PlainContact.entity, in: setup.store))
    let errors = ErrorLog()
    content.errorHandler = { errors.append($0) }
    let alan = controller.arrangedObjects[2]
    var seen: [Int] = []
    let watching = observe(alan, \.age) { seen.append($0.newValue) }
    let label = HeadlessLabel()
    label.bind(\.text, to: .keyPath(alan, \.age, converted: IntText()))
    alan.age = -5
    #expect(alan.age == 41)
    #expect(seen.last == 41)  // observers later in line get the value set back, never a stale -5
    #expect(label.text == "41")
    #expect(try setup.rows()[2].age == 41)
    #expect(errors.kinds == [.constraint])
    #expect(errors.last?.table == "contact")
    #expect(!content.hasUnsavedChanges)
    alan.age = 42
    #expect(try setup.rows()[2].age == 42)
    _ = watching
  }

  @Test("the people saved are there when the database is opened again", arguments: StoreKind.reopenable)
  func reopened(kind: StoreKind) throws {
    let setup = try kind.make()
    do {
      let controller = ArrayController<Contact>(makeElement: { Contact(email: "new@example.org") })
      try controller.bindContent(to: .rows(of: Contact.entity, in: setup.store))
      let added = try #require(controller.add())
      added.name = "Katherine"
      added.age = 101
    }
    let again = ArrayController<Contact>()
    try again.bindContent(to: .rows(of: Contact.entity, in: try setup.reopen()))
    #expect(again.arrangedObjects.map(\.name) == ["Katherine"])
    #expect(again.arrangedObjects.map(\.age) == [101])
  }

  @Test("refresh picks up rows another connection added, changed and deleted", arguments: StoreKind.reopenable)
  func refreshFollowsOtherWriters(kind: StoreKind) throws {
    let setup = try kind.make()
    try setup.insert(sampleContacts)
    let controller = ArrayController<Contact>()
    let content = try controller.bindContent(to: .rows(of: Contact.entity, in: setup.store, sort: [.ascending(\.name)]))
    let other = try setup.reopen()
    try other.apply([
      .update(table: "contact", id: 1, columns: ["age"], values: [.integer(86)]),
      .delete(table: "contact", ids: [3]),
      .insert(
        table: "contact", id: nil, columns: ["name", "email", "age", "nickname"],
        values: [.text("Barbara"), .text("barbara@example.org"), .integer(40), .null]),
    ])
    try content.refresh()
    #expect(controller.arrangedObjects.map(\.name) == ["Ada", "Barbara", "Grace"])
    #expect(controller.arrangedObjects.map(\.age) == [36, 40, 86])
    #expect(try setup.names() == ["Grace", "Ada", "Barbara"])
  }

  @Test("an object controller edits the first row the filter selects", arguments: StoreKind.allCases)
  func objectController(kind: StoreKind) throws {
    let setup = try kind.make()
    try setup.insert(sampleContacts)
    let editor = ObjectController<Contact>(makeContent: { Contact(name: "Joan", email: "joan@example.org") })
    let content = try editor.bindContent(to: .rows(of: Contact.entity, in: setup.store, filter: .equal(\.name, "Alan")))
    let field = HeadlessTextField()
    field.bind(\.text, to: .marked(editor, \.selection.name))
    #expect(field.text == "Alan")
    field.userDidEdit(text: "Alan M. Turing")
    #expect(try setup.names() == ["Grace", "Ada", "Alan M. Turing"])
    editor.remove()
    #expect(editor.content == nil)
    #expect(try setup.names() == ["Grace", "Ada"])
    let joan = try #require(editor.add())
    #expect(content.id(of: joan) != nil)
    #expect(try setup.names() == ["Grace", "Ada", "Joan"])
  }

  @Test("edits from several threads are all saved", arguments: StoreKind.allCases)
  func editsFromThreads(kind: StoreKind) async throws {
    let setup = try kind.make()
    try setup.insert((0..<8).map { ("P\($0)", "p\($0)@example.org", 0) })
    let controller = ArrayController<Contact>()
    try controller.bindContent(to: .rows(of: Contact.entity, in: setup.store))
    let people = UncheckedBox(controller.arrangedObjects)
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<8 {
        group.addTask {
          for age in 1...25 { people.value[index].age = age }
        }
      }
    }
    #expect(try setup.rows().map(\.age) == Array(repeating: 25, count: 8))
  }
}

/// Converts an `Int` to its text and back (a field bound to a number).
struct IntText: BindingTransformer {
  func transform(_ value: Int) -> String? { String(value) }
  func reverseTransform(_ text: String?) throws -> Int {
    guard let text, let value = Int(text) else {
      throw BindingTransformerError.invalidValue(transformer: "IntText", reason: "not a whole number")
    }
    return value
  }
  var isReversible: Bool { true }
}

/// Errors a handler got, from any thread.
final class ErrorLog: @unchecked Sendable {
  private let lock = NSLock()
  private var errors: [StoreError] = []
  func append(_ error: StoreError) { lock.withLock { errors.append(error) } }
  var kinds: [StoreError.Kind] { lock.withLock { errors.map(\.kind) } }
  var last: StoreError? { lock.withLock { errors.last } }
}

/// A value shared with tasks in a test (the test makes the accesses safe).
final class UncheckedBox<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}
