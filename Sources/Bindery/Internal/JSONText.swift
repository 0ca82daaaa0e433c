/// JSON text of values (the core has no Foundation); the web front end writes its messages with it.
package enum JSONText {
  /// A JSON string: quoted, with `"`, `\` and control characters escaped; with `htmlSafe`, also `<`,
  /// `>`, `&`, U+2028 and U+2029, so the text is safe inside a `<script>` or HTML.
  package static func string(_ text: String, htmlSafe: Bool = false) -> String {
    var out = "\""
    write(text, htmlSafe: htmlSafe, to: &out)
    return out + "\""
  }

  /// Appends `text`'s characters, escaped as in a JSON string (without the quotes), to `out`.
  package static func write(_ text: String, htmlSafe: Bool, to out: inout String) {
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "<", ">", "&", "\u{2028}", "\u{2029}":
        if htmlSafe { out += unicodeEscape(scalar) } else { out.unicodeScalars.append(scalar) }
      case _ where scalar.value < 0x20: out += unicodeEscape(scalar)
      default: out.unicodeScalars.append(scalar)
      }
    }
  }

  /// `\u00XX`.
  private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// A JSON string, or `null`.
  static func optional(_ text: String?) -> String { text.map { string($0) } ?? "null" }
}
