public import Foundation

extension TextFormat {
  /// Measurements in one unit, the number in `locale`'s form followed by the unit's symbol: `12.5 km`,
  /// `12,5 km`.
  ///
  /// Foundation on Linux has no measurement format style, so the number goes through
  /// `FloatingPointFormatStyle` and the symbol is the unit's own. Typed text may leave the symbol out
  /// (the value is then in `unit`) or use the symbol of `unit` or of one of `accepting`, and is
  /// converted to `unit`; any other symbol throws.
  ///
  /// ```swift
  /// field.bind(\.text, to: .keyPath(trip, \.distance,
  ///            converted: TextFormat.measurement(UnitLength.kilometers, accepting: [.meters, .miles])))
  /// ```
  public static func measurement<UnitType: Dimension>(
    _ unit: UnitType,
    locale: Locale = .current,
    fractionDigits: ClosedRange<Int> = 0...2,
    accepting others: [UnitType] = []
  ) -> TextFormat where Value == Measurement<UnitType> {
    let number = FloatingPointFormatStyle<Double>(locale: locale).precision(.fractionLength(fractionDigits))
    let units = UncheckedUnits(all: [unit] + others)
    let symbols = units.all.map(\.symbol).joined(separator: ", ")
    let reader = NumberReader(
      locale: locale,
      samples: [number.format(1_234_567.25), number.format(-1_234_567.25)],
      allowsFraction: true,
      expected: "a measurement in \(symbols)",
      example: number.format(12.5) + "\u{00A0}" + unit.symbol
    )
    return TextFormat(
      format: { measurement in
        let value = measurement.converted(to: units.all[0]).value
        return number.format(value) + "\u{00A0}" + units.all[0].symbol
      },
      parse: { (text: String) throws(TextFormatError) -> Measurement<UnitType> in
        var rest = Substring(text)
        while rest.last?.isWhitespace == true { rest.removeLast() }
        // The longest symbol the text ends with; none means the measurement is in `unit`.
        var typedUnit = units.all[0]
        let bySymbolLength = units.all.sorted { $0.symbol.count > $1.symbol.count }
        if let match = bySymbolLength.first(where: { !$0.symbol.isEmpty && rest.hasSuffix($0.symbol) }) {
          typedUnit = match
          rest.removeLast(match.symbol.count)
        } else if let last = rest.last, last.isLetter {
          throw reader.failure(text, at: text.count)
        }
        let canonical: String
        do throws(TextFormatError) {
          canonical = try reader.canonical(String(rest))
        } catch {
          throw reader.failure(text, at: error.column)
        }
        guard let value = Double(canonical), value.isFinite else { throw reader.failure(text) }
        return Measurement(value: value, unit: typedUnit).converted(to: units.all[0])
      }
    )
  }
}

/// Units captured by a format's closures. Foundation's `Dimension` subclasses are immutable but not
/// marked `Sendable`.
private struct UncheckedUnits<UnitType: Dimension>: @unchecked Sendable {
  let all: [UnitType]
}
