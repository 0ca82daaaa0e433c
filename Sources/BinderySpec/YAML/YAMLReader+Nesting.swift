import CYaml

extension YAMLReader {
  /// The most levels of nesting the YAML reader itself takes; ``SpecLimits/maximumDepth`` above it
  /// stops here.
  static let readerDepthLimit = 1_000

  /// The YAML reader's own refusal of deep nesting, told as the limit it is, where the limit was
  /// passed; `nil` for any other syntax error.
  ///
  /// The reader looks ahead on a line before it hands out a flow collection's start, so a line of a
  /// thousand `[` is refused at its first bracket, before the loader has seen the levels past its
  /// own limit. From that bracket, the nesting is counted again on the text (skipping quoted text
  /// and comments) up to the first opening bracket past the limit.
  func nestingLimitError(
    _ parser: yaml_parser_t, in bytes: UnsafeBufferPointer<UInt8>, depth: Int
  ) -> SpecError? {
    guard parser.error == YAML_PARSER_ERROR,
      let problem = parser.problem.map({ String(cString: $0) }), problem.contains("nesting level")
    else { return nil }
    let limit = min(limits.maximumDepth, Self.readerDepthLimit)
    let start = Int(parser.problem_mark.index)
    let offset = Self.offsetPastDepth(limit, from: start, depth: depth, in: bytes) ?? start
    let (line, column) = YAMLSource.location(ofByte: offset, in: bytes)
    return source.error(
      .limit, "mappings and lists are nested more than \(limit) deep here", line: line, column: column)
  }

  /// The offset of the first `[` or `{` past `limit` levels, counting from the flow collection that
  /// starts at `start` with `depth` collections open around it; `nil` if it does not start one or
  /// closes first. Quoted text and comments are skipped; the scan is linear.
  static func offsetPastDepth(
    _ limit: Int, from start: Int, depth: Int, in bytes: UnsafeBufferPointer<UInt8>
  ) -> Int? {
    guard start >= 0, start < bytes.count, bytes[start] == UInt8(ascii: "[") || bytes[start] == UInt8(ascii: "{")
    else { return nil }
    var level = depth
    var index = start
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        level += 1
        if level > limit { return index }
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        level -= 1
        if level <= depth { return nil }
      case UInt8(ascii: "\""):
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
      case UInt8(ascii: "'"):
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "'") { index += 1 }
      case UInt8(ascii: "#") where index == 0 || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index - 1]):
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
      default:
        break
      }
      index += 1
    }
    return nil
  }
}
