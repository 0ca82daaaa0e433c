import Bindery

/// Removes diacritics from a string, without Foundation: the folding of `[d]`.
///
/// A combining mark (`Unicode.Scalar.Properties.generalCategory` of a nonspacing, spacing or
/// enclosing mark) is dropped, so a decomposed "e\u{301}" folds to "e". The standard library has no
/// public canonical decomposition, so a precomposed letter ("é", U+00E9) is folded to the letter its
/// Unicode name names before " WITH " ("LATIN SMALL LETTER E WITH ACUTE" is "LATIN SMALL LETTER E"),
/// one " AND " at a time, and only as far as each step is a canonical equivalence, checked with
/// `String`'s `==`: "é" is "e" followed by a combining mark of U+0300–U+036F. So "ệ" folds to "e",
/// while "ł" and "ø", whose strokes are not marks, stay as they are (as in Cocoa). Letters are
/// looked up in Latin (U+0000–U+024F and U+1E00–U+1EFF), Greek (U+0370–U+03FF and U+1F00–U+1FFF)
/// and Cyrillic (U+0400–U+04FF, where "ё", "CYRILLIC SMALL LETTER IO", is found by looking its
/// canonical equivalent up among the Cyrillic letters followed by a mark); a letter elsewhere keeps
/// its diacritics unless they are written as combining marks. Each letter is worked out once and
/// remembered.
enum DiacriticFolding {
  /// `text` without diacritics.
  static func fold(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    var changed = false
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        scalars.append(scalar)
        continue
      }
      if isMark(scalar) {
        changed = true
        continue
      }
      let base = self.base(of: scalar)
      if base != scalar { changed = true }
      scalars.append(base)
    }
    return changed ? String(scalars) : text
  }

  static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }

  /// The ranges of the letters folded: Latin, Greek and Cyrillic.
  private static let ranges: [ClosedRange<UInt32>] = [0x41...0x24F, 0x370...0x4FF, 0x1E00...0x1FFF]

  /// The letters of ``ranges``, by their Unicode names.
  private static let letters: [String: Unicode.Scalar] = {
    var letters: [String: Unicode.Scalar] = [:]
    for range in ranges {
      for value in range {
        guard let scalar = Unicode.Scalar(value), let name = scalar.properties.name else { continue }
        letters[name] = scalar
      }
    }
    return letters
  }()

  /// The combining diacritical marks a precomposed letter's decomposition is checked against.
  private static let combiningMarks: [String] = (0x300...0x36F).compactMap { Unicode.Scalar($0).map { String($0) } }

  /// Each Cyrillic letter whose name has no " WITH ", followed by each combining mark, to the letter:
  /// looked up with a precomposed letter, a `String` key finds its canonical equivalent.
  private static let cyrillicComposites: [String: Unicode.Scalar] = {
    var composites: [String: Unicode.Scalar] = [:]
    for value in UInt32(0x400)...0x4FF {
      guard let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic,
        let name = scalar.properties.name, name.firstRange(of: " WITH ") == nil
      else { continue }
      for mark in combiningMarks where composites[String(scalar) + mark] == nil {
        composites[String(scalar) + mark] = scalar
      }
    }
    return composites
  }()

  /// The bases found so far, by scalar value.
  private static let bases = SharedLock<[UInt32: Unicode.Scalar]>([:])

  /// `scalar` without its diacritics, or `scalar` when it has none.
  static func base(of scalar: Unicode.Scalar) -> Unicode.Scalar {
    guard ranges.contains(where: { $0.contains(scalar.value) }) else { return scalar }
    if let known = bases.withLock({ $0[scalar.value] }) { return known }
    let base = findBase(of: scalar)
    bases.withLock { $0[scalar.value] = base }
    return base
  }

  /// Works out the base of `scalar` from its name, checking each step.
  private static func findBase(of scalar: Unicode.Scalar) -> Unicode.Scalar {
    guard let name = scalar.properties.name else { return scalar }
    guard let with = name.firstRange(of: " WITH ") else {
      // "ё" is "CYRILLIC SMALL LETTER IO": its base is found by canonical equivalence, which
      // `String`'s hashing keeps.
      guard (0x400...0x4FF).contains(scalar.value), let base = cyrillicComposites[String(scalar)] else {
        return scalar
      }
      return base
    }
    let letter = String(name[..<with.lowerBound])
    var diacritics = name[with.upperBound...].split(separator: " AND ", omittingEmptySubsequences: false)
    var current = scalar
    while !diacritics.isEmpty {
      diacritics.removeLast()
      let parentName = diacritics.isEmpty ? letter : letter + " WITH " + diacritics.joined(separator: " AND ")
      guard let parent = letters[parentName] else { return current }
      let composed = String(current)
      guard combiningMarks.contains(where: { String(parent) + $0 == composed }) else { return current }
      current = parent
    }
    return current
  }
}
