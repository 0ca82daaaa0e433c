// libyaml's event API, through the C module Yams builds it in (`CYaml`): Yams has no public event
// reader, and reading events is what lets anchors and aliases be refused before anything is
// expanded. `CYaml` is not part of Yams' public API; a Yams release that renames it breaks this
// import (the package depends on Yams 6.x).
import CYaml

/// Reads the text of a spec or bindings file into ``YAMLNode``s, from libyaml's events.
///
/// What the files do not take is refused as it is met, before anything is built from it: an anchor
/// or an alias (so no alias can be expanded, however it is nested or used), a second document, a
/// mapping key used twice, nesting deeper than ``SpecLimits/maximumDepth`` and more nodes than
/// ``SpecLimits/maximumNodes``. Building needs no recursion: the open collections are a stack.
struct YAMLReader {
  let source: YAMLSource
  let limits: SpecLimits

  /// The document's root node, or `nil` for an empty file.
  func read() throws(SpecLoadError) -> YAMLNode? {
    var text = source.text
    let result = text.withUTF8 { bytes in read(bytes) }
    return try result.get()
  }

  private func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<YAMLNode?, SpecLoadError> {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return .success(nil) }
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else {
      return .failure(SpecLoadError([source.error(.yaml, "YAML: out of memory", line: 1, column: 1)]))
    }
    defer { yaml_parser_delete(&parser) }
    yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
    yaml_parser_set_input_string(&parser, base, bytes.count)
    var builder = Builder(source: source, limits: limits)
    var event = yaml_event_t()
    while !builder.isDone {
      guard yaml_parser_parse(&parser, &event) == 1 else {
        builder.problems.append(
          nestingLimitError(parser, in: bytes, depth: builder.depth) ?? syntaxError(parser, in: bytes))
        break
      }
      builder.handle(event)
      yaml_event_delete(&event)
    }
    guard builder.problems.isEmpty else { return .failure(SpecLoadError(builder.problems.list)) }
    return .success(builder.root)
  }

  /// The parser's error, where it is.
  private func syntaxError(_ parser: yaml_parser_t, in bytes: UnsafeBufferPointer<UInt8>) -> SpecError {
    let problem = parser.problem.map { String(cString: $0) } ?? "the text is not YAML"
    switch parser.error {
    case YAML_READER_ERROR:
      // A character YAML does not take: located by its byte offset.
      let (line, column) = YAMLSource.location(ofByte: min(parser.problem_offset, bytes.count), in: bytes)
      return source.error(.yaml, "YAML: \(problem)", line: line, column: column)
    case YAML_MEMORY_ERROR:
      return source.error(.yaml, "YAML: out of memory", line: 1, column: 1)
    default:
      let detail = parser.context.map { "\(problem) \(String(cString: $0))" } ?? problem
      return source.error(
        .yaml, "YAML: \(detail)", line: Int(parser.problem_mark.line) + 1,
        column: Int(parser.problem_mark.column) + 1)
    }
  }
}

/// Builds nodes from events, with the open collections on a stack.
private struct Builder {
  /// A mapping or sequence being read.
  struct Collection {
    let isMapping: Bool
    let line: Int
    let column: Int
    var elements: [YAMLNode] = []
    var pairs: [(key: YAMLNode, value: YAMLNode)] = []
    var key: YAMLNode?
    /// The scalar keys of a large mapping, for finding one used twice.
    var keyIndex: [String: Int]?
  }

  let source: YAMLSource
  let limits: SpecLimits
  var problems: SpecProblems
  var root: YAMLNode?
  var isDone = false
  private var open: [Collection] = []
  /// How many mappings and sequences are open.
  var depth: Int { open.count }
  private var documents = 0
  private var nodes = 0

  init(source: YAMLSource, limits: SpecLimits) {
    self.source = source
    self.limits = limits
    self.problems = SpecProblems(limit: limits.maximumProblems)
  }

