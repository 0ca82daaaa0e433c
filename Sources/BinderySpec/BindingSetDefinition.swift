public import Bindery
import Foundation
import Yams

/// The bindings of a definition file, as values: create, edit, save and load them in code (as
/// ILBinding's bindings editor does), then bind them with an owner.
///
/// The file is YAML:
///
/// ```yaml
/// bindings:
/// - source: self
///   sourceKeyPath: importancyValue
///   target: slider
///   targetKeyPath: value
///   direction: both
///   transformer: NegateBoolean
/// ```
///
/// Saving writes the same text for the same definitions, so a file that was saved loads and saves
/// again byte for byte.
public struct BindingSetDefinition: Equatable, Sendable {
  /// The bindings, in order.
  public var bindings: [BindingDefinition]
  /// The file it was read from, for errors.
  public var file: String

  /// Creates a set of definitions.
  public init(bindings: [BindingDefinition] = [], file: String = "<bindings>") {
    self.bindings = bindings
    self.file = file
  }

  /// Whether two sets define the same bindings.
  public static func == (lhs: BindingSetDefinition, rhs: BindingSetDefinition) -> Bool {
    lhs.bindings == rhs.bindings
  }

  static let fields = ["source", "sourceKeyPath", "target", "targetKeyPath", "direction", "transformer"]

  /// Reads definitions from YAML text, within `limits`; `file` names it in errors.
  ///
  /// - Throws: ``SpecLoadError`` with every problem of the file.
  public init(yaml text: String, file: String = "<bindings>", limits: SpecLimits = SpecLimits()) throws(SpecLoadError) {
    let source = YAMLSource(file: file, text: text)
    self.file = file
    self.bindings = []
    guard let root = try source.root(limits: limits) else { return }
    guard let top = root.pairs, top.count == 1, top[0].key.scalarText == "bindings" else {
      throw SpecLoadError([source.error(.structure, "a bindings file is a mapping with one key, bindings", at: root)])
    }
    guard let list = top[0].value.elements else {
      if top[0].value.scalarText == "" || top[0].value.scalarText == nil && top[0].value.pairs == nil { return }
      throw SpecLoadError([source.error(.structure, "bindings must be a list", at: top[0].value)])
    }
    var errors = SpecProblems(limit: limits.maximumProblems)
    for element in list where !errors.isFull {
      guard let pairs = element.pairs else {
        errors.append(
          source.error(.structure, "a binding is a mapping of \(Self.fields.joined(separator: ", "))", at: element))
        continue
      }
      var values: [String: String] = [:]
      var origins: [String: YAMLValueOrigin] = [:]
      for (keyNode, valueNode) in pairs {
        guard let key = keyNode.scalarText, Self.fields.contains(key) else {
          errors.append(
            source.error(
              .structure,
              "unknown field \((keyNode.scalarText ?? "").echoed) (use \(Self.fields.joined(separator: ", ")))",
              at: keyNode))
          continue
        }
        guard let value = valueNode.scalarText, !value.isEmpty else {
          errors.append(source.error(.structure, "\(key) must be text", at: valueNode))
          continue
        }
        values[key] = value
        origins[key] = YAMLValueOrigin(source: source, node: valueNode)
      }
      let missing = ["source", "sourceKeyPath", "target", "targetKeyPath"].filter { values[$0] == nil }
      guard missing.isEmpty else {
        errors.append(source.error(.structure, "this binding has no \(missing.joined(separator: ", "))", at: element))
        continue
      }
      var direction: BindingDirection?
      if let name = values["direction"], let origin = origins["direction"] {
        guard let named = BindingDirection(fileName: name) else {
          errors.append(
            source.error(
              .structure, "unknown direction \(name.echoed) (use both, sourceToTarget, targetToSource)",
              in: origin.node, offset: 0))
          continue
        }
        direction = named
      }
      var definition = BindingDefinition(
        source: values["source"] ?? "", sourceKeyPath: values["sourceKeyPath"] ?? "", target: values["target"] ?? "",
        targetKeyPath: values["targetKeyPath"] ?? "", direction: direction, transformer: values["transformer"])
      definition.origins = origins
      bindings.append(definition)
    }
    guard errors.isEmpty else { throw SpecLoadError(errors.list) }
  }

  /// Reads the definition file at `path`, within `limits`.
  ///
  /// - Throws: ``SpecLoadError``.
  public init(contentsOf path: String, limits: SpecLimits = SpecLimits()) throws(SpecLoadError) {
    let text = try YAMLSource.text(contentsOf: path, limit: limits.maximumFileSize)
    try self.init(yaml: text, file: path, limits: limits)
  }

  /// The definitions as YAML text, always the same for the same definitions.
  public var yaml: String {
    var entries: [Node] = []
    for binding in bindings {
      var pairs: [(Node, Node)] = [
        ("source", Node(binding.source)), ("sourceKeyPath", Node(binding.sourceKeyPath)),
        ("target", Node(binding.target)), ("targetKeyPath", Node(binding.targetKeyPath)),
      ]
      if let direction = binding.direction { pairs.append(("direction", Node(direction.fileName))) }
      if let transformer = binding.transformer { pairs.append(("transformer", Node(transformer))) }
      entries.append(Node(pairs))
    }
    let bindingsNode = Node(entries, Tag(.seq), .block)
    let document = Node([(Node("bindings"), bindingsNode)], Tag(.map), .block)
    return (try? Yams.serialize(node: document, sortKeys: false)) ?? "bindings: []\n"
  }

  /// Writes the definitions to `path`.
  public func write(to path: String) throws {
    try yaml.write(toFile: path, atomically: true, encoding: .utf8)
  }
}

extension BindingSetDefinition {
  /// Checks a definition file without an owner: its YAML, fields and directions, and that its
  /// transformers are registered. Returns every problem. The file is read within `limits`.
  public static func lint(
    contentsOf path: String,
    transformers: BindingTransformerRegistry = .shared,
    limits: SpecLimits = SpecLimits()
  ) -> [SpecError] {
    let definition: BindingSetDefinition
    do {
      definition = try BindingSetDefinition(contentsOf: path, limits: limits)
    } catch {
      return error.errors
    }
    return definition.bindings.compactMap { binding in
      guard let name = binding.transformer, transformers.transformer(named: name) == nil else { return nil }
      let location = binding.origins["transformer"]?.location(ofCharacter: 0) ?? (line: 1, column: 1)
      return SpecError(
        file: path, line: location.line, column: location.column, kind: .unknownTransformer,
        message:
          "no transformer is registered as \(name.echoed) (registered: \(transformers.names.joined(separator: ", ")))")
    }
  }
}
