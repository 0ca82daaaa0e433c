// Bindery's benchmarks: ns per change next to a hand-written baseline measured in the same run.
// swift run -c release --package-path Benchmarks bindery-benchmarks [--json] [--quick]

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct Figure {
  let name: String
  let value: Double
  let unit: String
  let ratio: Double?
  let target: String
}

let arguments = CommandLine.arguments.dropFirst()
let json = arguments.contains("--json")
let quick = arguments.contains("--quick")
let operations = quick ? 100_000 : 2_000_000
let bindingCount = quick ? 100_000 : 1_000_000

if let index = arguments.firstIndex(of: "--only"), arguments.index(after: index) < arguments.endIndex {
  // Profiling aid: run one case for a while and exit.
  let name = arguments[arguments.index(after: index)]
  let cases: [String: (Int) -> Double] = [
    "baseline-one-way": baselineOneWay, "bindery-one-way": { binderyOneWay(operations: $0) },
    "bindery-two-way": binderyTwoWay,
    "bindery-transformer-one-way": binderyTransformerOneWay, "bindery-and-2-inputs": binderyAndTwoInputs,
    "bindery-tracked-fullname": binderyTrackedFullName, "bindery-bind-unbind": binderyBindUnbind,
    "spec-load-1000": { specLoad1000(rounds: $0 / 100_000) },
    "spec-load-40000": { specLoad(fields: 20_000, rounds: $0 / 1_000_000) }, "expression-negation": expressionNegation,
    "unbind-100k-one-source": { _ in unbindFromOneSource(count: 100_000, rounds: 2) },
    "unbind-10k-one-source": { _ in unbindFromOneSource(count: 10_000, rounds: 5) },
    "spec-list-row": { specListRows1000(rounds: $0 / 100_000) },
    "bindery-chain-two-hop": { binderyChainTwoHop(operations: $0 / 20) },
    "bindery-one-way-recorded": { binderyOneWay(operations: $0 / 20, recorded: true) },
    "bindery-chain-two-hop-recorded": { binderyChainTwoHop(operations: $0 / 20, recorded: true) },
    "expression-keypath": { expressionKeyPath(operations: $0 / 20) },
    "bindery-chain-retarget": { binderyChainRetarget(operations: $0 / 20) },
    "opencombine-subscribe-cancel": { openCombineSubscribeCancel(operations: $0 / 10) },
    "bindery-bytes-per-binding": { binderyBytesPerBinding(count: $0) },
    "bindery-create-1m": { binderyCreateMillion(count: $0) * 1e9 },
    "bindery-list-10k-rows": { binderyListRows(count: 10_000, rounds: max(1, $0 / 100_000)).milliseconds * 1e6 },
    "arranged-edit-sort-key-100k": { arrangement100k(count: 100_000, operations: $0 / 10_000).editSortKey },
    "arranged-insert-100k": { arrangement100k(count: 100_000, operations: $0 / 10_000).insert },
    "arranged-remove-100k": { arrangement100k(count: 100_000, operations: $0 / 10_000).remove },
    "replace-shuffled-100k": { arrangement100k(count: 100_000, operations: $0 / 10_000).replaceShuffled },
    "model-write": { modelWrite(observed: false, bridged: false, operations: $0) },
    "model-write-observation": { modelWrite(observed: false, bridged: true, operations: $0) },
    "model-write-one-observer": { modelWrite(observed: true, bridged: false, operations: $0) },
    "model-write-one-observer-observation": { modelWrite(observed: true, bridged: true, operations: $0) },
    "observation-rearm-bridged": { observationRearmBridged(operations: $0 / 4) },
    "publisher-delivery": { publisherDelivery(operations: $0) },
    "table-sort-100k": { _ in
      let table = table100k(count: 100_000, rounds: 3)
      print("table-sort-100k-by-hand", format(table.sortByHand, decimals: 1), "ns")
      return table.sort
    },
    "search-filter-100k": { _ in
      let table = table100k(count: 100_000, rounds: 3)
      print("search-filter-100k-by-hand", format(table.searchByHand, decimals: 1), "ns")
      return table.search
    },
    "arranged-insert-100k-array": { operations in
      var figures = ArrangementFigures()
      arrayArrangement100k(count: 100_000, operations: operations / 10_000, into: &figures)
      return figures.arrayInsert
    },
  ]
  if let run = cases[name] { print(name, format(run(operations), decimals: 1), "ns") }
  if name == "values-of-delivery" {
    print(name, format(await valuesOfDelivery(operations: operations), decimals: 1), "ns")
  }
  exit(0)
}

