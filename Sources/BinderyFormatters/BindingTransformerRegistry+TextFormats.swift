public import Bindery
import Foundation

extension BindingTransformerRegistry {
  /// Registers the factories of text formats that expressions configure inline:
  ///
  /// - `numberFormatter: { numberStyle, currencyCode, locale, minimumFractionDigits,
  ///   maximumFractionDigits, usesGroupingSeparator }`, for `Double`, `Float` and `Int` values:
  ///   `numberStyle` is `.decimal` (the default), `.currency`, `.percent` or, for whole numbers,
  ///   `.none` (no grouping), Cocoa's names (`.CurrencyStyle`) too; `currencyCode` an ISO 4217 code
  ///   (the locale's by default), for `.currency`; fraction digits for fractional `.decimal` and
  ///   `.percent`; `usesGroupingSeparator` for whole numbers; `locale` an identifier (`"de_DE"`);
  /// - `dateFormatter: { dateStyle, timeStyle, locale, timeZone }`, for `Date` values: styles `.short`
  ///   (the date's default), `.medium`, `.long`, `.full` or `.none` (the time's default), Cocoa's names
  ///   (`.ShortStyle`) too; `timeZone` an identifier (`"Europe/Paris"`);
  /// - `measurementFormatter: { unit, locale, minimumFractionDigits, maximumFractionDigits }`, for
  ///   `Measurement` values of length, mass, duration, temperature, speed, volume, area or energy:
  ///   `unit` by its symbol or name (`"km"`, `kilometers`), the unit the value is shown in and typed
  ///   text is read in (any other unit of the same dimension may be typed by its symbol).
  ///
  /// ```swift
  /// BindingTransformerRegistry.shared.registerTextFormats()
  /// try label.bind(\.text, to: .expression(account, #"balance { numberFormatter: { numberStyle: .currency, currencyCode: "EUR" } }"#))
  /// ```
  ///
  /// A setting that is unknown, of the wrong type or out of range is refused when the expression is
  /// bound, at the setting.
  public func registerTextFormats() {
    register(
      factory: { settings, type throws(TransformerSettingsError) in try numberFormat(settings, type) },
      named: "numberFormatter")
    register(
      factory: { settings, type throws(TransformerSettingsError) in try dateFormat(settings, type) },
      named: "dateFormatter")
    register(
      factory: { settings, type throws(TransformerSettingsError) in try measurementFormat(settings, type) },
      named: "measurementFormatter")
  }
}

/// The settings of one factory, read with their types checked.
struct FormatSettings {
  let values: [String: any Sendable]

  init(_ values: [String: any Sendable], known: [String]) throws(TransformerSettingsError) {
    self.values = values
    if let unknown = values.keys.sorted().first(where: { !known.contains($0) }) {
      throw TransformerSettingsError(
        "unknown setting \(unknown) (known: \(known.joined(separator: ", ")))", setting: unknown)
    }
  }

  func string(_ key: String) throws(TransformerSettingsError) -> String? {
    guard let value = values[key] else { return nil }
    guard let text = value as? String else {
      throw TransformerSettingsError("\(key) takes a name or a string", setting: key)
    }
    return text
  }

  func integer(_ key: String, in range: ClosedRange<Int>) throws(TransformerSettingsError) -> Int? {
    guard let value = values[key] else { return nil }
    guard let number = value as? Int, range.contains(number) else {
      throw TransformerSettingsError(
        "\(key) takes a whole number from \(range.lowerBound) to \(range.upperBound)", setting: key)
    }
    return number
  }

  func flag(_ key: String) throws(TransformerSettingsError) -> Bool? {
    guard let value = values[key] else { return nil }
    guard let flag = value as? Bool else { throw TransformerSettingsError("\(key) takes true or false", setting: key) }
    return flag
  }

  /// A style name, lower-cased, without Cocoa's `Style` suffix (`CurrencyStyle` is `currency`).
  func style(_ key: String) throws(TransformerSettingsError) -> String? {
    guard var name = try string(key)?.lowercased() else { return nil }
    if name.hasSuffix("style"), name != "style" { name.removeLast(5) }
    return name == "no" ? "none" : name
  }

  func locale() throws(TransformerSettingsError) -> Locale {
    guard let identifier = try string("locale") else { return .current }
    guard knownLocaleIdentifiers.contains(identifier) else {
      throw TransformerSettingsError("no locale is named \"\(identifier)\"", setting: "locale")
    }
    return Locale(identifier: identifier)
  }
}

/// The identifiers of the locales this system has, listed once: listing them takes milliseconds, and
/// a list's rows each make their formats.
private let knownLocaleIdentifiers = Set(Locale.availableIdentifiers)

