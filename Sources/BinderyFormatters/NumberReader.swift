import Foundation

/// Reads numbers typed in one locale and style, strictly: the separators and symbols are read off
/// the format style's own output, and text that is not entirely a number is rejected (Foundation's
/// parse strategies read `12abc` as 12 and, in German, `1.5` as 1).
///
/// Accepted: optional signs and the style's symbols (currency, percent) before or after the digits;
/// digits with grouping separators between groups of three (any space stands for a space-like
/// separator, as in French); one decimal separator when the style has fractions.
struct NumberReader: Sendable {
  let decimalSeparator: Character
  let groupingSeparator: Character?
  let allowsFraction: Bool
  /// Characters of the style's symbols, allowed before and after the digits.
  let symbols: Set<Character>
  /// What a user is told is expected, and an example in the right form.
  let expected: String
  let example: String

  /// Reads the separators of `locale` and the symbols of `samples` (the style's output for a few values).
  init(locale: Locale, samples: [String], allowsFraction: Bool, expected: String, example: String) {
    let decimal = locale.decimalSeparator?.first ?? "."
    let grouping = locale.groupingSeparator?.first
    decimalSeparator = decimal
    groupingSeparator = grouping
    self.allowsFraction = allowsFraction
    var symbols = Set<Character>()
    for sample in samples {
      for character in sample
      where !character.isASCIIDigit && !character.isWhitespace && character != decimal && character != grouping
        && !Self.minusSigns.contains(character)
      {
        symbols.insert(character)
      }
    }
    self.symbols = symbols
    self.expected = expected
    self.example = example
  }

  static let minusSigns: Set<Character> = ["-", "\u{2212}", "\u{2012}", "\u{2013}"]

  func failure(_ text: String, at column: Int? = nil) -> TextFormatError {
    TextFormatError(text: text, expected: expected, example: example, column: column)
  }

  /// The number in `text` as a plain decimal (`-1234.5`), for `Double("…")` or `Int("…")`.
  func canonical(_ text: String) throws(TextFormatError) -> String {
    let characters = Array(text)
    var start = 0
    var end = characters.count
    while start < end, characters[start].isWhitespace { start += 1 }
    while end > start, characters[end - 1].isWhitespace { end -= 1 }
    guard start < end else { throw failure(text) }

    func startsNumber(_ index: Int) -> Bool {
      if characters[index].isASCIIDigit { return true }
      return allowsFraction && characters[index] == decimalSeparator && index + 1 < end
        && characters[index + 1].isASCIIDigit
    }
    guard let first = (start..<end).first(where: startsNumber),
      let last = (start..<end).last(where: { characters[$0].isASCIIDigit })
    else { throw failure(text) }

    // Signs and symbols around the digits.
    var negative = false
    for index in Array(start..<first) + Array((last + 1)..<end) {
      let character = characters[index]
      if Self.minusSigns.contains(character) {
        guard !negative else { throw failure(text, at: index + 1) }
        negative = true
      } else if character == "+" || character.isWhitespace || symbols.contains(character) {
        continue
      } else {
        throw failure(text, at: index + 1)
      }
    }

    // The digits: groups of three after each grouping separator, one decimal separator.
    var digits = negative ? "-" : ""
    var seenDecimal = false
    var groupLength: Int?  // digits since the last grouping separator, once there is one
    var index = first
    while index <= last {
      let character = characters[index]
      if character.isASCIIDigit {
        digits.append(character)
        if let length = groupLength, !seenDecimal { groupLength = length + 1 }
      } else if allowsFraction, character == decimalSeparator, !seenDecimal {
        guard groupLength == nil || groupLength == 3 else { throw failure(text, at: index + 1) }
        if digits.isEmpty || digits == "-" { digits.append("0") }
        digits.append(".")
        seenDecimal = true
      } else if !seenDecimal, isGrouping(character), index > first, characters[index - 1].isASCIIDigit,
        characters[index + 1].isASCIIDigit, groupLength == nil || groupLength == 3
      {
        groupLength = 0
      } else {
        throw failure(text, at: index + 1)
      }
      index += 1
    }
    if let groupLength, !seenDecimal, groupLength != 3 { throw failure(text, at: last + 1) }
    return digits
  }

  private func isGrouping(_ character: Character) -> Bool {
    guard let groupingSeparator else { return false }
    return character == groupingSeparator || (groupingSeparator.isWhitespace && character.isWhitespace)
  }
}

extension Character {
  /// `0` to `9`.
  var isASCIIDigit: Bool { isASCII && isNumber }
}