let baselineOne = baselineOneWay(operations: operations)
let baselineTwo = baselineTwoWay(operations: operations)
let oneWay = binderyOneWay(operations: operations)
let twoWay = binderyTwoWay(operations: operations)
let transformed = binderyTransformerOneWay(operations: operations)
let andTwoInputs = binderyAndTwoInputs(operations: operations / 4)
let tracked = binderyTrackedFullName(operations: operations)
let fanOut = binderyFanOut(operations: operations * 10)
let bindUnbind = binderyBindUnbind(operations: operations / 10)
let bytes = binderyBytesPerBinding(count: bindingCount)
let combine = openCombineOneWay(operations: operations)
let combineBytes = openCombineBytesPerSubscription(count: bindingCount / 10)
let observation = observationRearmOneWay(operations: operations / 4)
let specLoad = specLoad1000(rounds: quick ? 1 : 5)
let specLoadLarge = specLoad(fields: 20_000, rounds: quick ? 1 : 2)
let specListRow = specListRows1000(rounds: quick ? 1 : 5)
let expressionPath = expressionKeyPath(operations: operations / 20)
let chainTwoHop = binderyChainTwoHop(operations: operations / 20)
let chainRetarget = binderyChainRetarget(operations: operations / 20)
let oneWayRecorded = binderyOneWay(operations: operations / 20, recorded: true)
let chainRecorded = binderyChainTwoHop(operations: operations / 20, recorded: true)
let combineSubscribe = openCombineSubscribeCancel(operations: operations / 10)
let observationBytes = observationBytesPerObservation(count: bindingCount / 10)
let createMillion = binderyCreateMillion(count: bindingCount)
let listRows = binderyListRows(count: quick ? 2_000 : 10_000, rounds: quick ? 1 : 3)
let expressionNot = expressionNegation(operations: operations / 4)
let typedNot = typedNegation(operations: operations / 4)
let unbindSmall = unbindFromOneSource(count: quick ? 2_000 : 10_000, rounds: quick ? 2 : 5)
let unbindLarge = unbindFromOneSource(count: quick ? 20_000 : 100_000, rounds: quick ? 1 : 2)
let write = modelWrite(observed: false, bridged: false, operations: operations)
let writeBridged = modelWrite(observed: false, bridged: true, operations: operations)
let writeObserved = modelWrite(observed: true, bridged: false, operations: operations)
let writeObservedBridged = modelWrite(observed: true, bridged: true, operations: operations)
let rearmBridged = observationRearmBridged(operations: operations / 4)
let valuesDelivery = await valuesOfDelivery(operations: operations / 10)
let publisherValue = publisherDelivery(operations: operations)
var arrangement = arrangement100k(count: quick ? 20_000 : 100_000, operations: quick ? 50 : 200)
arrayArrangement100k(count: quick ? 20_000 : 100_000, operations: quick ? 50 : 200, into: &arrangement)
let table = table100k(count: 100_000, rounds: quick ? 2 : 7)

