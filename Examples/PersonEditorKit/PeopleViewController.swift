public import Bindery
public import BinderyControllers
import BinderySQLite
public import BinderyStore

/// The model every window and tab of PersonEditor shares: an array controller that holds the
/// people, kept in a database, whether Save is under way, and the history of edits for Undo and Redo.
/// Each window or tab selects on its own controller over `people` (PersonEditor.spec.yaml's
/// `PeopleController`), so one user's click never moves another's fields to another person.
@KeyValueObservable
public final class PeopleViewController {
  /// The people, in an array controller whose content is the database's `person` table (Add inserts
  /// a row, Remove deletes it, every edit is saved as it is made).
  public var people = ArrayController<Person>(makeElement: { Person() })
  /// Whether Save is under way (the fields are disabled meanwhile).
  public var isSaving = false
  /// Every saved edit, to undo and redo (Ctrl+Z, Ctrl+Shift+Z in the page).
  public var history = EditHistory()
  /// The people's rows in the database.
  @KeyValueIgnored public private(set) var content: StoredContent<Person>?

  /// The people of `store`; a new database gets the three sample people first.
  public init(store: any RecordStore) throws(StoreError) {
    if try store.prepare(Person.entity.storeTable) {
      try store.apply(
        Self.samplePeople().map { person in
          .insert(
            table: Person.entity.table, id: nil, columns: Person.entity.columns.map(\.name),
            values: [.text(person.firstName), .text(person.lastName), .integer(Int64(person.age))])
        })
    }
    content = try people.bindContent(to: .rows(of: Person.entity, in: store, history: history))
    // Every tab shares this list: no user can grow it past 500 people (Add is disabled there).
    people.maximumCount = 500
  }

  /// The people of a new database in memory (the headless walkthrough).
  public convenience init() throws(StoreError) {
    try self.init(store: try SQLiteStore())
  }

  /// Ada Lovelace, Grace Hopper and Alan Turing.
  public static func samplePeople() -> [Person] {
    [
      Person(firstName: "Ada", lastName: "Lovelace", age: 36),
      Person(firstName: "Grace", lastName: "Hopper", age: 85),
      Person(firstName: "Alan", lastName: "Turing", age: 41),
    ]
  }
}
