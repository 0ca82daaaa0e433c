/// Bindings drawn three ways: an indented text tree, JSON, and a Graphviz DOT graph. Objects are named
/// by their type and a number in order of appearance (`HeadlessLabel#1`), properties are nodes, and
/// bindings are edges from source to target.
///
/// ```swift
/// let graph = BindingGraph(BindingDiagnostics.liveBindings)
/// print(graph.text)
/// try graph.dot.write(to: "bindings.dot")   // dot -Tsvg bindings.dot > bindings.svg
/// ```
public struct BindingGraph: Sendable {
  /// The bindings, as they were when the graph was made.
  public let bindings: [BindingInfo]
  /// Each object's name (`Type#n`), by identity.
  private let names: [ObjectIdentifier: String]

  /// The graph of `bindings` as they are now.
  public init(_ bindings: [PropertyBinding]) {
    self.init(infos: bindings.map(\.info))
  }

  /// The graph of bindings described by `infos`.
  public init(infos: [BindingInfo]) {
    bindings = infos
    var names: [ObjectIdentifier: String] = [:]
    var counts: [String: Int] = [:]
    func name(_ id: ObjectIdentifier?, _ type: String?) {
      guard let id, let type, names[id] == nil else { return }
      counts[type, default: 0] += 1
      names[id] = "\(type)#\(counts[type] ?? 1)"
    }
    for info in infos {
      name(info.targetID, info.targetType)
      name(info.sourceID, info.sourceType)
    }
    self.names = names
  }

  /// The name of an end: `Type#n`, or `Type (gone)` for one that no longer exists.
  private func name(_ id: ObjectIdentifier?, _ type: String?) -> String {
    id.flatMap { names[$0] } ?? (type.map { $0 + " " } ?? "") + "(gone)"
  }

  /// One block per target object, one line per binding:
  ///
  /// ```
  /// HeadlessLabel#1
  ///   text ← Person#1.fullName (one way; last shown "Ada Lovelace"; made at Editor.swift:12)
  /// ```
  public var text: String {
    var order: [String] = []
    var lines: [String: [String]] = [:]
    for info in bindings {
      let target = name(info.targetID, info.targetType)
      if lines[target] == nil { order.append(target) }
      lines[target, default: []].append(
        "  \(info.targetProperty) " + info.line(source: name(info.sourceID, info.sourceType)))
    }
    return order.map { ([$0] + (lines[$0] ?? [])).joined(separator: "\n") }.joined(separator: "\n") + "\n"
  }

  /// `{"objects": [{"name", "type"}], "bindings": [{"target", "targetProperty", "source", "sourcePath",
  /// "direction", "options", "conversion", "placeholders", "location", "lastTargetValue",
  /// "lastSourceValue", "isBound"}]}`, an end that has gone having `null` for its name.
  public var json: String {
    let objects = names.sorted { $0.value < $1.value }.map { _, name in
      let type = String(name[..<(name.lastIndex(of: "#") ?? name.endIndex)])
      return "{\"name\":\(JSONText.string(name)),\"type\":\(JSONText.string(type))}"
    }
    let entries = bindings.map { info in
      var fields: [String] = [
        "\"target\":" + JSONText.optional(info.targetID.flatMap { names[$0] }),
        "\"targetType\":" + JSONText.string(info.targetType),
        "\"targetProperty\":" + JSONText.string(info.targetProperty),
        "\"source\":" + JSONText.optional(info.sourceID.flatMap { names[$0] }),
        "\"sourceType\":" + JSONText.optional(info.sourceType),
        "\"sourcePath\":" + JSONText.string(info.sourcePath),
        "\"direction\":" + JSONText.string(Self.name(of: info.direction)),
        "\"options\":[" + info.options.map { JSONText.string($0) }.joined(separator: ",") + "]",
        "\"placeholders\":[" + info.placeholders.map { JSONText.string($0) }.joined(separator: ",") + "]",
        "\"location\":" + JSONText.string(info.location),
        "\"isBound\":" + (info.isBound ? "true" : "false"),
      ]
      fields.append("\"conversion\":" + JSONText.optional(info.conversion))
      fields.append("\"lastTargetValue\":" + JSONText.optional(info.lastTargetValue))
      fields.append("\"lastSourceValue\":" + JSONText.optional(info.lastSourceValue))
      return "{" + fields.joined(separator: ",") + "}"
    }
    return "{\"objects\":[" + objects.joined(separator: ",") + "],\"bindings\":[" + entries.joined(separator: ",")
      + "]}"
  }

  /// A Graphviz `digraph`: one node per bound property (`Type#n.property`), one edge per binding from
  /// its source to its target (both arrows for two-way), labelled with its conversion and last value.
  public var dot: String {
    var nodes: [String] = []
    var seen: Set<String> = []
    var edges: [String] = []
    func node(_ object: String, _ property: String) -> String {
      let id = object + "." + property
      if seen.insert(id).inserted {
        nodes.append("  \(DOTText.quoted(id)) [label=\(DOTText.quoted(object + "\n" + property))];")
      }
      return DOTText.quoted(id)
    }
    for info in bindings {
      let target = node(name(info.targetID, info.targetType), info.targetProperty)
      let source = node(name(info.sourceID, info.sourceType), info.sourcePath)
      var label: [String] = []
      if let conversion = info.conversion { label.append(conversion) }
      if let value = info.lastTargetValue { label.append(value) }
      var attributes = ["label=\(DOTText.quoted(label.joined(separator: "\n")))"]
      switch info.direction {
      case .both: attributes.append("dir=both")
      case .targetToSource: attributes.append("dir=back")
      case .sourceToTarget: break
      }
      if !info.isBound { attributes.append("style=dashed") }
      edges.append("  \(source) -> \(target) [\(attributes.joined(separator: ", "))];")
    }
    return (["digraph bindings {", "  rankdir=LR;", "  node [shape=box];"] + nodes + edges + ["}"])
      .joined(separator: "\n") + "\n"
  }

  static func name(of direction: BindingDirection) -> String {
    switch direction {
    case .both: "both"
    case .sourceToTarget: "sourceToTarget"
    case .targetToSource: "targetToSource"
    }
  }
}
