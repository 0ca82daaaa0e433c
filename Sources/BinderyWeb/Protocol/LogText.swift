/// Text from a client made safe for a log line: control characters (C0, DEL, C1, so newlines and
/// terminal escapes too) written as `\u{…}`, and clipped, so a client can neither forge log lines
/// nor fill the log.
///
/// ```swift
/// LogText.clip("a\nFAKE LOG\u{1B}[31m", max: 80)  // a\u{A}FAKE LOG\u{1B}[31m
/// ```
public enum LogText {
  /// Whether `scalar` is a control character: C0, DEL or C1.
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
  }

  /// `text` with control characters escaped, at most `max` characters of it, `…` when clipped.
  public static func clip(_ text: some StringProtocol, max: Int = 80) -> String {
    var output = ""
    var count = 0
    for scalar in text.unicodeScalars {
      if count >= max {
        output += "…"
        break
      }
      if isControl(scalar) {
        output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        output.unicodeScalars.append(scalar)
      }
      count += 1
    }
    return output
  }
}
