public import Foundation

extension TextFormat where Value == Date {
  /// Dates (and times) in `locale`'s form, through `Date.FormatStyle`: `11/14/2023` in English,
  /// `14.11.2023` in German, `14/11/2023` in French for `.numeric`.
  ///
  /// Reads back strictly: the text must be what the format shows for the date it names, field by
  /// field (leading zeros may be left out), so `14.11.2023x` and `32.13.2023` throw instead of
  /// being read leniently.
  public static func date(
    _ date: Date.FormatStyle.DateStyle = .numeric,
    time: Date.FormatStyle.TimeStyle = .omitted,
    locale: Locale = .current,
    timeZone: TimeZone = .current
  ) -> TextFormat {
    let style = Date.FormatStyle(date: date, time: time, locale: locale, timeZone: timeZone)
    let example = style.format(Date(timeIntervalSince1970: 1_700_000_000))
    let expected = time == .omitted ? "a date" : "a date and time"
    return TextFormat(
      format: { style.format($0) },
      parse: { (text: String) throws(TextFormatError) -> Date in
        let failure = TextFormatError(text: text, expected: expected, example: example)
        guard let parsed = try? style.parseStrategy.parse(text) else { throw failure }
        guard DateFields(text) == DateFields(style.format(parsed)) else { throw failure }
        return parsed
      }
    )
  }
}

/// A date as typed, cut into numbers and the words and separators between them, to check that the
/// text names exactly the date the parser read (Foundation's date parsing is lenient).
struct DateFields: Equatable {
  private var fields: [Field] = []

  private enum Field: Equatable {
    case number(Int)
    case text(String)
  }

  init(_ text: String) {
    var digits = ""
    var other = ""
    func flushDigits() {
      if !digits.isEmpty { fields.append(.number(Int(digits) ?? -1)) }
      digits = ""
    }
    func flushOther() {
      let trimmed = other.filter { !$0.isWhitespace }.lowercased()
      if !trimmed.isEmpty { fields.append(.text(trimmed)) }
      other = ""
    }
    for character in text {
      if character.isASCIIDigit {
        flushOther()
        digits.append(character)
      } else {
        flushDigits()
        other.append(character)
      }
    }
    flushDigits()
    flushOther()
  }
}
