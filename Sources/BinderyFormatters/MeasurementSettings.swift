import Bindery
import Foundation

/// The format `measurementFormatter: { unit: "km", locale: "de_DE", maximumFractionDigits: 1 }` makes
/// for a value of type `type` (a `Measurement` of one of the dimensions below).
func measurementFormat(_ values: [String: any Sendable], _ type: Any.Type) throws(TransformerSettingsError)
  -> AnyBindingTransformer
{
  let settings = try FormatSettings(
    values, known: ["unit", "locale", "minimumFractionDigits", "maximumFractionDigits"])
  if type == Measurement<UnitLength>.self { return try format(UnitLength.self, settings) }
  if type == Measurement<UnitMass>.self { return try format(UnitMass.self, settings) }
  if type == Measurement<UnitDuration>.self { return try format(UnitDuration.self, settings) }
  if type == Measurement<UnitTemperature>.self { return try format(UnitTemperature.self, settings) }
  if type == Measurement<UnitSpeed>.self { return try format(UnitSpeed.self, settings) }
  if type == Measurement<UnitVolume>.self { return try format(UnitVolume.self, settings) }
  if type == Measurement<UnitArea>.self { return try format(UnitArea.self, settings) }
  if type == Measurement<UnitEnergy>.self { return try format(UnitEnergy.self, settings) }
  throw TransformerSettingsError(
    "measurementFormatter shows a Measurement of length, mass, duration, temperature, speed, volume, area or "
      + "energy, not a \(type)")
}

/// The units of a dimension that settings name, by name and by symbol.
protocol NamedUnits: Dimension {
  /// The units, by their names (`kilometers`).
  static var named: KeyValuePairs<String, Self> { get }
  /// What the units measure, for messages (`length`).
  static var dimensionName: String { get }
}

private func format<UnitType: NamedUnits>(
  _: UnitType.Type,
  _ settings: FormatSettings
) throws(TransformerSettingsError) -> AnyBindingTransformer {
  let units = UnitType.named.map(\.value)
  let unit: UnitType
  if let given = try settings.string("unit") {
    guard
      let found = UnitType.named.first(where: { $0.key == given })?.value ?? units.first(where: { $0.symbol == given })
    else {
      let symbols = units.map(\.symbol).joined(separator: ", ")
      throw TransformerSettingsError(
        "no unit of \(UnitType.dimensionName) is named \"\(given)\" (\(symbols))", setting: "unit")
    }
    unit = found
  } else {
    unit = UnitType.baseUnit()
  }
  let minimum = try settings.integer("minimumFractionDigits", in: 0...15)
  let maximum = try settings.integer("maximumFractionDigits", in: 0...15)
  if let minimum, let maximum, minimum > maximum {
    throw TransformerSettingsError(
      "minimumFractionDigits is more than maximumFractionDigits", setting: "minimumFractionDigits")
  }
  let digits = (minimum ?? 0)...max(minimum ?? 0, maximum ?? 2)
  let others = units.filter { $0 != unit }
  let format = TextFormat<Measurement<UnitType>>.measurement(
    unit, locale: try settings.locale(), fractionDigits: digits, accepting: others)
  return AnyBindingTransformer(format, name: "measurementFormatter")
}

extension UnitLength: NamedUnits {
  static var dimensionName: String { "length" }
  static var named: KeyValuePairs<String, UnitLength> {
    [
      "meters": .meters, "kilometers": .kilometers, "centimeters": .centimeters, "millimeters": .millimeters,
      "miles": .miles, "yards": .yards, "feet": .feet, "inches": .inches, "nauticalMiles": .nauticalMiles,
    ]
  }
}

extension UnitMass: NamedUnits {
  static var dimensionName: String { "mass" }
  static var named: KeyValuePairs<String, UnitMass> {
    ["kilograms": .kilograms, "grams": .grams, "milligrams": .milligrams, "pounds": .pounds, "ounces": .ounces]
  }
}

extension UnitDuration: NamedUnits {
  static var dimensionName: String { "duration" }
  static var named: KeyValuePairs<String, UnitDuration> {
    ["seconds": .seconds, "minutes": .minutes, "hours": .hours, "milliseconds": .milliseconds]
  }
}

extension UnitTemperature: NamedUnits {
  static var dimensionName: String { "temperature" }
  static var named: KeyValuePairs<String, UnitTemperature> {
    ["celsius": .celsius, "fahrenheit": .fahrenheit, "kelvin": .kelvin]
  }
}

extension UnitSpeed: NamedUnits {
  static var dimensionName: String { "speed" }
  static var named: KeyValuePairs<String, UnitSpeed> {
    [
      "metersPerSecond": .metersPerSecond, "kilometersPerHour": .kilometersPerHour, "milesPerHour": .milesPerHour,
      "knots": .knots,
    ]
  }
}

extension UnitVolume: NamedUnits {
  static var dimensionName: String { "volume" }
  static var named: KeyValuePairs<String, UnitVolume> {
    ["liters": .liters, "milliliters": .milliliters, "cubicMeters": .cubicMeters, "gallons": .gallons]
  }
}

extension UnitArea: NamedUnits {
  static var dimensionName: String { "area" }
  static var named: KeyValuePairs<String, UnitArea> {
    ["squareMeters": .squareMeters, "squareKilometers": .squareKilometers, "hectares": .hectares, "acres": .acres]
  }
}

extension UnitEnergy: NamedUnits {
  static var dimensionName: String { "energy" }
  static var named: KeyValuePairs<String, UnitEnergy> {
    ["joules": .joules, "kilojoules": .kilojoules, "kilocalories": .kilocalories, "kilowattHours": .kilowattHours]
  }
}
