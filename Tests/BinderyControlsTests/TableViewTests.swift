import Bindery
import BinderyControllers
import BinderyControls
import BinderyTestKit
import Testing

@Suite("Tables")
struct TableViewTests {
  /// A table of Title (an editable field), Year (a label) and Seen (a switch) columns over `films`.
  private func table(
    _ films: ArrayController<TableFilm>,
    tracker: LifetimeTracker? = nil
  ) -> HeadlessTableView<TableFilm> {
    let table = HeadlessTableView<TableFilm>(columns: [
      HeadlessTableColumn(id: "title", title: "Title", sortKey: \.title) { film, bindings in
        let field = tracker?.track(HeadlessTextField()) ?? HeadlessTextField()
        field.bind(\.text, to: film, \.title).store(in: bindings)
        return field
      },
      HeadlessTableColumn(id: "year", title: "Year", sortKey: \.year) { film, bindings in
        let label = HeadlessLabel()
        label.bind(\.text, to: .computed(from: film, named: "year") { String?("\($0.year)") }).store(in: bindings)
        return label
      },
      HeadlessTableColumn(id: "seen", title: "Seen") { film, bindings in
        let box = HeadlessSwitch()
        box.bind(\.isOn, to: film, \.isSeen).store(in: bindings)
        return box
      },
    ])
    table.bind(to: films)
    return table
  }

  private func films() -> ArrayController<TableFilm> {
    let films = ArrayController<TableFilm>()
    films.setContent([TableFilm("Sunrise", 1927), TableFilm("Metropolis", 1927), TableFilm("Nosferatu", 1922)])
    return films
  }

  private func titles(_ table: HeadlessTableView<TableFilm>) -> [String] { table.list.items.map(\.title) }

  @Test("A click on a header sorts by that column ascending, a second click descending")
  func headerClicksSortAscendingThenDescending() {
    let films = films()
    let table = table(films)
    #expect(table.sortDirection(ofColumn: "title") == .none)
    #expect(table.userDidClickHeader(ofColumn: "title"))
    #expect(titles(table) == ["Metropolis", "Nosferatu", "Sunrise"])
    #expect(table.sortDirection(ofColumn: "title") == .ascending)
    #expect(films.sortOrder.count == 1)
    #expect(table.userDidClickHeader(ofColumn: "title"))
    #expect(titles(table) == ["Sunrise", "Nosferatu", "Metropolis"])
    #expect(table.sortDirection(ofColumn: "title") == .descending)
  }

  @Test("A click on another header moves its column to the front of the sort order and keeps the others after it")
  func anotherHeaderMovesToTheFront() {
    let films = films()
    let table = table(films)
    table.userDidClickHeader(ofColumn: "title")
    table.userDidClickHeader(ofColumn: "year")
    #expect(films.sortOrder.map(\.keyPath) == [\TableFilm.year, \TableFilm.title])
    #expect(titles(table) == ["Nosferatu", "Metropolis", "Sunrise"], "1927's two films stay by title")
    #expect(table.sortDirection(ofColumn: "year") == .ascending)
    #expect(table.sortDirection(ofColumn: "title") == .none, "only the first level shows on its header")
    table.userDidClickHeader(ofColumn: "title")
    #expect(films.sortOrder.map(\.keyPath) == [\TableFilm.title, \TableFilm.year], "no second level by title")
  }

  @Test("A click on a header that does not sort, or on no column, changes nothing")
  func unsortableHeadersChangeNothing() {
    let films = films()
    let table = table(films)
    #expect(!table.userDidClickHeader(ofColumn: "seen"))
    #expect(!table.userDidClickHeader(ofColumn: "nope"))
    #expect(films.sortOrder.isEmpty)
    #expect(titles(table) == ["Sunrise", "Metropolis", "Nosferatu"])
  }

  @Test("A sort order set on the controller in code shows on the right header")
  func sortOrderSetInCodeShowsOnTheHeader() {
    let films = films()
    let table = table(films)
    var userSorts = 0
    let userSort = table.onUserSort
    table.onUserSort = { order in
      userSorts += 1
      userSort?(order)
    }
    films.sortOrder = [.descending(\.year)]
    #expect(table.sortDirection(ofColumn: "year") == .descending)
    #expect(table.sortDirection(ofColumn: "title") == .none)
    #expect(titles(table) == ["Sunrise", "Metropolis", "Nosferatu"])
    #expect(userSorts == 0, "a programmatic order is not a user's")
    table.userDidClickHeader(ofColumn: "year")
    #expect(userSorts == 1)
    #expect(films.sortOrder.first?.isAscending == true, "the year level turned around")
  }

