import Bindery
import BinderyControls
import BinderyExpressions
import BinderyFormatters
import Foundation
import Testing

/// An account whose balance and opening date labels show through formatters named in expressions.
@KeyValueObservable
final class Ledger {
  var balance = 1234.5
  var visits = 1234
  var opened = Date(timeIntervalSince1970: 1_700_000_000)
  var owner = "Ada"
  var distance = Measurement(value: 12.5, unit: UnitLength.kilometers)
}

/// Formatters a view model shares with its screens.
@KeyValueObservable
final class SharedFormatters {
  var currency = TextFormat<Double>.currency(code: "EUR", locale: Locale(identifier: "en_US"))
}

/// An item with its own formatter, which its expressions reach by `$data.currency`.
@KeyValueObservable
final class PricedItem {
  var price = 12.5
  var currency = TextFormat<Double>.currency(code: "EUR", locale: Locale(identifier: "en_US"))
}

/// The top-level view model, which hands out its formatters.
@KeyValueObservable
final class LedgerScreen {
  var pathToSharedFormatters = SharedFormatters()
}

/// A registry with the standard transformers and the text-format factories.
func formatterRegistry() -> BindingTransformerRegistry {
  let registry = BindingTransformerRegistry()
  registry.registerTextFormats()
  return registry
}

@Suite("Formatters named in expressions")
struct FormatterAttributeTests {
  @Test func aFormatterIsFoundByAKeyPathToTheOneTheViewModelShares() throws {
    let ledger = Ledger()
    let label = HeadlessLabel()
    try label.bind(
      \.text,
      to: .expression(
        ledger, "balance { numberFormatter: $root.pathToSharedFormatters.currency }", root: LedgerScreen()))
    #expect(label.text == "€1,234.50")
    ledger.balance = 2
    #expect(label.text == "€2.00")
  }

