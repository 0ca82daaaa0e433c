extension ExpressionSyntax {
  /// `text` as a string constant of the expression language, quoted and escaped so the lexer reads
  /// back exactly `text`: what a printed expression and a definition file's options write.
  package static func stringLiteral(_ text: String) -> String {
    var result = "\""
    for character in text {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r\n": result += "\\r\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\0": result += "\\0"
      default: result.append(character)
      }
    }
    return result + "\""
  }
}