let figures: [Figure] = [
  Figure(name: "baseline-one-way", value: baselineOne, unit: "ns", ratio: 1, target: ""),
  Figure(name: "baseline-two-way", value: baselineTwo, unit: "ns", ratio: baselineTwo / baselineOne, target: ""),
  Figure(name: "bindery-one-way", value: oneWay, unit: "ns", ratio: oneWay / baselineOne, target: "≤ 1.5×"),
  Figure(
    name: "bindery-two-way", value: twoWay, unit: "ns", ratio: twoWay / baselineTwo, target: "≤ 2× two-way baseline"),
  Figure(
    name: "bindery-transformer-one-way",
    value: transformed,
    unit: "ns",
    ratio: transformed / baselineOne,
    target: "≤ one-way + 0.5×"
  ),
  Figure(
    name: "bindery-and-2-inputs", value: andTwoInputs, unit: "ns", ratio: andTwoInputs / baselineOne, target: "≤ 3×"),
  Figure(
    name: "bindery-tracked-fullname", value: tracked, unit: "ns", ratio: tracked / baselineOne,
    target: "≤ ½ observation-rearm-one-way (\(format(tracked / observation, decimals: 2))×)"),
  Figure(
    name: "bindery-fanout-1000", value: fanOut, unit: "ns", ratio: fanOut / baselineOne, target: "≤ 1.5× per observer"),
  Figure(
    name: "bindery-bind-unbind", value: bindUnbind, unit: "ns", ratio: bindUnbind / baselineOne,
    target: "≤ 15×, ≤ ⅓ opencombine-subscribe-cancel (\(format(bindUnbind / combineSubscribe, decimals: 2))×)"),
  Figure(name: "bindery-bytes-per-binding", value: bytes, unit: "bytes", ratio: nil, target: "≤ 256 bytes"),
  Figure(name: "opencombine-sink-one-way", value: combine, unit: "ns", ratio: combine / baselineOne, target: "peer"),
  Figure(name: "opencombine-bytes-per-subscription", value: combineBytes, unit: "bytes", ratio: nil, target: "peer"),
  Figure(
    name: "observation-rearm-one-way", value: observation, unit: "ns", ratio: observation / baselineOne, target: "peer"),
  Figure(name: "spec-load-1000", value: specLoad, unit: "ns", ratio: nil, target: "< 50 ms"),
  Figure(
    name: "spec-load-40000", value: specLoadLarge, unit: "ns", ratio: specLoadLarge / specLoad / 40,
    target: "≤ 2× spec-load-1000 per binding (linear)"),
  Figure(name: "unbind-10k-one-source", value: unbindSmall, unit: "ns", ratio: nil, target: "reference"),
  Figure(
    name: "unbind-100k-one-source", value: unbindLarge, unit: "ns", ratio: unbindLarge / unbindSmall,
    target: "≤ 2× per binding of 10k"),
  Figure(name: "spec-list-row", value: specListRow, unit: "ns", ratio: nil, target: "per row of 2 bound controls"),
  Figure(
    name: "expression-keypath", value: expressionPath, unit: "ns", ratio: expressionPath / baselineOne,
    target: "≤ 1.2× chain-two-hop (\(format(expressionPath / chainTwoHop, decimals: 2))×)"),
  Figure(
    name: "bindery-chain-two-hop", value: chainTwoHop, unit: "ns", ratio: chainTwoHop / baselineOne, target: "≤ 2.5×"),
  Figure(
    name: "bindery-one-way-recorded", value: oneWayRecorded, unit: "ns", ratio: oneWayRecorded / baselineOne,
    target: "diagnostics on (\(format(oneWayRecorded / oneWay, decimals: 1))× one-way)"),
  Figure(
    name: "bindery-chain-two-hop-recorded", value: chainRecorded, unit: "ns", ratio: chainRecorded / baselineOne,
    target: "diagnostics on (\(format(chainRecorded / chainTwoHop, decimals: 1))× chain-two-hop)"),
  Figure(
    name: "bindery-chain-retarget", value: chainRetarget, unit: "ns", ratio: chainRetarget / baselineOne,
    target: "reference"),
  Figure(
    name: "opencombine-subscribe-cancel", value: combineSubscribe, unit: "ns", ratio: combineSubscribe / baselineOne,
    target: "peer"),
  Figure(name: "observation-bytes-per-observation", value: observationBytes, unit: "bytes", ratio: nil, target: "peer"),
  Figure(name: "bindery-create-1m", value: createMillion, unit: "s", ratio: nil, target: "< 1 s"),
  Figure(
    name: "bindery-list-10k-rows", value: listRows.milliseconds, unit: "ms", ratio: nil,
    target: "3 bound controls a row\(quick ? " (2,000 rows)" : "")"),
  Figure(
    name: "bindery-list-bytes-per-row", value: listRows.bytesPerRow, unit: "bytes", ratio: nil,
    target: "3 bindings a row"),
  Figure(
    name: "expression-negation", value: expressionNot, unit: "ns", ratio: expressionNot / baselineOne,
    target: "≤ 3× typed (\(format(expressionNot / typedNot, decimals: 2))×)"),
  Figure(name: "typed-negation", value: typedNot, unit: "ns", ratio: typedNot / baselineOne, target: "reference"),
  Figure(name: "model-write", value: write, unit: "ns", ratio: write / baselineOne, target: "reference, no observer"),
  Figure(
    name: "model-write-observation", value: writeBridged, unit: "ns", ratio: writeBridged / baselineOne,
    target: "observation: true, no observer (+\(format(writeBridged - write, decimals: 1)) ns)"),
  Figure(
    name: "model-write-one-observer", value: writeObserved, unit: "ns", ratio: writeObserved / baselineOne,
    target: "reference, one observer"),
  Figure(
    name: "model-write-one-observer-observation", value: writeObservedBridged, unit: "ns",
    ratio: writeObservedBridged / baselineOne,
    target: "observation: true, one observer (+\(format(writeObservedBridged - writeObserved, decimals: 1)) ns)"),
  Figure(
    name: "observation-rearm-bridged", value: rearmBridged, unit: "ns", ratio: rearmBridged / baselineOne,
    target: "vs @Observable \(format(observation, decimals: 1)) ns"),
  Figure(
    name: "values-of-delivery", value: valuesDelivery, unit: "ns", ratio: valuesDelivery / baselineOne,
    target: "a value through values(of:), vs OpenCombine sink \(format(combine, decimals: 1)) ns"),
  Figure(
    name: "publisher-delivery", value: publisherValue, unit: "ns", ratio: publisherValue / baselineOne,
    target: "a value through publisher(of:) and sink, vs OpenCombine sink \(format(combine, decimals: 1)) ns"),
  Figure(name: "arranged-insert-100k", value: arrangement.insert, unit: "ns", ratio: nil, target: "< 20 µs"),
  Figure(name: "arranged-remove-100k", value: arrangement.remove, unit: "ns", ratio: nil, target: "< 20 µs"),
  Figure(
    name: "arranged-edit-sort-key-100k", value: arrangement.editSortKey, unit: "ns", ratio: nil, target: "< 20 µs"),
  Figure(name: "replace-shuffled-100k", value: arrangement.replaceShuffled, unit: "ns", ratio: nil, target: "< 100 ms"),
  Figure(name: "plain-sort-100k", value: arrangement.plainSort, unit: "ns", ratio: nil, target: "reference"),
  Figure(
    name: "arranged-insert-100k-array", value: arrangement.arrayInsert, unit: "ns", ratio: nil,
    target: "[Member] property (compared)"),
  Figure(
    name: "arranged-remove-100k-array", value: arrangement.arrayRemove, unit: "ns", ratio: nil,
    target: "[Member] property (compared)"),
  Figure(
    name: "table-sort-100k", value: table.sort, unit: "ns", ratio: table.sort / table.sortByHand,
    target: "≤ 1.5× table-sort-100k-by-hand"),
  Figure(name: "table-sort-100k-by-hand", value: table.sortByHand, unit: "ns", ratio: 1, target: "reference"),
  Figure(
    name: "search-filter-100k", value: table.search, unit: "ns", ratio: table.search / table.searchByHand,
    target: "≤ 1.5× search-filter-100k-by-hand (\(table.matches < 0 ? "results differ" : "\(table.matches) rows"))"),
  Figure(name: "search-filter-100k-by-hand", value: table.searchByHand, unit: "ns", ratio: 1, target: "reference"),
]

