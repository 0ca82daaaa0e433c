import Bindery
import BinderyControllers
import BinderySQLite
import BinderyStore
import BinderyTestKit
import Foundation
import Testing

@Suite("Bad input to store-backed content")
struct StoreInputTests {
  @Test(
    "a row that does not fit its property is an error naming the row and column, and nothing changes",
    arguments: StoreKind.allCases)
  func rowThatDoesNotFit(kind: StoreKind) throws {
    let setup = try kind.make()
    try setup.insert(sampleContacts)
    // Another program wrote text where the age goes (SQLite keeps it), or NULL (in PostgreSQL).
    try setup.spoil(row: 2, column: "age")
    let controller = ArrayController<Contact>()
    let old = [Contact(name: "Kept")]
    controller.setContent(old)
    #expect {
      try controller.bindContent(to: .rows(of: Contact.entity, in: setup.store))
    } throws: { error in
      guard let error = error as? StoreError else { return false }
      return error.kind == .wrongValue && error.table == "contact" && error.row == 2 && error.column == "age"
        && "\(error)".hasPrefix("contact row 2, column age:")
    }
    #expect(controller.content.map(\.name) == ["Kept"])
    #expect(controller.canAdd == false)  // its own content, with no way to make objects, as before
  }

  @Test("a NULL where the property is not optional is refused the same way", arguments: StoreKind.allCases)
  func nullWhereNotOptional(kind: StoreKind) throws {
    let setup = try kind.make()
    // A table made elsewhere, without NOT NULL.
    _ = try setup.store.prepare(
      StoreTable(
        name: "contact",
        columns: ["name", "email", "age", "nickname"].map { StoreTable.Column(name: $0, type: .text, admitsNull: true) }
      ))
    try setup.store.apply([
      .insert(
        table: "contact", id: nil, columns: ["name", "email", "age", "nickname"],
        values: [.null, .text("x@example.org"), .integer(1), .null])
    ])
    #expect(throws: StoreError.self) {
      try ArrayController<Contact>().bindContent(to: .rows(of: Contact.entity, in: setup.store))
    }
  }

  @Test("names that are not plain SQL names are refused before anything is run")
  func badNames() throws {
    let store = try SQLiteStore()
    let hostile = StoreEntity(table: "contact; DROP TABLE contact", columns: [StoreColumn("name", \Contact.name)]) {
      Contact()
    }
    let controller = ArrayController<Contact>()
    for entity in [
      hostile,
      StoreEntity(table: "contact", columns: [StoreColumn("na me", \Contact.name)]) { Contact() },
      StoreEntity(table: "contact", columns: [StoreColumn("id", \Contact.name)]) { Contact() },
      StoreEntity(table: "contact", columns: [StoreColumn("name", \Contact.name), StoreColumn("NAME", \Contact.email)])
      {
        Contact()
      },
      StoreEntity(table: String(repeating: "t", count: 64), columns: [StoreColumn("name", \Contact.name)]) {
        Contact()
      },
      StoreEntity(table: "contact", columns: []) { Contact() },
    ] {
      #expect(throws: StoreError.self) { try controller.bindContent(to: .rows(of: entity, in: store)) }
    }
    let error = #expect(throws: StoreError.self) { try controller.bindContent(to: .rows(of: hostile, in: store)) }
    #expect(error?.kind == .invalidName)
  }

  @Test("a filter or sort on a property no column holds is refused")
  func unknownColumns() throws {
    let store = try SQLiteStore()
    let entity = StoreEntity(table: "contact", columns: [StoreColumn("name", \Contact.name)]) { Contact() }
    let controller = ArrayController<Contact>()
    let byAge = #expect(throws: StoreError.self) {
      try controller.bindContent(to: .rows(of: entity, in: store, filter: .greater(\.age, 3)))
    }
    #expect(byAge?.kind == .unknownColumn)
    let sorted = #expect(throws: StoreError.self) {
      try controller.bindContent(to: .rows(of: entity, in: store, sort: [.ascending(\.email)]))
    }
    #expect(sorted?.kind == .unknownColumn)
  }

  @Test("a file that is not a database is an error, not a crash")
  func notADatabase() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bindery-\(UUID().uuidString).sqlite")
      .path
    try Data("this is not SQLite, just text long enough to be read as a header……".utf8).write(
      to: URL(fileURLWithPath: path))
    #expect(throws: StoreError.self) {
      let store = try SQLiteStore(path: path)
      try ArrayController<Contact>().bindContent(to: .rows(of: Contact.entity, in: store))
    }
    #expect(throws: StoreError.self) { try SQLiteStore(path: "/nonexistent-folder/x/people.sqlite") }
  }

  @Test("when the controller goes, its stored content, objects and observations go too")
  func lifetimes() throws {
    let setup = try StoreKind.sqliteMemory.make()
    try setup.insert(sampleContacts)
    let tracker = LifetimeTracker()
    weak var weakContent: StoredContent<Contact>?
    var ada: Contact?
    do {
      let controller = tracker.track(ArrayController<Contact>())
      let history = tracker.track(EditHistory())
      let content = tracker.track(
        try controller.bindContent(to: .rows(of: Contact.entity, in: setup.store, history: history)))
      weakContent = content
      for object in controller.arrangedObjects { tracker.track(object) }
      ada = controller.arrangedObjects[1]
      #expect(ada?.keyValueRegistrar.observerCount == 4)  // one per column
      ada?.age = 37
    }
    #expect(weakContent == nil)
    #expect(ada?.keyValueRegistrar.observerCount == 0)
    ada?.age = 38  // no longer saved
    #expect(try setup.rows()[1].age == 37)
    ada = nil
    #expect(tracker.liveCount == 0, "\(tracker.liveTypeNames)")
  }

  @Test("unbinding stops saving; the controller keeps its objects")
  func unbinding() throws {
    let setup = try StoreKind.sqliteMemory.make()
    try setup.insert(sampleContacts)
    let controller = ArrayController<Contact>(makeElement: { Contact(email: "n@example.org") })
    let content = try controller.bindContent(to: .rows(of: Contact.entity, in: setup.store))
    content.unbind()
    #expect(!content.isBound)
    controller.arrangedObjects[0].age = 1
    #expect(controller.add() != nil)
    #expect(controller.arrangedObjects.count == 4)
    #expect(try setup.rows().map(\.age) == [85, 36, 41])
  }
}
