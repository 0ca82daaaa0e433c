import Yams

/// A YAML file being read: its name for messages, and errors at its nodes.
struct YAMLSource {
  let file: String
  let text: String

  /// The document's root node; a YAML syntax error becomes a ``SpecError``.
  func root() throws(SpecLoadError) -> Node? {
    do {
      // The basic resolver tags every scalar as text, without the default resolver's regular
      // expressions (a spec reads scalars by the type of the property they set).
      return try Yams.compose(yaml: text, .basic)
    } catch let error as YamlError {
      throw SpecLoadError([convert(error)])
    } catch {
      throw SpecLoadError([SpecError(file: file, line: 1, column: 1, kind: .yaml, message: "\(error)")])
    }
  }

  private func convert(_ error: YamlError) -> SpecError {
    switch error {
    case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      let detail = context.map { "\(problem) \($0.text)" } ?? problem
      return SpecError(file: file, line: mark.line, column: mark.column, kind: .yaml, message: "YAML: \(detail)")
    case .duplicatedKeysInMapping(let duplicates, let context):
      let (line, column) = secondOccurrence(of: duplicates.first ?? "", after: context.mark)
      return SpecError(
        file: file, line: line, column: column, kind: .duplicateName,
        message: "the name \(duplicates.map { "\"\($0)\"" }.joined(separator: ", ")) is used twice")
    case .reader(let problem, _, _, _):
      return SpecError(file: file, line: 1, column: 1, kind: .yaml, message: "YAML: \(problem)")
    default:
      return SpecError(file: file, line: 1, column: 1, kind: .yaml, message: "YAML: \(error)")
    }
  }

  /// Where `key` appears again as a key at the same column, after its first use at `mark`.
  private func secondOccurrence(of key: String, after mark: Mark) -> (line: Int, column: Int) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let indent = String(repeating: " ", count: max(0, mark.column - 1))
    for index in mark.line..<lines.count where lines[index].hasPrefix(indent + key + ":") {
      return (index + 1, mark.column)
    }
    return (mark.line, mark.column)
  }

  /// An error at `node` (its first character).
  func error(_ kind: SpecError.Kind, _ message: String, at node: Node?) -> SpecError {
    let mark = node?.mark
    return SpecError(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, kind: kind, message: message)
  }

  /// An error inside the text of a scalar node, `column` characters (from 1) into its value.
  func error(_ kind: SpecError.Kind, _ message: String, in node: Node, line: Int, column: Int) -> SpecError {
    let mark = node.mark
    let quoted: Int =
      if case .scalar(let scalar) = node, scalar.style == .singleQuoted || scalar.style == .doubleQuoted { 1 } else {
        0
      }
    return SpecError(
      file: file,
      line: (mark?.line ?? 1) + line - 1,
      column: line == 1 ? (mark?.column ?? 1) + quoted + column - 1 : column,
      kind: kind,
      message: message
    )
  }
}

extension Node {
  /// The pairs of a mapping, in order; `nil` for other nodes.
  var pairs: [(key: Node, value: Node)]? {
    guard case .mapping(let mapping) = self else { return nil }
    return mapping.map { (key: $0.key, value: $0.value) }
  }

  /// The text of a scalar; `nil` for other nodes.
  var scalarText: String? {
    guard case .scalar(let scalar) = self else { return nil }
    return scalar.string
  }

  /// The elements of a sequence; `nil` for other nodes.
  var elements: [Node]? {
    guard case .sequence(let sequence) = self else { return nil }
    return Array(sequence)
  }
}
