import Bindery

/// Cuts the text of an expression into tokens, one at a time as the parser asks for them, so a text
/// is read only as far as the parser goes (and is never copied).
struct Lexer {
  private let source: String
  /// Where the current character is.
  private var position: String.Index
  /// The current character; `nil` at the end.
  private var character: Character?
  private var offset = 0
  private var line = 1
  private var column = 1

  init(_ source: String) {
    self.source = source
    self.position = source.startIndex
    self.character = source.first
  }

  private var location: TextPosition { TextPosition(line: line, column: column, offset: offset) }

  /// The current character (`ahead` 0) or one after it.
  private func peek(_ ahead: Int = 0) -> Character? {
    guard ahead > 0 else { return character }
    var index = position
    for _ in 0..<ahead {
      guard index < source.endIndex else { return nil }
      index = source.index(after: index)
    }
    return index < source.endIndex ? source[index] : nil
  }

  @discardableResult
  private mutating func advance() -> Character {
    // Only called where a character was peeked.
    let current = character ?? " "
    position = source.index(after: position)
    character = position < source.endIndex ? source[position] : nil
    offset += 1
    if current == "\n" {
      line += 1
      column = 1
    } else {
      column += 1
    }
    return current
  }

  private func error(_ message: String, at location: TextPosition) -> ExpressionError {
    ExpressionError(message, at: location, in: source)
  }

  /// The next token; `.end` at the end of the text, and again after it.
  mutating func next() throws(ExpressionError) -> Token {
    while let character, character.isExpressionSpace { advance() }
    let start = location
    guard let character else { return Token(kind: .end, location: start, text: "") }

    if character.isIdentifierHead {
      let name = identifier()
      return Token(kind: .identifier(name), location: start, text: name)
    }
    if character == "$" {
      advance()
      guard let next = self.character, next.isIdentifierHead else {
        throw error("expected a name after \"$\" ($data, $root, $section, $true, $false)", at: start)
      }
      let name = identifier()
      return Token(kind: .dollar(name), location: start, text: "$" + name)
    }
    if character.isASCII && character.isNumber
      || character == "." && (peek(1).map { $0.isASCII && $0.isNumber } ?? false)
    {
      return try number(start: start)
    }
    if character == "\"" || character == "'" {
      return try string(start: start)
    }
    if let op = try operatorText(start: start) {
      return Token(kind: .operator(op), location: start, text: op)
    }
    if ".,:{}[]()".contains(character) {
      advance()
      return Token(kind: .punctuation(character), location: start, text: String(character))
    }
    throw error("unexpected character \"\(character)\"", at: start)
  }

  /// Reads an operator, the longest that matches: `===` `!==` `==` `!=` `<=` `>=` `&&` `||` `!` `<` `>` `-`.
  private mutating func operatorText(start: TextPosition) throws(ExpressionError) -> String? {
    guard let first = character, "=!<>&|-".contains(first) else { return nil }
    advance()
    let second = character
    switch (first, second) {
    case ("=", "="), ("!", "="):
      advance()
      if character == "=" {
        advance()
        return "\(first)=="
      }
      return "\(first)="
    case ("<", "="), (">", "="):
      advance()
      return "\(first)="
    case ("&", "&"), ("|", "|"):
      advance()
      return "\(first)\(first)"
    case ("!", _), ("<", _), (">", _), ("-", _):
      return String(first)
    default:
      // `=`, `&`, `|` alone.
      throw error("unexpected \"\(first)\"; did you mean \"\(first)\(first)\"?", at: start)
    }
  }

  private mutating func identifier() -> String {
    var name = ""
    while let character, character.isIdentifierBody {
      name.append(advance())
    }
    return name
  }

  private mutating func digits() -> String {
    var text = ""
    while let character = peek(), character.isASCII, character.isNumber { text.append(advance()) }
    return text
  }

