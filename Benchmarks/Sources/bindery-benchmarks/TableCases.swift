import Bindery
import BinderyControllers
import Foundation

/// A row of a table: what a header click sorts and a search keystroke filters.
@KeyValueObservable
final class Reader {
  var name: String
  var age: Int
  init(name: String, age: Int) {
    self.name = name
    self.age = age
  }
}

/// A model holding the table's rows.
@KeyValueObservable
final class Library {
  var readers: KeyValueArray<Reader> = []
}

/// Figures of a 100,000-row table, in nanoseconds per header click or keystroke, each next to the
/// same sort or filter written by hand over the same array.
struct TableFigures {
  /// A click on the Name header of a table sorted by age: the controller's sort order set.
  var sort = 0.0
  /// `sorted { $0.name < $1.name }` of the rows as they were arranged.
  var sortByHand = 0.0
  /// A keystroke in a search field whose template is `name contains[cd] $value`: "ad" becomes "ada".
  var search = 0.0
  /// Foundation's `range(of: "ada", options: [.caseInsensitive, .diacriticInsensitive])` over the
  /// arranged rows, what a hand-written `contains[cd]` calls.
  var searchByHand = 0.0
  /// Rows the search leaves (so both sides are checked to agree).
  var matches = 0
}

/// `count` readers with names of a few syllables, some with diacritics, so that `[cd]` matters.
func randomReaders(_ count: Int, using generator: inout BenchmarkGenerator) -> [Reader] {
  let first = ["Ada", "Adè", "Åda", "Bea", "Car", "Dél", "Eva", "Fré", "Gra", "Hé", "Ida", "Jul", "Kaï", "Léa", "Mar"]
  let second = ["lind", "ré", "mina", "tte", "son", "lie", "ndra", "bert", "line", "ace", "da", "no"]
  let last = ["Lovelace", "Hopper", "Curie", "Noether", "Ørsted", "Gödel", "Turing", "Méliès", "Dürer", "Kovalevskaya"]
  return (0..<count).map { _ in
    let name =
      first[Int.random(in: 0..<first.count, using: &generator)]
      + second[Int.random(in: 0..<second.count, using: &generator)] + " "
      + last[Int.random(in: 0..<last.count, using: &generator)]
    return Reader(name: name, age: Int.random(in: 18..<100, using: &generator))
  }
}

/// A table of `count` rows behind an array controller, sorted by a header click and filtered by a
/// search keystroke, each the best of `rounds`, with the hand-written sort and filter of the same
/// rows in the same run. The table observes the arrangement, as a table view does.
func table100k(count: Int, rounds: Int) -> TableFigures {
  var generator = BenchmarkGenerator(state: 7)
  let library = Library()
  library.readers = KeyValueArray(randomReaders(count, using: &generator))
  let readers = ArrayController<Reader>()
  readers.bindContent(to: .keyPath(library, \.readers))
  var changes = 0
  let token = readers.observeArrangement { _, _ in changes += 1 }
  var figures = TableFigures()
  figures.sort = .infinity
  figures.sortByHand = .infinity
  figures.search = .infinity
  figures.searchByHand = .infinity

  for _ in 0..<rounds {
    readers.sortOrder = [.ascending(\.age)]
    let shown = readers.arrangedObjects
    var start = nanoseconds()
    readers.sortOrder = [.ascending(\.name)]
    blackHole(readers.arrangedObjects.first)
    figures.sort = min(figures.sort, Double(nanoseconds() - start))

    start = nanoseconds()
    let byHand = shown.sorted { $0.name < $1.name }
    blackHole(byHand.first)
    figures.sortByHand = min(figures.sortByHand, Double(nanoseconds() - start))
  }

  // A filter of the rows sorted by name, as a search field's template filters while "ada" is typed.
  let sorted = readers.arrangedObjects
  let search = (try? ArrayController<Reader>.searchFilter(expression: "name contains[cd] $value")) ?? { _ in nil }
  for _ in 0..<rounds {
    readers.filter = search("ad")
    var start = nanoseconds()
    readers.filter = search("ada")
    blackHole(readers.arrangedObjects.first)
    figures.search = min(figures.search, Double(nanoseconds() - start))
    figures.matches = readers.arrangedObjects.count

    start = nanoseconds()
    let byHand = sorted.filter { $0.name.range(of: "ada", options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    blackHole(byHand.first)
    figures.searchByHand = min(figures.searchByHand, Double(nanoseconds() - start))
    if byHand.count != figures.matches { figures.matches = -1 }  // shown as a failed check
  }
  withExtendedLifetime(token) {}
  blackHole(changes)
  return figures
}