private func numberFormat(_ values: [String: any Sendable], _ type: Any.Type) throws(TransformerSettingsError)
  -> AnyBindingTransformer
{
  let settings = try FormatSettings(
    values,
    known: [
      "numberStyle", "currencyCode", "locale", "minimumFractionDigits", "maximumFractionDigits",
      "usesGroupingSeparator",
    ])
  let locale = try settings.locale()
  let style = try settings.style("numberStyle") ?? "decimal"
  guard ["decimal", "currency", "percent", "none"].contains(style) else {
    throw TransformerSettingsError(
      "numberStyle is .decimal, .currency, .percent or .none, not .\(style)", setting: "numberStyle")
  }
  var code = try settings.string("currencyCode")
  if let given = code {
    guard Locale.commonISOCurrencyCodes.contains(given.uppercased()) else {
      throw TransformerSettingsError("no currency has the code \"\(given)\"", setting: "currencyCode")
    }
    code = given.uppercased()
  }
  let minimum = try settings.integer("minimumFractionDigits", in: 0...15)
  let maximum = try settings.integer("maximumFractionDigits", in: 0...15)
  if let minimum, let maximum, minimum > maximum {
    throw TransformerSettingsError(
      "minimumFractionDigits is more than maximumFractionDigits", setting: "minimumFractionDigits")
  }
  let digits: ClosedRange<Int>? =
    minimum == nil && maximum == nil ? nil : (minimum ?? 0)...max(minimum ?? 0, maximum ?? 15)
  let grouping = try settings.flag("usesGroupingSeparator") ?? (style != "none")
  // A setting the format would not use is refused, not dropped.
  let isWhole = type == Int.self
  if code != nil, style != "currency" {
    throw TransformerSettingsError("currencyCode applies to numberStyle .currency", setting: "currencyCode")
  }
  if digits != nil, isWhole || style == "currency" {
    let setting = minimum != nil ? "minimumFractionDigits" : "maximumFractionDigits"
    throw TransformerSettingsError("\(setting) applies to .decimal and .percent fractional numbers", setting: setting)
  }
  if !isWhole, style == "none" || values["usesGroupingSeparator"] != nil {
    let setting = style == "none" ? "numberStyle" : "usesGroupingSeparator"
    throw TransformerSettingsError(
      "\(style == "none" ? "numberStyle .none" : setting) applies to whole numbers", setting: setting)
  }

  func floating<Value: BinaryFloatingPoint & LosslessStringConvertible & Sendable>(_: Value.Type) -> TextFormat<Value> {
    switch style {
    case "currency": .currency(code: code ?? locale.currency?.identifier ?? "USD", locale: locale)
    case "percent": .percent(locale: locale, fractionDigits: digits)
    default: .number(locale: locale, fractionDigits: digits)
    }
  }
  if type == Double.self { return AnyBindingTransformer(floating(Double.self), name: "numberFormatter") }
  if type == Float.self { return AnyBindingTransformer(floating(Float.self), name: "numberFormatter") }
  if type == Int.self {
    guard style == "decimal" || style == "none" else {
      throw TransformerSettingsError("whole numbers take numberStyle .decimal or .none", setting: "numberStyle")
    }
    return AnyBindingTransformer(TextFormat<Int>.number(locale: locale, grouping: grouping), name: "numberFormatter")
  }
  throw TransformerSettingsError("numberFormatter shows a Double, a Float or an Int, not a \(type)")
}

private func dateFormat(_ values: [String: any Sendable], _ type: Any.Type) throws(TransformerSettingsError)
  -> AnyBindingTransformer
{
  let settings = try FormatSettings(
    values, known: ["dateStyle", "timeStyle", "locale", "timeZone"])
  guard type == Date.self else {
    throw TransformerSettingsError("dateFormatter shows a Date, not a \(type)")
  }
  let dates: [String: Date.FormatStyle.DateStyle] = [
    "short": .numeric, "medium": .abbreviated, "long": .long, "full": .complete, "none": .omitted,
  ]
  let times: [String: Date.FormatStyle.TimeStyle] = [
    "short": .shortened, "medium": .standard, "long": .complete, "full": .complete, "none": .omitted,
  ]
  let dateName = try settings.style("dateStyle") ?? "short"
  guard let date = dates[dateName] else {
    throw TransformerSettingsError("dateStyle is .short, .medium, .long, .full or .none", setting: "dateStyle")
  }
  let timeName = try settings.style("timeStyle") ?? "none"
  guard let time = times[timeName] else {
    throw TransformerSettingsError("timeStyle is .short, .medium, .long, .full or .none", setting: "timeStyle")
  }
  var timeZone = TimeZone.current
  if let identifier = try settings.string("timeZone") {
    guard let zone = TimeZone(identifier: identifier) else {
      throw TransformerSettingsError("no time zone is named \"\(identifier)\"", setting: "timeZone")
    }
    timeZone = zone
  }
  let format = TextFormat<Date>.date(date, time: time, locale: try settings.locale(), timeZone: timeZone)
  return AnyBindingTransformer(format, name: "dateFormatter")
}
