/// `contains`, `beginswith` and `endswith` of a string and a folded pattern, without making the
/// folded string, when both are ASCII once folded (most names and titles a search field filters,
/// diacritics included: "Åda" folds to "ada").
///
/// A search over 100,000 names folds each name on every keystroke; this folds it into a buffer on
/// the stack and compares bytes, with no allocation. It answers as ``StringFold/apply(_:)`` followed
/// by the standard comparison would, and answers `nil` (the caller folds the usual way) as soon as
/// a scalar does not fold to ASCII (a "ß", a Greek letter).
enum ASCIIFoldedMatch {
  /// The comparison.
  enum Kind {
    case contains, beginsWith, endsWith
  }

  /// Whether `text`, folded by `fold`, contains, begins or ends with `pattern` (already folded);
  /// `nil` when either is not ASCII once folded.
  static func matches(_ kind: Kind, _ text: String, pattern: String, fold: StringFold) -> Bool? {
    var pattern = pattern
    return pattern.withUTF8 { pattern -> Bool? in
      // A carriage return may be half of one character ("\r\n"), which bytes cannot tell.
      guard pattern.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
      if pattern.isEmpty { return true }
      let capacity = text.utf8.count
      guard capacity >= pattern.count else {
        // Folding never lengthens ASCII; a shorter text can still hold a non-ASCII scalar that
        // folds, so only an all-ASCII text is answered here.
        return text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D } ? false : nil
      }
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer -> Bool? in
        guard let count = foldedASCII(text, into: buffer, fold: fold) else { return nil }
        let folded = UnsafeBufferPointer(rebasing: buffer[..<count])
        return compare(kind, folded, pattern)
      }
    }
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
      } else {
        guard fold.diacritics else { return nil }
        if DiacriticFolding.isMark(scalar) { continue }
        let base = DiacriticFolding.base(of: scalar)
        guard base.isASCII else { return nil }
        byte = UInt8(truncatingIfNeeded: base.value)
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
