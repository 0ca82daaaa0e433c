/// Converts values on their way through a binding: forward from the source to the target, and back
/// when the transformer can reverse.
///
/// A binding whose transformer cannot reverse is read-only (source to target), automatically.
///
/// ```swift
/// struct Celsius: BindingTransformer {
///   func transform(_ kelvin: Double) -> String { "\(kelvin - 273.15) °C" }
/// }
/// label.bind(\.text, to: .keyPath(sensor, \.kelvin, converted: Celsius()))
/// field.bind(\.isEnabled, to: .keyPath(controller, \.person, converted: IsNotNilTransformer()))
/// ```
public protocol BindingTransformer<Input, Output> {
  /// The source's value type.
  associatedtype Input
  /// The target's value type.
  associatedtype Output

  /// Converts a source value for the target.
  func transform(_ value: Input) -> Output

  /// Converts a target value back for the source.
  ///
  /// - Throws: ``BindingTransformerError`` (or your own error) when the value cannot be converted;
  ///   the source is then left unchanged.
  func reverseTransform(_ value: Output) throws -> Input

  /// Whether ``reverseTransform(_:)`` is implemented; `false` makes bindings read-only.
  var isReversible: Bool { get }
}

extension BindingTransformer {
  /// Not reversible: throws ``BindingTransformerError/notReversible(transformer:)``.
  public func reverseTransform(_ value: Output) throws -> Input {
    throw BindingTransformerError.notReversible(transformer: String(describing: Self.self))
  }

  /// `false` unless the transformer says otherwise.
  public var isReversible: Bool { false }
}

/// Why a transformer did not convert a value.
public enum BindingTransformerError: Error, Equatable, CustomStringConvertible {
  /// The transformer has no reverse transformation.
  case notReversible(transformer: String)
  /// The value does not have the type the transformer takes.
  case wrongType(transformer: String, expected: String, got: String)
  /// The value has the right type but cannot be converted.
  case invalidValue(transformer: String, reason: String)

  /// A message a user can act on.
  public var description: String {
    switch self {
    case .notReversible(let transformer):
      "\(transformer) cannot convert values back; bind it one-way"
    case .wrongType(let transformer, let expected, let got):
      "\(transformer) expects a value of type \(expected), got \(got)"
    case .invalidValue(let transformer, let reason):
      "\(transformer): \(reason)"
    }
  }
}