func format(_ value: Double, decimals: Int) -> String {
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  var text = String(rounded)
  if let dot = text.firstIndex(of: ".") {
    let fraction = text[text.index(after: dot)...]
    if fraction.count < decimals { text += String(repeating: "0", count: decimals - fraction.count) }
  } else if decimals > 0 {
    text += "." + String(repeating: "0", count: decimals)
  }
  return text
}

func padded(_ text: String, _ width: Int, left: Bool = false) -> String {
  let padding = String(repeating: " ", count: max(0, width - text.count))
  return left ? text + padding : padding + text
}

if json {
  let objects = figures.map { figure in
    let ratio = figure.ratio.map { format($0, decimals: 3) } ?? "null"
    return
      "  {\"name\": \"\(figure.name)\", \"value\": \(format(figure.value, decimals: 2)), \"unit\": \"\(figure.unit)\", \"ratio\": \(ratio)}"
  }
  print("[\n" + objects.joined(separator: ",\n") + "\n]")
} else {
  print("Bindery benchmarks (release build; best of 7 runs; ratios to the hand-written baseline of this run)")
  print(padded("benchmark", 36, left: true) + padded("value", 12) + "  unit " + padded("ratio", 9) + "  target")
  for figure in figures {
    let ratio = figure.ratio.map { format($0, decimals: 2) + "×" } ?? "-"
    print(
      padded(figure.name, 36, left: true) + padded(format(figure.value, decimals: 1), 12) + "  "
        + padded(figure.unit, 5, left: true) + padded(ratio, 9) + "  " + figure.target
    )
  }
}
