import Yams

/// A node of a YAML document as the loaders read it, with the place in the file where it starts.
///
/// Only what files may hold: scalars, sequences and mappings. Anchors and aliases are refused while
/// the file is read (see ``YAMLReader``), so no node appears twice and every node has one place.
struct YAMLNode: Sendable {
  /// How a scalar was written, which decides how its value maps back to the file's text.
  enum Style: Sendable, Equatable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded
  }

  /// What the node holds.
  enum Content: Sendable {
    case scalar(String, style: Style, tag: String?)
    case sequence([YAMLNode])
    case mapping([(key: YAMLNode, value: YAMLNode)])
  }

  /// What the node holds.
  var content: Content
  /// The line of its first character (of its tag, for a tagged node), from 1.
  var line: Int
  /// The column of its first character, from 1, in Unicode scalars.
  var column: Int

  /// The pairs of a mapping, in order; `nil` for other nodes.
  var pairs: [(key: YAMLNode, value: YAMLNode)]? {
    guard case .mapping(let pairs) = content else { return nil }
    return pairs
  }

  /// The text of a scalar; `nil` for other nodes.
  var scalarText: String? {
    guard case .scalar(let text, _, _) = content else { return nil }
    return text
  }

  /// The elements of a sequence; `nil` for other nodes.
  var elements: [YAMLNode]? {
    guard case .sequence(let elements) = content else { return nil }
    return elements
  }

  /// How a scalar was written; `nil` for other nodes.
  var style: Style? {
    guard case .scalar(_, let style, _) = content else { return nil }
    return style
  }

  /// The value of the field `name` of a mapping (its first pair with that key).
  func field(_ name: String) -> YAMLNode? {
    pairs?.first { $0.key.scalarText == name }?.value
  }

  // MARK: Typed scalars, read as YAML reads them

  /// A scalar as YAML's typed constructors see it (for whole numbers, numbers and Booleans).
  private var yamsScalar: Node.Scalar? {
    guard case .scalar(let text, let style, let tag) = content else { return nil }
    let yamsStyle: Node.Scalar.Style =
      switch style {
      case .plain: .plain
      case .singleQuoted: .singleQuoted
      case .doubleQuoted: .doubleQuoted
      case .literal: .literal
      case .folded: .folded
      }
    return Node.Scalar(text, Tag(Tag.Name(rawValue: tag ?? ""), .basic, .default), yamsStyle)
  }

  /// The scalar as a whole number (`12`, `0x1f`, `1_000`), if it is one.
  var int: Int? { yamsScalar.flatMap(Int.construct) }
  /// The scalar as a number (`1.5`, `.inf`), if it is one.
  var float: Double? { yamsScalar.flatMap(Double.construct) }
  /// The scalar as a Boolean (`true`, `no`), if it is one and is not tagged `!!str`.
  var bool: Bool? { yamsScalar.flatMap(Bool.construct) }
}
