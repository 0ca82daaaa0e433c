import Bindery
import BinderyControllers
import BinderyControls

/// Seconds to create 1,000,000 single-property bindings (one source, a target each; measured with
/// `count` bindings and scaled to a million).
func binderyCreateMillion(count: Int) -> Double {
  let source = Counter()
  let targets = (0..<count).map { _ in Counter() }
  let start = nanoseconds()
  for target in targets {
    target.bind(\.value, to: source, \.value, options: BindingOptions(direction: .sourceToTarget))
  }
  let elapsed = Double(nanoseconds() - start)
  source.value = 1
  precondition(targets.last?.value == 1, "a binding did not deliver")
  return elapsed / 1e9 * (1_000_000 / Double(count))
}

@KeyValueObservable
final class Roster {
  var people: [Person] = []
}

/// What building a list of rows costs: milliseconds, and bytes per row.
struct ListFigures {
  var milliseconds = 0.0
  var bytesPerRow = 0.0
}

/// A list of `count` rows from an array controller, each row two text fields and a label bound to
/// its person (`firstName`, `lastName`, the computed `fullName`): the time to build every row when
/// the content arrives, and the bytes the rows hold (the people are made first and not counted).
func binderyListRows(count: Int, rounds: Int) -> ListFigures {
  let people = (0..<count).map { _ in Person() }
  var figures = ListFigures(milliseconds: .infinity)
  for _ in 0..<rounds {
    let roster = Roster()
    let controller = ArrayController<Person>()
    controller.bindContent(to: .keyPath(roster, \.people))
    let list = HeadlessListView<Person> { person, row in
      let first = HeadlessTextField()
      let last = HeadlessTextField()
      let full = HeadlessLabel()
      first.bind(\.text, to: person, \.firstName).store(in: row.bindings)
      last.bind(\.text, to: person, \.lastName).store(in: row.bindings)
      full.bind(\.text, to: person, \.fullName).store(in: row.bindings)
      row.controls = [first, last, full]
    }
    list.bind(to: controller)
    let before = allocatedBytes()
    let start = nanoseconds()
    roster.people = people
    let elapsed = Double(nanoseconds() - start) / 1e6
    let after = allocatedBytes()
    precondition(list.rows.count == count, "rows missing")
    figures.milliseconds = min(figures.milliseconds, elapsed)
    figures.bytesPerRow = Double(after - before) / Double(count)
    roster.people = []
  }
  return figures
}
