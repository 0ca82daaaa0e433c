public import Bindery

/// Shows values as text and reads text typed by a user back into values: a two-way
/// `BindingTransformer` built on Foundation's format styles, for a given locale.
///
/// Reading back is strict: text that is not entirely a value of the format (`12abc`, `1.5` for a
/// whole number, `32.13.2023` for a date, a currency symbol of another currency) throws a
/// ``TextFormatError`` instead of being read as far as it goes, so a binding reports it to the control
/// and the delegate and the model keeps its value; never a crash, never a silent zero.
///
/// ```swift
/// let german = Locale(identifier: "de_DE")
/// ageField.bind(\.text, to: .keyPath(person, \.age, converted: TextFormat<Int>.number(locale: german)))
/// priceField.bind(\.text, to: .keyPath(item, \.price,
///                 converted: TextFormat<Double>.currency(code: "EUR", locale: german),  // "1.234,50 €"
///                 editing: TextFormat<Double>.number(locale: german)))                  // "1234,5"
/// ```
public struct TextFormat<Value>: BindingTransformer, Sendable {
  private let render: @Sendable (Value) -> String
  private let read: @Sendable (String) throws(TextFormatError) -> Value

  /// Creates a format from its two directions.
  public init(
    format: @escaping @Sendable (Value) -> String,
    parse: @escaping @Sendable (String) throws(TextFormatError) -> Value
  ) {
    self.render = format
    self.read = parse
  }

  /// The value as text.
  public func transform(_ value: Value) -> String { render(value) }

  /// The value the text shows.
  ///
  /// - Throws: ``TextFormatError`` when the text is not entirely a value of this format.
  public func reverseTransform(_ text: String) throws -> Value { try parse(text) }

  /// The value the text shows, with a typed error.
  public func parse(_ text: String) throws(TextFormatError) -> Value { try read(text) }

  /// Always `true`: text is read back.
  public var isReversible: Bool { true }

  /// The same format for an optional value: `nil` is shown as empty text, and empty text (or only
  /// spaces) is read as `nil`.
  public var optional: TextFormat<Value?> {
    let render = self.render
    let read = self.read
    return TextFormat<Value?>(
      format: { value in value.map(render) ?? "" },
      parse: { (text: String) throws(TextFormatError) -> Value? in
        text.allSatisfy(\.isWhitespace) ? nil : try read(text)
      }
    )
  }
}
