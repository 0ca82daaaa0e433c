extension YAMLSource {
  /// Where the character `offset` (from 0, in characters) of the value of the scalar `node` is in
  /// the file: past the node's tag and opening quote or block header, through escapes (`\n`, `''`),
  /// folded lines and block indentation. `offset` at the value's end is the place just after its
  /// last character (a closing quote, for a quoted scalar).
  func location(ofCharacter offset: Int, in node: YAMLNode) -> (line: Int, column: Int) {
    guard case .scalar(let value, let style, let tag) = node.content, let lineStart = startOfLine(node.line) else {
      return (node.line, node.column)
    }
    let end = value.index(value.startIndex, offsetBy: max(0, offset), limitedBy: value.endIndex) ?? value.endIndex
    let target = value.unicodeScalars.distance(from: value.startIndex, to: end)
    let scalars = Array(
      value.unicodeScalars[
        ..<value.unicodeScalars.index(
          value.startIndex, offsetBy: min(target + 1, value.unicodeScalars.count))])
    return withBytes { bytes in
      var cursor = ScalarCursor(bytes: bytes, index: lineStart, line: node.line, column: 1)
      for _ in 1..<max(1, node.column) { cursor.advance() }
      if tag != nil { cursor.skipTag() }
      switch style {
      case .singleQuoted, .doubleQuoted: cursor.advance()
      case .literal, .folded: cursor.skipLine()
      case .plain: break
      }
      var matched = 0
      var after = (line: cursor.line, column: cursor.column)
      // A walk that goes wrong stops: it never reads the rest of a large file.
      var budget = 64 * (target + 1) + 4096
      while matched < scalars.count, budget > 0, let unit = cursor.unit(style) {
        budget -= 1
        let matches =
          switch unit.stands {
          case .character(let scalar): scalar == scalars[matched]
          case .lineBreak: scalars[matched] == " " || scalars[matched] == "\n"
          case .nothing: false
          }
        if matches, matched == target { return (unit.line, unit.column) }
        if matches {
          matched += 1
          after = (cursor.line, cursor.column)
        }
      }
      return after
    }
  }
}

/// Walks a scalar's text in the file, one unit of its value at a time.
private struct ScalarCursor {
  /// What a piece of the text stands for in the value.
  enum Stands {
    case character(Unicode.Scalar)
    /// A line break, which folds into a space or stays a line break.
    case lineBreak
    /// Nothing (an escaped line break).
    case nothing
  }

  let bytes: UnsafeBufferPointer<UInt8>
  var index: Int
  var line: Int
  var column: Int

  /// The scalar at the cursor and its length in bytes.
  private func decode(at index: Int) -> (Unicode.Scalar, Int)? {
    guard index < bytes.count else { return nil }
    let lead = bytes[index]
    let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    guard index + width <= bytes.count else { return nil }
    var value = UInt32(width == 1 ? lead : width == 2 ? lead & 0x1F : width == 3 ? lead & 0x0F : lead & 0x07)
    for offset in 1..<width { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
    return Unicode.Scalar(value).map { ($0, width) }
  }

  private var current: Unicode.Scalar? { decode(at: index)?.0 }

  /// Moves past one character, or one line break.
  mutating func advance() {
    guard index < bytes.count else { return }
    let breakWidth = YAMLSource.lineBreakWidth(in: bytes, at: index)
    if breakWidth > 0 {
      index += breakWidth
      line += 1
      column = 1
    } else {
      index += decode(at: index)?.1 ?? 1
      column += 1
    }
  }

  private var atBreak: Bool { index < bytes.count && YAMLSource.lineBreakWidth(in: bytes, at: index) > 0 }

  /// Moves past a node's tag and the spaces after it.
  mutating func skipTag() {
    while let scalar = current, scalar != " ", scalar != "\t", !atBreak { advance() }
    while let scalar = current, scalar == " " || scalar == "\t" || atBreak { advance() }
  }

  /// Moves to the start of the next line (past a block scalar's header).
  mutating func skipLine() {
    while index < bytes.count, !atBreak { advance() }
    advance()
  }

  /// The next unit of the value, where it starts, and the cursor past it; `nil` at the scalar's
  /// closing quote or the text's end.
  mutating func unit(_ style: YAMLNode.Style) -> (stands: Stands, line: Int, column: Int)? {
    guard let scalar = current else { return nil }
    let start = (line: line, column: column)
    if atBreak {
      advance()
      return (.lineBreak, start.line, start.column)
    }
    switch (style, scalar) {
    case (.singleQuoted, "'"):
      guard decode(at: index + 1)?.0 == "'" else { return nil }
      advance()
      advance()
      return (.character("'"), start.line, start.column)
    case (.doubleQuoted, "\""):
      return nil
    case (.doubleQuoted, "\\"):
      advance()
      return (escape(), start.line, start.column)
    default:
      advance()
      return (.character(scalar), start.line, start.column)
    }
  }

  /// What a double-quoted scalar's escape stands for, the cursor past its `\`.
  private mutating func escape() -> Stands {
    guard let letter = current else { return .nothing }
    if atBreak {
      advance()
      return .nothing
    }
    advance()
    let digits: Int
    switch letter {
    case "x": digits = 2
    case "u": digits = 4
    case "U": digits = 8
    default:
      let simple: [Unicode.Scalar: UInt32] = [
        "0": 0, "a": 7, "b": 8, "t": 9, "\t": 9, "n": 10, "v": 11, "f": 12, "r": 13, "e": 27, " ": 32, "\"": 34,
        "/": 47, "\\": 92, "N": 0x85, "_": 0xA0, "L": 0x2028, "P": 0x2029,
      ]
      return simple[letter].flatMap(Unicode.Scalar.init).map(Stands.character) ?? .nothing
    }
    var value: UInt32 = 0
    for _ in 0..<digits {
      guard let digit = current, let number = Int(String(digit), radix: 16) else { return .nothing }
      value = value * 16 + UInt32(number)
      advance()
    }
    return Unicode.Scalar(value).map(Stands.character) ?? .nothing
  }
}
