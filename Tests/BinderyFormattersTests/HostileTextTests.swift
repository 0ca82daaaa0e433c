import BinderyFormatters
import Foundation
import Testing

/// Text a user, a browser or a paste can put in a field: long runs, odd characters, numbers out of
/// range, and seeded random noise.
private let hostileTexts: [String] = [
  String(repeating: "9", count: 20_000),
  String(repeating: "1,", count: 10_000) + "0",
  String(repeating: "1.", count: 10_000) + "0",
  "0." + String(repeating: "0", count: 20_000) + "1",
  String(repeating: "-", count: 10_000) + "1",
  String(repeating: " ", count: 20_000),
  "1e999999", "-1e999999", "1e-999999", "nan", "NaN", "inf", "-inf", "infinity", "0x1p3", "+-1",
  "\u{0}1", "1\u{0}", "\u{200F}12", "1\u{0301}2", "١٢٣", "१२३", "１２３", "12😀", "😀", "\u{FEFF}12",
  "9223372036854775808", "-9223372036854775809", "18446744073709551616",
  "31.12.9999999", "2023-13-45", "99/99/99999", String(repeating: "1/", count: 20_000),
  "1 " + String(repeating: "m", count: 10_000), "12 " + String(repeating: "\u{0301}", count: 10_000),
]

/// Seeded noise over the characters numbers, dates and units are made of.
private func noise(count: Int, seed: UInt64) -> [String] {
  var state = seed
  func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state >> 33
  }
  let alphabet = Array("0123456789,.-+ %$€£¥eE/:kmgh\u{A0}\u{202F}'’ab")
  return (0..<count).map { _ in
    let length = Int(next() % 24)
    return String((0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] })
  }
}

@Suite("Hostile text typed into formatted fields")
struct HostileTextTests {
  @Test(
    "Every format reads hostile and random text without crashing: a value, or an error naming the text",
    arguments: ["en_US", "de_DE", "fr_FR"])
  func hostileTextIsReadOrRefused(localeIdentifier: String) {
    let locale = Locale(identifier: localeIdentifier)
    let utc = TimeZone(identifier: "UTC") ?? .current
    let readers: [(String) -> (Bool, String?)] = [
      read(TextFormat<Int>.number(locale: locale)),
      read(TextFormat<Double>.number(locale: locale)),
      read(TextFormat<Double>.percent(locale: locale)),
      read(TextFormat<Double>.currency(code: "EUR", locale: locale)),
      read(TextFormat<Date>.date(locale: locale, timeZone: utc)),
      read(TextFormat<Measurement<UnitLength>>.measurement(UnitLength.meters, locale: locale)),
    ]
    for text in hostileTexts + noise(count: 1_000, seed: 12) {
      for reader in readers {
        let (accepted, errorText) = reader(text)
        if !accepted { #expect(errorText == text) }
      }
    }
  }

  private func read<Value>(_ format: TextFormat<Value>) -> (String) -> (Bool, String?) {
    { text in
      do throws(TextFormatError) {
        _ = try format.parse(text)
        return (true, nil)
      } catch {
        return (false, error.text)
      }
    }
  }
}