  mutating func handle(_ event: yaml_event_t) {
    let line = Int(event.start_mark.line) + 1
    let column = Int(event.start_mark.column) + 1
    switch event.type {
    case YAML_DOCUMENT_START_EVENT:
      documents += 1
      if documents > 1 {
        fail(.yaml, "a file holds one YAML document; a second one starts here", line, column)
      }
    case YAML_STREAM_END_EVENT:
      isDone = true
    case YAML_ALIAS_EVENT:
      guard counted(line, column) else { return }
      let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
      problems.append(
        source.error(
          .alias,
          "a YAML alias (*\(name.cut(after: String.echoLimit))): spec and bindings files take no anchors or aliases",
          line: line, column: column))
      // Stands in for the alias, so that the rest is read (and checked) as written.
      add(YAMLNode(content: .scalar("", style: .plain, tag: nil), line: line, column: column), isKey: false)
    case YAML_SCALAR_EVENT:
      guard counted(line, column) else { return }
      let scalar = event.data.scalar
      refuseAnchor(scalar.anchor, line, column)
      let value = String(
        decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.value == nil ? 0 : scalar.length),
        as: UTF8.self)
      let style: YAMLNode.Style =
        switch scalar.style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
      let tag = scalar.tag.map { String(cString: $0) }
      add(YAMLNode(content: .scalar(value, style: style, tag: tag), line: line, column: column))
    case YAML_SEQUENCE_START_EVENT:
      guard counted(line, column), opened(line, column) else { return }
      refuseAnchor(event.data.sequence_start.anchor, line, column)
      open.append(Collection(isMapping: false, line: line, column: column))
    case YAML_MAPPING_START_EVENT:
      guard counted(line, column), opened(line, column) else { return }
      refuseAnchor(event.data.mapping_start.anchor, line, column)
      open.append(Collection(isMapping: true, line: line, column: column))
    case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
      guard let collection = open.popLast() else { return }
      let content: YAMLNode.Content =
        collection.isMapping ? .mapping(collection.pairs) : .sequence(collection.elements)
      add(YAMLNode(content: content, line: collection.line, column: collection.column))
    default:
      break  // the stream's start, a document's end
    }
    if problems.isFull { isDone = true }
  }

  /// Counts a node; `false` (and stops) past the most nodes.
  private mutating func counted(_ line: Int, _ column: Int) -> Bool {
    nodes += 1
    guard nodes > limits.maximumNodes else { return true }
    fail(.limit, "the file has more than \(limits.maximumNodes) YAML nodes", line, column)
    return false
  }

  /// Whether a collection may open here; `false` (and stops) past the deepest nesting.
  private mutating func opened(_ line: Int, _ column: Int) -> Bool {
    guard open.count >= limits.maximumDepth else { return true }
    fail(.limit, "mappings and lists are nested more than \(limits.maximumDepth) deep here", line, column)
    return false
  }

  private mutating func refuseAnchor(_ anchor: UnsafeMutablePointer<yaml_char_t>?, _ line: Int, _ column: Int) {
    guard let anchor else { return }
    let name = String(cString: anchor)
    problems.append(
      source.error(
        .alias,
        "a YAML anchor (&\(name.cut(after: String.echoLimit))): spec and bindings files take no anchors or aliases",
        line: line, column: column))
  }

  /// A problem that ends the reading.
  private mutating func fail(_ kind: SpecError.Kind, _ message: String, _ line: Int, _ column: Int) {
    problems.append(source.error(kind, message, line: line, column: column))
    isDone = true
  }

  /// Puts a finished node in the collection it belongs to (as a key, a value or an element).
  private mutating func add(_ node: YAMLNode, isKey checksKey: Bool = true) {
    guard !open.isEmpty else {
      root = node
      return
    }
    let last = open.count - 1
    guard open[last].isMapping else {
      open[last].elements.append(node)
      return
    }
    guard let key = open[last].key else {
      if checksKey, let text = node.scalarText, let first = Self.firstUse(of: text, in: &open[last]) {
        let what = open.count == 1 ? "the name" : "the key"
        problems.append(
          source.error(
            .duplicateName, "\(what) \(text.echoed) is used twice (first at \(first.line):\(first.column))",
            line: node.line, column: node.column))
      }
      open[last].key = node
      return
    }
    open[last].pairs.append((key, node))
    open[last].key = nil
  }

  /// The key `text` where the mapping already has it; otherwise `nil`, and the key is recorded.
  private static func firstUse(of text: String, in collection: inout Collection) -> YAMLNode? {
    if collection.keyIndex == nil, collection.pairs.count >= 16 {
      // Past a few keys, an index keeps a large mapping linear.
      var index: [String: Int] = [:]
      for (offset, pair) in collection.pairs.enumerated() {
        if let key = pair.key.scalarText, index[key] == nil { index[key] = offset }
      }
      collection.keyIndex = index
    }
    guard collection.keyIndex != nil else {
      return collection.pairs.first { $0.key.scalarText == text }?.key
    }
    if let offset = collection.keyIndex?[text] { return collection.pairs[offset].key }
    collection.keyIndex?[text] = collection.pairs.count
    return nil
  }
}
