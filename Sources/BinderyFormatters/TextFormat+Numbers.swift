public import Foundation

extension TextFormat where Value: FixedWidthInteger & Sendable {
  /// Whole numbers in `locale`'s form (`1,234` in English, `1.234` in German, `1 234` in French),
  /// through `IntegerFormatStyle`.
  ///
  /// Reads back only whole numbers: `1.5`, `12abc` and numbers too large for `Value` throw.
  public static func number(locale: Locale = .current, grouping: Bool = true) -> TextFormat {
    let plain = IntegerFormatStyle<Value>(locale: locale)
    let style = grouping ? plain : plain.grouping(.never)
    let reader = NumberReader(
      locale: locale,
      samples: [style.format(Value(clamping: 1_234_567)), style.format(Value(clamping: -1_234_567))],
      allowsFraction: false,
      expected: "a whole number",
      example: style.format(Value(clamping: 1234))
    )
    return TextFormat(
      format: { style.format($0) },
      parse: { (text: String) throws(TextFormatError) -> Value in
        let canonical = try reader.canonical(text)
        guard let value = Value(canonical) else {
          var error = reader.failure(text)
          error.expected = "a whole number from \(style.format(Value.min)) to \(style.format(Value.max))"
          throw error
        }
        return value
      }
    )
  }
}

extension TextFormat where Value: BinaryFloatingPoint & LosslessStringConvertible & Sendable {
  /// Decimal numbers in `locale`'s form (`1,234.5`, `1.234,5`), through `FloatingPointFormatStyle`.
  ///
  /// - Parameters:
  ///   - locale: Whose separators and digits grouping to use.
  ///   - fractionDigits: How many digits after the decimal separator are shown; all that are
  ///     needed (up to six) by default.
  public static func number(locale: Locale = .current, fractionDigits: ClosedRange<Int>? = nil) -> TextFormat {
    let plain = FloatingPointFormatStyle<Value>(locale: locale)
    let style = fractionDigits.map { plain.precision(.fractionLength($0)) } ?? plain
    return decimal(
      format: { style.format($0) },
      locale: locale,
      samples: [style.format(1_234_567.25), style.format(-1_234_567.25)],
      expected: "a number",
      example: style.format(1234.5),
      exponent: 0
    )
  }

  /// Percentages in `locale`'s form: 0.256 is `25.6%` in English, `25,6 %` in German; typed text is
  /// read back as a fraction (`25.6` and `25.6%` are both 0.256).
  public static func percent(locale: Locale = .current, fractionDigits: ClosedRange<Int>? = nil) -> TextFormat {
    let plain = FloatingPointFormatStyle<Value>.Percent(locale: locale)
    let style = fractionDigits.map { plain.precision(.fractionLength($0)) } ?? plain
    return decimal(
      format: { style.format($0) },
      locale: locale,
      samples: [style.format(12_345.25), style.format(-12_345.25)],
      expected: "a percentage",
      example: style.format(0.125),
      exponent: -2
    )
  }

  /// Amounts of a currency in `locale`'s form: `€1,234.50` in English, `1.234,50 €` in German; typed
  /// text may leave the symbol out, but a symbol of another currency is rejected.
  ///
  /// - Parameters:
  ///   - code: The ISO 4217 code of the currency, such as `EUR`.
  ///   - locale: Whose separators, symbol position and digits grouping to use.
  public static func currency(code: String, locale: Locale = .current) -> TextFormat {
    let style = FloatingPointFormatStyle<Value>.Currency(code: code, locale: locale)
    return decimal(
      format: { style.format($0) },
      locale: locale,
      samples: [style.format(1_234_567.25), style.format(-1_234_567.25)],
      expected: "an amount in \(code)",
      example: style.format(1234.5),
      exponent: 0
    )
  }

  private static func decimal(
    format: @escaping @Sendable (Value) -> String,
    locale: Locale,
    samples: [String],
    expected: String,
    example: String,
    exponent: Int
  ) -> TextFormat {
    let reader = NumberReader(
      locale: locale,
      samples: samples,
      allowsFraction: true,
      expected: expected,
      example: example
    )
    return TextFormat(
      format: format,
      parse: { (text: String) throws(TextFormatError) -> Value in
        let canonical = try reader.canonical(text)
        guard let value = Value(exponent == 0 ? canonical : canonical + "e\(exponent)"), value.isFinite else {
          throw reader.failure(text)
        }
        return value
      }
    )
  }
}
