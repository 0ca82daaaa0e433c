// Store-backed controllers on SQLite: how long a 100,000-row table takes to become an array
// controller's content, and how long an edit takes to be saved, each beside a hand-written baseline
// in the same run (the store's own calls, with no controller, binding or observation).
// Run: swift run -c release --package-path Benchmarks store-benchmarks [--rows N] [--edits N]
import Bindery
import BinderyControllers
import BinderyControls
import BinderySQLite
import BinderyStore
import Foundation

@KeyValueObservable
final class Row {
  var name = ""
  var rank = 0
}

let rowEntity = StoreEntity(table: "row", columns: [StoreColumn("name", \Row.name), StoreColumn("rank", \Row.rank)]) {
  Row()
}

var arguments = CommandLine.arguments.dropFirst()
var rowCount = 100_000
var editCount = 2_000
while let argument = arguments.popFirst() {
  switch argument {
  case "--rows": rowCount = arguments.popFirst().flatMap { Int($0) } ?? rowCount
  case "--edits": editCount = arguments.popFirst().flatMap { Int($0) } ?? editCount
  default:
    print("usage: store-benchmarks [--rows N] [--edits N]")
    exit(2)
  }
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func best(of rounds: Int, _ body: () throws -> Double) rethrows -> Double {
  var result = Double.infinity
  for _ in 0..<rounds { result = min(result, try body()) }
  return result
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bindery-store-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
// `.normal`: the figures compare with those measured before `.full` became the default (which adds
// one flush to the disk per transaction).
let store = try SQLiteStore(path: folder.appendingPathComponent("rows.sqlite").path, durability: .normal)
_ = try store.prepare(rowEntity.storeTable)
let filling = try seconds {
  try store.apply(
    (0..<rowCount).map { index in
      .insert(
        table: "row", id: nil, columns: ["name", "rank"],
        values: [.text("row \(index)"), .integer(Int64((index * 7919) % rowCount))])
    })
}
print(
  "store-benchmarks: SQLite file in WAL mode, \(rowCount) rows (inserted in one transaction in \(String(format: "%.2f", filling)) s)"
)

// Fetch: the store's fetch plus making and setting one object per row, by hand, against
// bindContent (fetch, objects, the controller's arrangement by rank, and an observation per column).
let query = StoreQuery(table: "row", columns: ["name", "rank"], order: [("rank", true)])
let handFetch = try best(of: 3) {
  try seconds {
    let rows = try store.fetch(query)
    var objects: [Row] = []
    objects.reserveCapacity(rows.count)
    for row in rows {
      let object = Row()
      if case .text(let name) = row.values[0] { object.name = name }
      if case .integer(let rank) = row.values[1] { object.rank = Int(rank) }
      objects.append(object)
    }
    withExtendedLifetime(objects) {}
  }
}
var kept: (ArrayController<Row>, StoredContent<Row>)?
let boundFetch = try best(of: 3) {
  kept = nil
  let controller = ArrayController<Row>()
  var content: StoredContent<Row>?
  let time = try seconds {
    content = try controller.bindContent(to: .rows(of: rowEntity, in: store, sort: [.ascending(\.rank)]))
  }
  kept = (controller, content!)
  return time
}
let unsortedFetch = try best(of: 3) {
  let controller = ArrayController<Row>()
  return try seconds { _ = try controller.bindContent(to: .rows(of: rowEntity, in: store)) }
}
print(
  String(
    format: "fetch-%dk: bindContent %.1f ms sorted by rank, %.1f ms in id order; by hand %.1f ms (%.2f×)",
    rowCount / 1000, boundFetch * 1000, unsortedFetch * 1000, handFetch * 1000, boundFetch / handFetch))

// Edit to save: a user's edit through a bound field, saved at once (one transaction each), against
// the same UPDATE applied by hand.
guard let (controller, _) = kept else { exit(1) }
controller.select(indexes: [rowCount / 2])
let field = HeadlessTextField()
field.bind(\.text, to: .marked(controller, \.selection.name))
let target = controller.selectedObjects[0]
var latencies: [Double] = []
latencies.reserveCapacity(editCount)
for index in 0..<editCount {
  let start = DispatchTime.now().uptimeNanoseconds
  field.userDidEdit(text: "edited \(index)")
  latencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3)
}
let id = kept!.1.id(of: target)!
var handLatencies: [Double] = []
for index in 0..<editCount {
  let start = DispatchTime.now().uptimeNanoseconds
  try store.apply([.update(table: "row", id: id, columns: ["name"], values: [.text("by hand \(index)")])])
  handLatencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3)
}
func percentile(_ values: [Double], _ p: Double) -> Double {
  let sorted = values.sorted()
  return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}
let saved = try store.fetch(StoreQuery(table: "row", columns: ["name"], ids: [id]))
print(
  String(
    format:
      "edit-to-save: p50 %.1f µs, p99 %.1f µs through a bound field; by hand p50 %.1f µs, p99 %.1f µs (%.2f× at p50); %d edits",
    percentile(latencies, 0.5), percentile(latencies, 0.99), percentile(handLatencies, 0.5),
    percentile(handLatencies, 0.99), percentile(latencies, 0.5) / percentile(handLatencies, 0.5), editCount))
print("last saved value: \(saved.first?.values.first.map { "\($0)" } ?? "none")")

// Where the fetch's time goes (diagnostic): making objects, and observing their columns.
do {
  let objects = (0..<rowCount).map { _ in Row() }
  let make = seconds {
    for object in objects {
      object.name = "x"
      object.rank = 1
    }
  }
  var tokens: [KeyValueObservation] = []
  tokens.reserveCapacity(rowCount * 2)
  let observing = seconds {
    for object in objects {
      tokens.append(observe(object, \.name) { _ in })
      tokens.append(observe(object, \.rank) { _ in })
    }
  }
  print(
    String(
      format: "parts: setting 2 properties of %d objects %.1f ms; observing them %.1f ms", rowCount, make * 1000,
      observing * 1000))
}
do {
  let objects = (0..<rowCount).map { _ in Row() }
  let controller = ArrayController<Row>()
  let setting = seconds { controller.setContent(objects) }
  let sorting = seconds { controller.sortOrder = [.ascending(\.rank)] }
  let rows = try store.fetch(query)
  let content = try seconds {
    let other = ArrayController<Row>()
    _ = try other.bindContent(to: .rows(of: rowEntity, in: store))
  }
  print(
    String(
      format: "parts: setContent %.1f ms; then sorting %.1f ms; bindContent %.1f ms (%d rows)", setting * 1000,
      sorting * 1000, content * 1000, rows.count))
}