  @Test("Click, Control-click and Shift-click select rows in the controller")
  func clicksSelectSeveralRows() {
    let films = films()
    let table = table(films)
    var userSelections: [[Int]] = []
    let select = table.list.onUserSelection
    table.list.onUserSelection = { indexes in
      userSelections.append(indexes)
      select?(indexes)
    }
    #expect(table.userDidClickRow(0))
    #expect(films.selectionIndexes == [0])
    #expect(table.userDidClickRow(2, modifiers: .toggle))
    #expect(films.selectionIndexes == [0, 2])
    #expect(table.userDidClickRow(0, modifiers: .toggle))
    #expect(films.selectionIndexes == [2])
    #expect(table.userDidClickRow(1, modifiers: .extend))
    #expect(films.selectionIndexes == [0, 1], "from the anchor (0, the row last Control-clicked) to 1")
    #expect(table.userDidClickRow(2, modifiers: .extend))
    #expect(films.selectionIndexes == [0, 1, 2], "the anchor stays")
    #expect(!table.userDidClickRow(7), "no such row")
    #expect(films.selectionIndexes == [0, 1, 2])
    #expect(userSelections == [[0], [0, 2], [2], [0, 1], [0, 1, 2]])
    films.select(indexes: [1])
    #expect(table.selectionIndexes == [1], "the controller's selection shows")
    #expect(userSelections.count == 5, "a programmatic selection is not a user's")
  }

  @Test("The arrow keys move the selection, and with Shift extend it from the anchor")
  func arrowKeysMoveAndExtend() {
    let films = films()
    let table = table(films)
    #expect(films.selectionIndexes == [0], "the controller selects its first film")
    #expect(table.userDidMoveSelection(by: 1))
    #expect(films.selectionIndexes == [1])
    table.userDidMoveSelection(by: 1)
    #expect(films.selectionIndexes == [2])
    table.userDidMoveSelection(by: -1, modifiers: .extend)
    #expect(films.selectionIndexes == [1, 2])
    table.userDidMoveSelection(by: -1, modifiers: .extend)
    #expect(films.selectionIndexes == [0, 1, 2])
    table.userDidMoveSelection(by: -1, modifiers: .extend)
    #expect(films.selectionIndexes == [0, 1, 2], "stops at the first row")
    table.userDidMoveSelection(by: 1)
    #expect(films.selectionIndexes == [1], "from the row the keyboard is on")
    table.userDidMoveSelection(by: Int.min)
    #expect(films.selectionIndexes == [0], "no overflow: the first row")
    films.avoidsEmptySelection = false
    films.select(indexes: [])
    table.userDidMoveSelection(by: -1)
    #expect(films.selectionIndexes == [2], "from no selection, Up selects the last row")
    films.setContent([])
    #expect(!table.userDidMoveSelection(by: 1))
  }

  @Test("An edited cell writes the row's item through its binding, and a rejected value stays out of the model")
  func editedCellsWriteWithValidation() throws {
    let films = films()
    let table = table(films)
    table.userDidClickHeader(ofColumn: "title")
    let field = try #require(table.cell(row: 0, column: "title") as? HeadlessTextField)
    #expect(field.text == "Metropolis")
    field.userDidEdit(text: "")
    #expect(films.arrangedObjects[0].title == "Metropolis", "the film refuses an empty title")
    #expect(field.validationError != nil)
    field.userDidEdit(text: "Zvenigora")
    #expect(films.arrangedObjects.map(\.title) == ["Nosferatu", "Sunrise", "Zvenigora"], "re-sorted by the new title")
    #expect(field.validationError == nil)
    let seen = try #require(table.cell(row: 0, column: "seen") as? HeadlessSwitch)
    seen.userDidSet(isOn: true)
    #expect(films.arrangedObjects[0].isSeen)
    #expect(table.cell(row: 9, column: "title") == nil)
    #expect(table.cell(row: 0, column: "nope") == nil)
  }

  @Test("Unbinding a table stops it following its controller both ways")
  func unbindingStopsFollowing() {
    let films = films()
    let table = HeadlessTableView<TableFilm>(columns: [
      HeadlessTableColumn(id: "title", title: "Title", sortKey: \.title)
    ])
    let binding = table.bind(to: films)
    binding.unbind()
    films.sortOrder = [.ascending(\.title)]
    #expect(table.sortDirection(ofColumn: "title") == .none)
    #expect(table.onUserSort == nil)
    table.userDidClickHeader(ofColumn: "title")
    #expect(films.sortOrder.first?.isAscending == true, "the header click no longer reaches the controller")
    films.setContent([TableFilm("Faust", 1926)])
    #expect(table.rows.count == 3, "the rows no longer follow")
  }

  @Test("A table, its rows and their cells deallocate, and the controller no longer follows them")
  func tableAndRowsDeallocate() {
    let tracker = LifetimeTracker()
    let films = films()
    do {
      let table = tracker.track(table(films, tracker: tracker))
      table.userDidClickHeader(ofColumn: "year")
      table.userDidClickRow(1)
      #expect(tracker.trackedCount == 4)
    }
    #expect(tracker.releaseFailure() == nil)
    films.sortOrder = [.ascending(\.title)]
    films.setContent([TableFilm("Faust", 1926)])
    #expect(films.arrangedObjects.count == 1)
  }
}

/// A film of the tables' tests, which refuses an empty title.
@KeyValueObservable
final class TableFilm: KeyValueValidating {
  var title: String
  var year: Int
  var isSeen = false

  init(_ title: String = "", _ year: Int = 1900) {
    self.title = title
    self.year = year
  }

  func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws {
    if keyPath == \TableFilm.title, (value as? String)?.isEmpty ?? true { throw EmptyTitle() }
  }
}

private struct EmptyTitle: Error {}