  /// `123`, `.5`, `1.`, `1.25`, `3e-5`, `.3e-5`.
  private mutating func number(start: TextPosition) throws(ExpressionError) -> Token {
    var text = digits()
    var isDouble = false
    if peek() == ".", !(peek(1).map { $0.isLetter || $0 == "_" } ?? false) {
      // `1.` and `1.5` are numbers; `1.foo` is a number followed by `.foo`.
      _ = advance()
      text += "." + digits()
      isDouble = true
    }
    if let e = peek(), e == "e" || e == "E" {
      let signed = peek(1) == "-" || peek(1) == "+"
      let digitAt = signed ? 2 : 1
      if let digit = peek(digitAt), digit.isASCII, digit.isNumber {
        _ = advance()
        text += "e"
        if signed { text.append(advance()) }
        text += digits()
        isDouble = true
      }
    }
    if let next = peek(), next.isLetter || next == "_" {
      throw error("a number cannot be followed by \"\(next)\"", at: location)
    }
    if isDouble {
      let normalized = (text.hasPrefix(".") ? "0" + text : text).replacing(".e", with: ".0e")
      let trimmed = normalized.hasSuffix(".") ? normalized + "0" : normalized
      guard let value = Double(trimmed), value.isFinite else {
        throw error("\(text.shortened) is not a number a Double can hold", at: start)
      }
      return Token(kind: .double(value), location: start, text: text)
    }
    guard let value = Int(text) else {
      throw error("\(text.shortened) is too large for an integer (at most \(Int.max))", at: start)
    }
    return Token(kind: .integer(value), location: start, text: text)
  }

  /// `"…"` or `'…'` with the escapes `\n`, `\t`, `\r`, `\0`, `\\`, `\"`, `\'` and `\u{1F600}`.
  private mutating func string(start: TextPosition) throws(ExpressionError) -> Token {
    let quote = advance()
    var value = ""
    var text = String(quote)
    while true {
      guard let character = peek() else { throw error("this string has no closing \(quote)", at: start) }
      if character == "\n" { throw error("this string has no closing \(quote) on its line", at: start) }
      let characterLocation = location
      text.append(advance())
      if character == quote { break }
      guard character == "\\" else {
        value.append(character)
        continue
      }
      guard let escaped = peek() else { throw error("this string has no closing \(quote)", at: start) }
      text.append(advance())
      switch escaped {
      case "n": value.append("\n")
      case "t": value.append("\t")
      case "r": value.append("\r")
      case "0": value.append("\0")
      case "\\", "\"", "'": value.append(escaped)
      case "u":
        guard peek() == "{" else { throw error("expected \"{\" after \\u", at: characterLocation) }
        text.append(advance())
        var hex = ""
        while let digit = peek(), digit.isHexDigit, hex.count < 8 { hex.append(advance()) }
        guard peek() == "}", !hex.isEmpty, let scalarValue = UInt32(hex, radix: 16),
          let scalar = Unicode.Scalar(scalarValue)
        else { throw error("\\u{…} needs 1 to 8 hexadecimal digits of a Unicode scalar", at: characterLocation) }
        text.append(advance())
        value.unicodeScalars.append(scalar)
      default:
        throw error(
          "unknown escape \\\(escaped) (use \\n, \\t, \\r, \\0, \\\\, \\\", \\' or \\u{…})", at: characterLocation)
      }
    }
    return Token(kind: .string(value), location: start, text: text)
  }
}

extension Character {
  /// A letter or `_` (ASCII checked first: Unicode properties are slow to look up).
  var isIdentifierHead: Bool {
    if let ascii = asciiValue { return (ascii >= 65 && ascii <= 90) || (ascii >= 97 && ascii <= 122) || ascii == 95 }
    return isLetter
  }

  /// A letter, a digit or `_`.
  var isIdentifierBody: Bool {
    if let ascii = asciiValue { return isIdentifierHead || (ascii >= 48 && ascii <= 57) }
    return isLetter || isNumber
  }

  /// White space between tokens.
  var isExpressionSpace: Bool {
    if let ascii = asciiValue { return ascii == 32 || ascii == 10 || ascii == 9 || ascii == 13 }
    return isWhitespace
  }
}
