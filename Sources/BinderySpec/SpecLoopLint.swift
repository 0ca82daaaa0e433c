import Bindery
import BinderyExpressions

/// Loops a spec file's bindings would make, found from the file alone (`bindery-lint`): a property
/// bound to itself, or one-way bindings that carry a change back to where it started.
///
/// Each binding `property: {to: /Source, value: 'expression'}` of an object is an edge from every
/// `Source.keyPath` its expression reads to `Object.property`. A binding that may be two-way (a plain
/// key path, or `!` of one, without `direction: .sourceToTarget`) carries one value both ways and never
/// echoes, so it is no edge of a loop; it is still reported when it binds a property to itself.
/// Bindings of a list's rows read each row's item and are left out.
enum SpecLoopLint {
  /// One binding as an edge of the graph.
  private struct Edge {
    let from: String
    let to: String
    let node: YAMLNode
  }

  /// The loops of the file's bindings, each reported once, at the binding that closes it.
  static func problems(in source: YAMLSource, limits: SpecLimits) -> [SpecError] {
    guard let document = try? source.root(limits: limits), let entries = document.pairs else { return [] }
    var problems: [SpecError] = []
    var edges: [Edge] = []
    for (nameNode, body) in entries {
      guard let name = nameNode.scalarText, let fields = body.pairs,
        let bindings = fields.first(where: { $0.key.scalarText == "bindings" })?.value.pairs
      else { continue }
      for (propertyNode, value) in bindings {
        guard let property = propertyNode.scalarText else { continue }
        for spec in value.elements ?? [value] {
          guard let pairs = spec.pairs, pairs.first(where: { $0.key.scalarText == "pattern" }) == nil,
            let to = pairs.first(where: { $0.key.scalarText == "to" })?.value.scalarText, to.hasPrefix("/"),
            let valueNode = pairs.first(where: { $0.key.scalarText == "value" })?.value,
            let text = valueNode.scalarText, let syntax = try? ExpressionParser.parse(text),
            let primary = syntax.primary
          else { continue }
          let target = name + "." + property
          let context = String(to.dropFirst())
          if mayBeTwoWay(syntax) {
            if case .keyPath(.data, let keys, _) = primary, context == name, keys.map(\.name) == [property] {
              problems.append(
                source.error(.bindingLoop, "\(target) is bound to itself", at: valueNode))
            }
            continue
          }
          for path in readPaths(primary) { edges.append(Edge(from: context + "." + path, to: target, node: valueNode)) }
        }
      }
    }
    return problems + loops(in: edges, source: source)
  }

  /// Whether the binding may carry values both ways: a plain key path or `!` of one, not asked to be
  /// one-way.
  private static func mayBeTwoWay(_ syntax: BindingExpressionSyntax) -> Bool {
    let oneWay = syntax.attributes.contains { attribute in
      guard attribute.name == "direction", case .enumCase(let name, _)? = attribute.value?.primary else { return false }
      return name == "sourceToTarget"
    }
    guard !oneWay, let primary = syntax.primary else { return false }
    switch primary {
    case .keyPath(.data, _, _): return true
    case .not(.keyPath(.data, _, _), _): return true
    default: return false
    }
  }

  /// The `$data` key paths an expression reads (`person.firstName`).
  private static func readPaths(_ expression: ExpressionSyntax) -> [String] {
    switch expression {
    case .keyPath(.data, let keys, _): return [keys.map(\.name).joined(separator: ".")]
    case .not(let operand, _), .negate(let operand, _), .length(let operand, _): return readPaths(operand)
    case .chain(let first, let operations): return readPaths(first) + operations.flatMap { readPaths($0.operand) }
    case .array(let elements, _): return elements.compactMap(\.primary).flatMap(readPaths)
    default: return []
    }
  }

  /// The cycles of the graph, each reported once at the binding (in file order) that closes it.
  private static func loops(in edges: [Edge], source: YAMLSource) -> [SpecError] {
    var outgoing: [String: [Int]] = [:]
    for (index, edge) in edges.enumerated() { outgoing[edge.from, default: []].append(index) }
    var problems: [SpecError] = []
    var reported: Set<Set<Int>> = []
    // From each edge, walk forward; a walk back to the edge's start closes a loop. Bounded: each walk
    // visits each edge at most once.
    for start in edges.indices {
      var stack: [(edge: Int, path: [Int])] = [(start, [start])]
      var visited: Set<Int> = [start]
      while let (edge, path) = stack.popLast() {
        for next in outgoing[edges[edge].to] ?? [] {
          if next == start {
            let loop = Set(path)
            guard reported.insert(loop).inserted, let closing = path.max() else { continue }
            let names = path.map { edges[$0].from } + [edges[start].from]
            let places = path.sorted().map { "\(edges[$0].node.line):\(edges[$0].node.column)" }
            problems.append(
              source.error(
                .bindingLoop,
                "a loop of one-way bindings: \(names.joined(separator: " → ")) (bindings at \(places.joined(separator: ", ")))",
                at: edges[closing].node))
          } else if visited.insert(next).inserted {
            stack.append((next, path + [next]))
          }
        }
      }
    }
    return problems
  }
}
