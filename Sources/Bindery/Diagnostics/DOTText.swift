/// DOT text of values.
enum DOTText {
  /// A DOT string: quoted, with `"` and `\` escaped and line breaks as `\n`.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for character in text {
      switch character {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": continue
      default: out.append(character)
      }
    }
    return out + "\""
  }
}
