import Bindery
import BinderyControllers
import BinderyControls
import BinderySpec
import Testing

/// A film, as the table spec files name it.
@KeyValueObservable
final class SpecFilm {
  var title = ""
  var year = 1900
  var isSeen = false
  var tags: [String] = []
}

/// The classes of the table spec files.
private let tableClasses: SpecClassRegistry = {
  let registry = SpecClassRegistry()
  registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)
  registry.register(SpecFilm.self) { SpecFilm() }
  return registry
}()

/// The films' controller (lines 1–3) and the start of a table (lines 4–7).
private let filmsAndTable = """
  Films:
    class: ArrayController
    objectClass: SpecFilm
  FilmTable:
    class: TableView
    content: /Films
    columns:

  """

/// A bad table spec: the first error's kind, place, and a part of its message.
struct BadTableSpec: CustomTestStringConvertible, Sendable {
  let columns: String
  let messagePart: String
  let line: Int
  let column: Int
  let kind: SpecError.Kind
  var testDescription: String { messagePart }
}

@Suite("Tables in spec files")
struct TableSpecTests {
  private let columns = """
        - {id: title, title: Title, value: title, sortKey: title, editable: true}
        - {id: year, title: Year, value: year, sortKey: year}
        - id: seen
          title: Seen
          cell: {class: Switch, bindings: {isOn: {value: isSeen}}}
    """

  private func films(_ controller: ArrayController<SpecFilm>) -> [SpecFilm] {
    let made = [("Sunrise", 1927), ("Nosferatu", 1922), ("Metropolis", 1927)].map { title, year in
      let film = SpecFilm()
      film.title = title
      film.year = year
      return film
    }
    controller.setContent(made)
    return made
  }

  @Test("A spec's table has its columns, cells bound through each row's item, and headers that sort the controller")
  func aSpecTableShowsColumnsAndSorts() throws {
    let spec = try SpecFile.load(yaml: filmsAndTable + columns, classes: tableClasses)
    let controller = try #require(spec.object(named: "Films", as: ArrayController<SpecFilm>.self))
    let table = try #require(spec.object(named: "FilmTable", as: HeadlessTableView<SpecFilm>.self))
    let made = films(controller)
    #expect(table.columns.map(\.id) == ["title", "year", "seen"])
    #expect(table.columns.map(\.title) == ["Title", "Year", "Seen"])
    #expect(table.columns.map { $0.ascending != nil } == [true, true, false])
    #expect((table.cell(row: 1, column: "year") as? HeadlessLabel)?.text == "1922")
    let title = try #require(table.cell(row: 0, column: "title") as? HeadlessTextField)
    #expect(title.text == "Sunrise")
    title.userDidEdit(text: "Sunrise: A Song of Two Humans")
    #expect(made[0].title == "Sunrise: A Song of Two Humans", "an editable column writes back")
    #expect(table.userDidClickHeader(ofColumn: "year"))
    #expect(controller.arrangedObjects.map(\.year) == [1922, 1927, 1927])
    #expect(table.userDidClickHeader(ofColumn: "year"))
    #expect(table.sortDirection(ofColumn: "year") == .descending)
    controller.sortOrder = [.ascending(\.title)]
    #expect(table.sortDirection(ofColumn: "title") == .ascending)
    #expect(table.sortDirection(ofColumn: "year") == .none)
    let seen = try #require(table.cell(row: 2, column: "seen") as? HeadlessSwitch)
    seen.userDidSet(isOn: true)
    #expect(controller.arrangedObjects[2].isSeen)
    table.userDidClickRow(0)
    table.userDidClickRow(2, modifiers: .extend)
    #expect(controller.selectionIndexes == [0, 1, 2])
    spec.unbind()
    controller.sortOrder = [.ascending(\.year)]
    #expect(table.sortDirection(ofColumn: "year") == .none, "unbound: the headers no longer follow")
  }

