import Bindery
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

  static var fields: [String] { BindingDefinition.fieldNames }

  /// Reads definitions from YAML text, within `limits`; `file` names it in errors.
  ///
  /// - Throws: ``SpecLoadError`` with every problem of the file.
  public init(yaml text: String, file: String = "<bindings>", limits: SpecLimits = SpecLimits()) throws(SpecLoadError) {
    var problems: [SpecError] = []
    try self.init(yaml: text, file: file, limits: limits, problems: &problems)
    guard problems.isEmpty else { throw SpecLoadError(problems) }
  }

  /// Reads definitions from YAML text, leaving out the bindings that have problems and adding those
  /// to `problems`, so that the rest can be checked too.
  ///
  /// - Throws: ``SpecLoadError`` when the text is not a bindings file at all.
  init(yaml text: String, file: String, limits: SpecLimits, problems: inout [SpecError]) throws(SpecLoadError) {
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
      var definition = BindingDefinition(source: "", sourceKeyPath: "", target: "", targetKeyPath: "")
      var origins: [String: YAMLValueOrigin] = [:]
      var wellFormed = true
      var patternNode: YAMLNode?
      for (keyNode, valueNode) in pairs {
        guard let written = keyNode.scalarText, let key = BindingDefinition.field(named: written) else {
          errors.append(
            source.error(
              .structure,
              "unknown field \((keyNode.scalarText ?? "").echoed) (use \(Self.fields.joined(separator: ", ")))",
              at: keyNode))
          wellFormed = false
          continue
        }
        if BindingDefinition.settingsFieldNames.contains(key), let settingPairs = valueNode.pairs {
          origins[key] = YAMLValueOrigin(source: source, node: keyNode)
          var settings: [String: String] = [:]
          for (nameNode, settingNode) in settingPairs {
            guard let name = nameNode.scalarText, BindingDefinition.isSettingName(name) else {
              errors.append(source.error(.structure, "a setting of \(key) is named by a name", at: nameNode))
              wellFormed = false
              continue
            }
            guard let setting = settingNode.scalarText, !setting.isEmpty else {
              errors.append(source.error(.structure, "the setting \(name) of \(key) must be text", at: settingNode))
              wellFormed = false
              continue
            }
            settings[name] = setting
            origins[key + "." + name] = YAMLValueOrigin(source: source, node: settingNode)
          }
          _ = definition.setSettings(key, settings)
          continue
        }
        if key == "patternKeyPaths", let items = valueNode.elements {
          origins[key] = YAMLValueOrigin(source: source, node: keyNode)
          for (index, item) in items.enumerated() {
            guard let path = item.scalarText, !path.isEmpty else {
              errors.append(source.error(.structure, "a key path of patternKeyPaths must be text", at: item))
              wellFormed = false
              continue
            }
            definition.patternKeyPaths.append(path)
            origins[key + "." + String(index + 1)] = YAMLValueOrigin(source: source, node: item)
          }
          continue
        }
        if key == "displayPattern" { patternNode = valueNode }
        guard let value = valueNode.scalarText else {
          errors.append(source.error(.structure, "\(written) must be text", at: valueNode))
          wellFormed = false
          continue
        }
        origins[key] = YAMLValueOrigin(source: source, node: valueNode)
        if let problem = definition.setField(key, text: value) {
          // Named as the file names it (`valueTransformer`), when that is the problem's subject.
          let named = written == key || !problem.hasPrefix(key + " ") ? problem : written + problem.dropFirst(key.count)
          errors.append(source.error(.structure, named, in: valueNode, offset: 0))
          wellFormed = false
        }
      }
      let missing = BindingDefinition.requiredFieldNames.filter { origins[$0] == nil }
      guard missing.isEmpty else {
        errors.append(source.error(.structure, "this binding has no \(missing.joined(separator: ", "))", at: element))
        continue
      }
      if !Self.checkOneFormat(in: pairs, source: source, errors: &errors) { wellFormed = false }
      if !Self.checkPattern(of: definition, pairs: pairs, patternNode: patternNode, source: source, errors: &errors) {
        wellFormed = false
      }
      guard wellFormed else { continue }
      definition.origins = origins
      bindings.append(definition)
    }
    problems += errors.list
  }

  /// Checks that a binding gives at most one transformer or formatter: `transformer` and
  /// `valueTransformer` are the same field, given once. Returns whether all is well.
  private static func checkOneFormat(
    in pairs: [(key: YAMLNode, value: YAMLNode)],
    source: YAMLSource,
    errors: inout SpecProblems
  ) -> Bool {
    var wellFormed = true
    var hasTransformer = false
    var formats = 0
    for (keyNode, _) in pairs {
      guard let name = keyNode.scalarText.flatMap(BindingDefinition.field(named:)),
        name == "transformer" || BindingDefinition.settingsFieldNames.contains(name)
      else { continue }
      if name == "transformer", hasTransformer {
        errors.append(
          source.error(
            .structure, "a binding takes one transformer (transformer and valueTransformer are the same option)",
            at: keyNode))
        wellFormed = false
        continue
      }
      hasTransformer = hasTransformer || name == "transformer"
      formats += 1
      if formats > 1 {
        errors.append(
          source.error(
            .structure, "a binding takes one of transformer, numberFormatter, dateFormatter, measurementFormatter",
            at: keyNode))
        wellFormed = false
      }
    }
    return wellFormed
  }

  /// Checks a pattern binding's fields: a pattern that parses for its key paths, key paths only with a
  /// pattern, and none of the options of edits. Returns whether all is well.
  private static func checkPattern(
    of definition: BindingDefinition,
    pairs: [(key: YAMLNode, value: YAMLNode)],
    patternNode: YAMLNode?,
    source: YAMLSource,
    errors: inout SpecProblems
  ) -> Bool {
    var wellFormed = true
    if let pattern = definition.displayPattern, let patternNode {
      do {
        _ = try DisplayPattern(pattern, inputCount: 1 + definition.patternKeyPaths.count)
      } catch {
        errors.append(source.error(.expression, error.message, in: patternNode, offset: error.location.offset))
        wellFormed = false
      }
    }
    for (field, message) in definition.patternProblems {
      guard let keyNode = pairs.first(where: { $0.key.scalarText == field })?.key else { continue }
      errors.append(source.error(.structure, message, at: keyNode))
      wellFormed = false
    }
    return wellFormed
  }

  /// Reads the definition file at `path`, within `limits`.
  ///
  /// - Throws: ``SpecLoadError``.
  public init(contentsOf path: String, limits: SpecLimits = SpecLimits()) throws(SpecLoadError) {
    let text = try YAMLSource.text(contentsOf: path, limit: limits.maximumFileSize)
    try self.init(yaml: text, file: path, limits: limits)
  }

  /// The definitions as YAML text, always the same for the same definitions: the fields that are set,
  /// in the order of the file format (`source`, `sourceKeyPath`, `target`, `targetKeyPath`,
  /// `displayPattern`, `patternKeyPaths` (a list in brackets), `direction`, `transformer`, `numberFormatter`, `dateFormatter`, `measurementFormatter` (settings sorted by name),
  /// `editingTransformer`, `validator`, `updatesContinuously`, `conditionallySetsEnabled`, `traced`, `pacing`, then the
  /// placeholders), text as it is (not escaped).
  public var yaml: String {
    var entries: [Node] = []
    for binding in bindings {
      // An empty text (a placeholder that shows nothing) is written '', not as a missing value.
      var pairs: [(Node, Node)] = []
      for name in BindingDefinition.fieldNames {
        if name == "patternKeyPaths" {
          guard !binding.patternKeyPaths.isEmpty else { continue }
          pairs.append((Node(name), Node(binding.patternKeyPaths.map { Node($0) }, .implicit, .flow)))
        } else if let settings = binding.settings(ofField: name) {
          let sorted = settings.sorted { $0.key < $1.key }.map { (Node($0.key), Node($0.value)) }
          pairs.append((Node(name), Node(sorted, .implicit, .block)))
        } else if let text = binding.text(ofField: name) {
          pairs.append((Node(name), text.isEmpty ? Node("", .implicit, .singleQuoted) : Node(text)))
        }
      }
      entries.append(Node(pairs))
    }
    let bindingsNode = Node(entries, Tag(.seq), .block)
    let document = Node([(Node("bindings"), bindingsNode)], Tag(.map), .block)
    return (try? Yams.serialize(node: document, allowUnicode: true, sortKeys: false)) ?? "bindings: []\n"
  }

  /// Writes the definitions to `path`.
  public func write(to path: String) throws {
    try yaml.write(toFile: path, atomically: true, encoding: .utf8)
  }
}
