/// `contains`, `beginswith` and `endswith` of a string and a folded pattern, without making the
/// folded string, when the pattern is ASCII (most words typed in a search field).
///
/// A search over 100,000 names folds each name on every keystroke; this folds it into a buffer on
/// the stack and compares bytes, with no allocation. A letter that does not fold to ASCII ("ø",
/// "ł", a Greek or Cyrillic letter) can never be part of an ASCII match, so it is kept as a byte that
/// no pattern holds. It answers as ``StringFold/apply(_:)`` followed by the standard comparison
/// would, and answers `nil` (the caller folds the usual way) for a scalar whose place in the text's
/// characters bytes cannot tell: a combining mark that is not folded away, a carriage return, or a
/// letter outside Latin, Greek, Cyrillic and Armenian.
enum ASCIIFoldedMatch {
  /// The comparison.
  enum Kind {
    case contains, beginsWith, endsWith
  }

  /// A folded pattern, checked once for many texts.
  struct Pattern {
    /// Its bytes; `nil` when it is not ASCII or holds a carriage return (which may be half of one
    /// character, "\r\n").
    let bytes: [UInt8]?

    init(_ folded: String) {
      let bytes = Array(folded.utf8)
      self.bytes = bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D } ? bytes : nil
    }

    /// Whether `text`, folded by `fold`, contains, begins or ends with the pattern; `nil` when
    /// bytes cannot tell.
    func matches(_ kind: Kind, _ text: String, fold: StringFold) -> Bool? {
      guard let bytes else { return nil }
      return bytes.withUnsafeBufferPointer { ASCIIFoldedMatch.matches(kind, text, ascii: $0, fold: fold) }
    }
  }

  /// Whether `text`, folded by `fold`, contains, begins or ends with `pattern` (already folded);
  /// `nil` when bytes cannot tell.
  static func matches(_ kind: Kind, _ text: String, pattern: String, fold: StringFold) -> Bool? {
    Pattern(pattern).matches(kind, text, fold: fold)
  }

  /// The match of `text` with `pattern`, ASCII bytes without a carriage return.
  private static func matches(_ kind: Kind, _ text: String, ascii pattern: UnsafeBufferPointer<UInt8>, fold: StringFold)
    -> Bool?
  {
    if pattern.isEmpty { return true }
    let capacity = text.utf8.count
    guard capacity >= pattern.count else {
      // Folding never lengthens what is answered here; a shorter text can still hold a scalar that
      // folds to more ASCII ("ß" to "ss"), so only an all-ASCII text is answered.
      return text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D } ? false : nil
    }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer -> Bool? in
      guard let count = foldedASCII(text, into: buffer, fold: fold) else { return nil }
      let folded = UnsafeBufferPointer(rebasing: buffer[..<count])
      return compare(kind, folded, pattern)
    }
  }

  /// What a scalar that does not fold to ASCII is written as: a byte no ASCII pattern holds.
  private static let elsewhere: UInt8 = 0x80

  /// The first scalar after those ``keepsOutsideASCII(_:fold:)`` answers for: Latin, Greek,
  /// Cyrillic and Armenian, where no letter that is not a mark joins the character before it.
  private static let answeredEnd: UInt32 = 0x590

  /// For each scalar from U+0080 to ``answeredEnd``, whether folding its case (upper, then lower)
  /// leaves no ASCII in it ("ø" stays "ø"; "ı" becomes "i" and "ß" "ss", so they are not answered).
  private static let caseFoldStaysOutsideASCII: [Bool] = (UInt32(0x80)..<answeredEnd).map { value in
    guard let scalar = Unicode.Scalar(value) else { return false }
    return String(scalar).uppercased().lowercased().unicodeScalars.allSatisfy { !$0.isASCII }
  }

  /// Whether `scalar` (not ASCII, not a mark, its diacritics already folded by `fold`) can be
  /// written as ``elsewhere``: a character of its own that folds to no ASCII.
  private static func keepsOutsideASCII(_ scalar: Unicode.Scalar, fold: StringFold) -> Bool {
    guard scalar.value < answeredEnd else { return false }
    return !fold.cases || caseFoldStaysOutsideASCII[Int(scalar.value - 0x80)]
  }

  /// Writes `text` folded into `buffer` as ASCII bytes; `nil` when a scalar does not fold to ASCII.
  private static func foldedASCII(
    _ text: String, into buffer: UnsafeMutableBufferPointer<UInt8>, fold: StringFold
  ) -> Int? {
    var count = 0
    for scalar in text.unicodeScalars {
      var byte: UInt8
      if scalar.isASCII {
        byte = UInt8(truncatingIfNeeded: scalar.value)
        if byte == 0x0D { return nil }
      } else if DiacriticFolding.isMark(scalar) {
        // Folded away by `[d]`; otherwise part of the character before it, which bytes cannot tell.
        guard fold.diacritics else { return nil }
        continue
      } else {
        let base = fold.diacritics ? DiacriticFolding.base(of: scalar) : scalar
        if base.isASCII {
          byte = UInt8(truncatingIfNeeded: base.value)
        } else {
          guard keepsOutsideASCII(base, fold: fold) else { return nil }
          buffer[count] = elsewhere
          count += 1
          continue
        }
      }
      if fold.cases, byte >= 0x41, byte <= 0x5A { byte += 0x20 }
      buffer[count] = byte
      count += 1
    }
    return count
  }

  private static func compare(_ kind: Kind, _ text: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    guard text.count >= pattern.count else { return false }
    switch kind {
    case .beginsWith:
      return equal(text, from: 0, pattern)
    case .endsWith:
      return equal(text, from: text.count - pattern.count, pattern)
    case .contains:
      let first = pattern[0]
      var start = 0
      while start <= text.count - pattern.count {
        if text[start] == first, equal(text, from: start, pattern) { return true }
        start += 1
      }
      return false
    }
  }

  private static func equal(_ text: UnsafeBufferPointer<UInt8>, from start: Int, _ pattern: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    var index = 0
    while index < pattern.count {
      if text[start + index] != pattern[index] { return false }
      index += 1
    }
    return true
  }
}