  @Test func aFormatterIsFoundByAKeyPathOfTheDataWhereABareNameIsARegisteredOne() throws {
    let item = PricedItem()
    let label = HeadlessLabel()
    try label.bind(\.text, to: .expression(item, "price { numberFormatter: $data.currency }"))
    #expect(label.text == "€12.50")
    item.price = 3
    #expect(label.text == "€3.00")
    // A bare name is a registered transformer's name, not the data's property.
    let bare = HeadlessLabel()
    let error = #expect(throws: ExpressionError.self) {
      try bare.bind(\.text, to: .expression(item, "price { numberFormatter: currency }"))
    }
    #expect(error?.message.contains("no transformer is registered as \"currency\"") == true)
    #expect(bare.text == nil)
  }

  @Test func aFormatterIsConfiguredInlineByItsSettings() throws {
    let registry = formatterRegistry()
    let ledger = Ledger()
    let label = HeadlessLabel()
    try label.bind(
      \.text,
      to: .expression(
        ledger,
        #"balance { numberFormatter: { numberStyle: $enum.CurrencyStyle, currencyCode: "EUR", locale: "en_US" } }"#,
        transformers: registry))
    #expect(label.text == "€1,234.50")
    let date = HeadlessLabel()
    try date.bind(
      \.text,
      to: .expression(
        ledger, #"opened { dateFormatter: { dateStyle: .short, locale: "en_US", timeZone: "UTC" } }"#,
        transformers: registry))
    #expect(date.text == "11/14/2023")
    let visits = HeadlessLabel()
    try visits.bind(
      \.text, to: .expression(ledger, #"visits { numberFormatter: { locale: "de_DE" } }"#, transformers: registry))
    #expect(visits.text == "1.234")
  }

  @Test func theSeedsInlineCurrencyFormatterBindsAsWritten() throws {
    let ledger = Ledger()
    let label = HeadlessLabel()
    try label.bind(
      \.text,
      to: .expression(
        ledger, "balance { numberFormatter: { numberStyle: $enum.CurrencyStyle } }", transformers: formatterRegistry()))
    let expected = TextFormat<Double>.currency(code: Locale.current.currency?.identifier ?? "USD").transform(1234.5)
    #expect(label.text == expected)
  }

  @Test func aReversibleInlineFormatterBindsBothWays() throws {
    let ledger = Ledger()
    let field = HeadlessTextField()
    try field.bind(
      \.text,
      to: .expression(
        ledger, #"balance { numberFormatter: { locale: "en_US", maximumFractionDigits: 2 } }"#,
        transformers: formatterRegistry()))
    #expect(field.text == "1,234.5")
    field.userDidEdit(text: "2,000.25")
    #expect(ledger.balance == 2000.25)
    field.userDidEdit(text: "lots")
    #expect(ledger.balance == 2000.25)
    #expect(field.validationError != nil)
  }

  @Test(arguments: [
    (
      #"balance { numberFormatter: { numberStyle: .fancy } }"#,
      "numberFormatter: numberStyle is .decimal, .currency, .percent or .none, not .fancy", 43
    ),
    (
      #"balance { numberFormatter: { currencyCode: "EURO" } }"#, #"numberFormatter: no currency has the code "EURO""#,
      44
    ),
    (
      #"balance { numberFormatter: { locale: "xx_NOWHERE" } }"#, #"numberFormatter: no locale is named "xx_NOWHERE""#,
      38
    ),
    (
      #"balance { numberFormatter: { digits: 2 } }"#,
      "numberFormatter: unknown setting digits (known: numberStyle, currencyCode, locale, minimumFractionDigits, maximumFractionDigits, usesGroupingSeparator)",
      38
    ),
    (
      #"balance { numberFormatter: { maximumFractionDigits: 99 } }"#,
      "numberFormatter: maximumFractionDigits takes a whole number from 0 to 15", 53
    ),
    (
      #"balance { numberFormatter: { locale: owner } }"#, "the setting locale of numberFormatter must be a constant", 38
    ),
    (
      #"owner { numberFormatter: { numberStyle: .decimal } }"#,
      "numberFormatter: numberFormatter shows a Double, a Float or an Int, not a String", 9
    ),
    (
      #"balance { dateFormatter: { dateStyle: .short } }"#, "dateFormatter: dateFormatter shows a Date, not a Double",
      11
    ),
    (
      #"distance { measurementFormatter: { unit: "parsec" } }"#,
      "measurementFormatter: no unit of length is named \"parsec\" (m, km, cm, mm, mi, yd, ft, in, NM)", 42
    ),
    (
      #"balance { measurementFormatter: { unit: "km" } }"#,
      "measurementFormatter: measurementFormatter shows a Measurement of length, mass, duration, temperature, speed, "
        + "volume, area or energy, not a Double", 11
    ),
    (
      #"balance { numberFormatter: $root.pathToSharedFormatters }"#,
      "$root.pathToSharedFormatters is a SharedFormatters, not a transformer or formatter", 28
    ),
  ])
  func badFormatterSettingsAreRefusedAtTheSettingAndBindNothing(text: String, message: String, column: Int) {
    let ledger = Ledger()
    let label = HeadlessLabel()
    #expect {
      try label.bind(\.text, to: .expression(ledger, text, root: LedgerScreen(), transformers: formatterRegistry()))
    } throws: { error in
      guard let error = error as? ExpressionError else { return false }
      #expect(error.message == message)
      #expect(error.location.column == column)
      return error.kind == .attribute
    }
    #expect(label.bindings.isEmpty)
  }

  @Test func aMeasurementFormatterShowsTheUnitAndReadsBackAnyUnitOfItsDimension() throws {
    let ledger = Ledger()
    let field = HeadlessTextField()
    try field.bind(
      \.text,
      to: .expression(
        ledger, #"distance { measurementFormatter: { unit: "km", locale: "de_DE", maximumFractionDigits: 1 } }"#,
        transformers: formatterRegistry()))
    #expect(field.text == "12,5\u{00A0}km")
    field.userDidEdit(text: "2000 m")
    #expect(ledger.distance.converted(to: .kilometers).value == 2)
    field.userDidEdit(text: "3 parsec")
    #expect(ledger.distance.converted(to: .kilometers).value == 2)
    #expect(field.validationError != nil)
    let miles = HeadlessLabel()
    try miles.bind(
      \.text,
      to: .expression(ledger, "distance { measurementFormatter: { unit: .miles } }", transformers: formatterRegistry()))
    #expect(miles.text == "1.24\u{00A0}mi")
  }

  @Test func aSettingTheFormatWouldNotUseIsRefused() {
    let ledger = Ledger()
    let label = HeadlessLabel()
    for (text, setting) in [
      (#"balance { numberFormatter: { currencyCode: "EUR" } }"#, "currencyCode"),
      ("balance { numberFormatter: { numberStyle: .currency, maximumFractionDigits: 1 } }", "maximumFractionDigits"),
      ("visits { numberFormatter: { minimumFractionDigits: 1 } }", "minimumFractionDigits"),
      ("balance { numberFormatter: { usesGroupingSeparator: false } }", "usesGroupingSeparator"),
      ("balance { numberFormatter: { numberStyle: .none } }", "numberStyle"),
      ("balance { numberFormatter: { numberStyle: .currency { junk: 1 } } }", "the setting numberStyle"),
    ] {
      #expect {
        try label.bind(\.text, to: .expression(ledger, text, transformers: formatterRegistry()))
      } throws: { error in
        (error as? ExpressionError)?.message.hasPrefix("numberFormatter: \(setting)") == true
          || (error as? ExpressionError)?.message.hasPrefix(setting) == true
          || (error as? ExpressionError)?.message.hasPrefix("numberFormatter: numberStyle .none") == true
      }
    }
    #expect(label.bindings.isEmpty)
  }

  @Test func settingsWithNoFactoryRegisteredAreRefused() {
    let label = HeadlessLabel()
    #expect(throws: ExpressionError.self) {
      try label.bind(
        \.text,
        to: .expression(Ledger(), "balance { numberFormatter: { numberStyle: .currency } }", transformers: .init()))
    }
    #expect(label.bindings.isEmpty)
  }
}
