/// Cuts the text of an expression into tokens.
struct Lexer {
  private let characters: [Character]
  private let source: String
  private var index = 0
  private var line = 1
  private var column = 1

  init(_ source: String) {
    self.source = source
    self.characters = Array(source)
  }

  /// Every token, the last one `.end`.
  static func tokens(of source: String) throws(ExpressionError) -> [Token] {
    var lexer = Lexer(source)
    var tokens: [Token] = []
    while true {
      let token = try lexer.next()
      tokens.append(token)
      if token.kind == .end { return tokens }
    }
  }

  private var location: SourceLocation { SourceLocation(line: line, column: column, offset: index) }

  private func peek(_ ahead: Int = 0) -> Character? {
    index + ahead < characters.count ? characters[index + ahead] : nil
  }

  private mutating func advance() -> Character {
    let character = characters[index]
    index += 1
    if character == "\n" {
      line += 1
      column = 1
    } else {
      column += 1
    }
    return character
  }

  private func error(_ message: String, at location: SourceLocation) -> ExpressionError {
    ExpressionError(message, at: location, in: source)
  }

  mutating func next() throws(ExpressionError) -> Token {
    while let character = peek(), character.isExpressionSpace { _ = advance() }
    let start = location
    guard let character = peek() else { return Token(kind: .end, location: start, text: "") }

    if character.isIdentifierHead {
      let name = identifier()
      return Token(kind: .identifier(name), location: start, text: name)
    }
    if character == "$" {
      _ = advance()
      guard let next = peek(), next.isIdentifierHead else {
        throw error("expected a name after \"$\" ($data, $root, $true, $false)", at: start)
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
    // Operators, longest first.
    for candidate in ["===", "!==", "==", "!=", "<=", ">=", "&&", "||", "!", "<", ">", "-"]
    where matches(candidate) {
      for _ in candidate { _ = advance() }
      return Token(kind: .operator(candidate), location: start, text: candidate)
    }
    if ".,:{}[]()".contains(character) {
      _ = advance()
      return Token(kind: .punctuation(character), location: start, text: String(character))
    }
    if character == "=" || character == "&" || character == "|" {
      let doubled = "\(character)\(character)"
      throw error("unexpected \"\(character)\"; did you mean \"\(doubled)\"?", at: start)
    }
    throw error("unexpected character \"\(character)\"", at: start)
  }

  private func matches(_ text: String) -> Bool {
    for (offset, character) in text.enumerated() where peek(offset) != character { return false }
    return true
  }

  private mutating func identifier() -> String {
    var name = ""
    while let character = peek(), character.isIdentifierBody {
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
  private mutating func number(start: SourceLocation) throws(ExpressionError) -> Token {
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
        throw error("\(text) is not a number a Double can hold", at: start)
      }
      return Token(kind: .double(value), location: start, text: text)
    }
    guard let value = Int(text) else {
      throw error("\(text) is too large for an integer (at most \(Int.max))", at: start)
    }
    return Token(kind: .integer(value), location: start, text: text)
  }

  /// `"…"` or `'…'` with the escapes `\n`, `\t`, `\r`, `\0`, `\\`, `\"`, `\'` and `\u{1F600}`.
  private mutating func string(start: SourceLocation) throws(ExpressionError) -> Token {
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
