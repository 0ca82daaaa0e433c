import Bindery
import BinderyControls
import BinderyFormatters
import Foundation
import Testing

let english = Locale(identifier: "en_US")
let german = Locale(identifier: "de_DE")
let french = Locale(identifier: "fr_FR")
let utc = TimeZone(identifier: "UTC") ?? .current

/// The text with every kind of space (French uses narrow no-break spaces) as a plain space.
func plain(_ text: String?) -> String? {
  text.map { String($0.map { $0.isWhitespace ? " " : $0 }) }
}

/// Expects `format` to reject `text`, with a message naming the text.
func expectRejected<Value>(
  _ format: TextFormat<Value>,
  _ text: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  do {
    let value = try format.parse(text)
    Issue.record("\"\(text)\" was read as \(value)", sourceLocation: sourceLocation)
  } catch {
    #expect(error.text == text, sourceLocation: sourceLocation)
    #expect(!error.description.isEmpty, sourceLocation: sourceLocation)
  }
}

@Suite("Text formats")
struct TextFormatTests {
  @Test(arguments: [(english, "1,234,567"), (german, "1.234.567"), (french, "1 234 567")])
  func wholeNumbersShowAndReadInEachLocale(locale: Locale, shown: String) throws {
    let format = TextFormat<Int>.number(locale: locale)
    #expect(plain(format.transform(1_234_567)) == shown)
    #expect(try format.parse(format.transform(1_234_567)) == 1_234_567)
    #expect(try format.parse("1234567") == 1_234_567)
    #expect(try format.parse(" -42 ") == -42)
    #expect(try format.parse(shown) == 1_234_567)  // typed with a plain space in French
  }

  @Test(arguments: [english, german, french])
  func textThatIsNotAWholeNumberIsRejected(locale: Locale) {
    let format = TextFormat<Int>.number(locale: locale)
    for text in ["", "   ", "12abc", "abc", "1.5", "1,5", "--3", "1-2", "99999999999999999999", "1..2", "12 %"] {
      expectRejected(format, text)
    }
  }

  @Test(arguments: [(english, "1,234.5", "25.6%"), (german, "1.234,5", "25,6 %"), (french, "1 234,5", "25,6 %")])
  func decimalsAndPercentagesShowAndReadInEachLocale(locale: Locale, decimal: String, percent: String) throws {
    let number = TextFormat<Double>.number(locale: locale)
    #expect(plain(number.transform(1234.5)) == decimal)
    #expect(try number.parse(decimal) == 1234.5)
    #expect(try number.parse(number.transform(-0.25)) == -0.25)
    let percentage = TextFormat<Double>.percent(locale: locale)
    #expect(plain(percentage.transform(0.256)) == percent)
    #expect(try percentage.parse(percent) == 0.256)
    #expect(try percentage.parse(percentage.transform(0.256)) == 0.256)
  }

  @Test(arguments: [english, german, french])
  func textThatIsNotADecimalIsRejected(locale: Locale) {
    let number = TextFormat<Double>.number(locale: locale)
    for text in ["", "12abc", "1,2,3.4.5", "€", "-", "1e5", "NaN", "inf", "12 3"] {
      expectRejected(number, text)
    }
  }

  @Test(arguments: [(english, "€1,234.50"), (german, "1.234,50 €"), (french, "1 234,50 €")])
  func currencyShowsAndReadsInEachLocale(locale: Locale, shown: String) throws {
    let euros = TextFormat<Double>.currency(code: "EUR", locale: locale)
    #expect(plain(euros.transform(1234.5)) == shown)
    #expect(try euros.parse(euros.transform(1234.5)) == 1234.5)
    #expect(try euros.parse(shown) == 1234.5)
    #expect(try euros.parse(euros.transform(-3)) == -3)
    expectRejected(euros, shown.replacingOccurrences(of: "€", with: "$"))
    expectRejected(euros, "twelve")
  }

  @Test(arguments: [(english, "11/14/2023"), (german, "14.11.2023"), (french, "14/11/2023")])
  func datesShowAndReadStrictlyInEachLocale(locale: Locale, shown: String) throws {
    let format = TextFormat<Date>.date(locale: locale, timeZone: utc)
    let day = Date(timeIntervalSince1970: 1_699_920_000)  // 2023-11-14 00:00 UTC
    #expect(format.transform(day) == shown)
    #expect(try format.parse(shown) == day)
    expectRejected(format, shown + "x")
    expectRejected(format, "32.13.2023")
    expectRejected(format, "32/13/2023")
    expectRejected(format, "yesterday")
    expectRejected(format, "")
  }

  @Test(arguments: [(english, "12.5 km"), (german, "12,5 km"), (french, "12,5 km")])
  func measurementsShowAndReadInEachLocaleAndConvertUnits(locale: Locale, shown: String) throws {
    let format = TextFormat.measurement(UnitLength.kilometers, locale: locale, accepting: [.meters])
    let distance = Measurement(value: 12.5, unit: UnitLength.kilometers)
    #expect(plain(format.transform(distance)) == shown)
    #expect(try format.parse(shown) == distance)
    #expect(try format.parse(shown.replacingOccurrences(of: " km", with: "")) == distance)
    #expect(try format.parse("500 m").value == 0.5)
    expectRejected(format, "12 mi")
    expectRejected(format, "km")
    expectRejected(format, "12 kmx")
  }

  @Test func anOptionalFormatShowsNilAsEmptyAndReadsEmptyAsNil() throws {
    let format = TextFormat<Int>.number(locale: english).optional
    #expect(format.transform(nil) == "")
    #expect(try format.parse("  ") == nil)
    #expect(try format.parse("1,234") == 1234)
    expectRejected(format, "x")
  }

  @Test func theErrorSaysWhatWasExpectedWithAnExampleAndWhere() {
    let format = TextFormat<Int>.number(locale: english)
    do {
      _ = try format.parse("12abc")
      Issue.record("12abc was read")
    } catch {
      #expect(error.column == 3)
      #expect(error.description == "\"12abc\" is not a whole number (at column 3; like \"1,234\")")
    }
  }

  @Test func theMessageForPeopleSaysWhatToEnterAndLeavesTheColumnToPrograms() {
    let format = TextFormat<Int>.number(locale: english)
    for text in ["3b", "", "1.5"] {
      do {
        _ = try format.parse(text)
        Issue.record("\(text) was read")
      } catch {
        #expect(error.message == "Enter a whole number, like 1,234")
        #expect(BindingError.conversionFailed(error).message == "Enter a whole number, like 1,234")
        #expect(!error.message.contains("column"))
      }
    }
  }
}