  @Test("A list is still a list: List and NSTableView name different controls")
  func listsAndTablesAreDifferentClasses() throws {
    let spec = try SpecFile.load(
      yaml: """
        Films:
          class: ArrayController
          objectClass: SpecFilm
        Plain:
          class: List
          content: /Films
        Cocoa:
          class: NSTableView
          content: /Films
          columns: [{id: title, value: title}]
        """, classes: tableClasses)
    #expect(spec.object(named: "Plain", as: HeadlessListView<SpecFilm>.self) != nil)
    let table = try #require(spec.object(named: "Cocoa", as: HeadlessTableView<SpecFilm>.self))
    #expect(table.columns.map(\.title) == ["title"], "the title defaults to the id")
  }

  static let badSpecs: [BadTableSpec] = [
    BadTableSpec(
      columns: "    - {id: title, title: Title, value: titel}\n",
      messagePart: "no key \"titel\"", line: 8, column: 40, kind: .unknownKey),
    BadTableSpec(
      columns: "    - {id: title, value: title}\n    - {id: title, value: year}\n",
      messagePart: "the column id \"title\" is used twice", line: 9, column: 12, kind: .duplicateName),
    BadTableSpec(
      columns: "    - {id: tags, value: tags, sortKey: tags}\n",
      messagePart: "Comparable", line: 8, column: 40, kind: .typeMismatch),
    BadTableSpec(
      columns: "    - {id: year, value: year, sortKey: yeer}\n",
      messagePart: "no key \"yeer\"", line: 8, column: 40, kind: .unknownKey),
    BadTableSpec(
      columns: "    - {id: year, value: year, width: 40}\n",
      messagePart: "a column has no field \"width\"", line: 8, column: 31, kind: .structure),
    BadTableSpec(
      columns: "    - {id: year, title: Year}\n",
      messagePart: "value: (a key of the row's item) or cell:", line: 8, column: 12, kind: .structure),
    BadTableSpec(
      columns: "    - {id: seen, cell: {class: Switch, bindings: {isOn: {value: isSen}}}}\n",
      messagePart: "no key \"isSen\"", line: 8, column: 65, kind: .expression),
    BadTableSpec(
      columns: "    - {id: year, value: year, editable: maybe}\n",
      messagePart: "editable is true or false", line: 8, column: 41, kind: .typeMismatch),
    BadTableSpec(
      columns: "    []\n",
      messagePart: "columns: is a list of columns", line: 8, column: 5, kind: .structure),
  ]

  @Test("A bad table spec is a located error at load time, and binds nothing", arguments: badSpecs)
  func aBadTableSpecIsALocatedError(_ bad: BadTableSpec) {
    do {
      let spec = try SpecFile.load(yaml: filmsAndTable + bad.columns, file: "bad.yaml", classes: tableClasses)
      Issue.record("loaded \(spec.names)")
    } catch {
      let first = error.errors.first
      #expect(first?.message.contains(bad.messagePart) == true, "\(error)")
      #expect(first?.line == bad.line, "\(error)")
      #expect(first?.column == bad.column, "\(error)")
      #expect(first?.kind == bad.kind, "\(error)")
      #expect(error.errors.count == 1, "\(error)")
    }
  }

  @Test("A table with a row: template, or without columns:, is a located error")
  func aTableNeedsColumnsAndNoRow() {
    let withRow = """
      Films:
        class: ArrayController
        objectClass: SpecFilm
      FilmTable:
        class: TableView
        content: /Films
        row:
          Title: {class: Label}
      """
    #expect(throws: SpecLoadError.self) { try SpecFile.load(yaml: withRow, classes: tableClasses) }
    do {
      _ = try SpecFile.load(yaml: withRow, classes: tableClasses)
    } catch {
      #expect(error.errors.first?.line == 7)
      #expect(error.errors.first?.message.contains("columns:") == true)
    }
    let withoutColumns = """
      Films:
        class: ArrayController
        objectClass: SpecFilm
      FilmTable:
        class: TableView
        content: /Films
      """
    do {
      _ = try SpecFile.load(yaml: withoutColumns, classes: tableClasses)
      Issue.record("a table without columns loaded")
    } catch {
      #expect(error.errors.first?.line == 5)
      #expect(error.errors.first?.kind == .structure)
    }
  }
}
