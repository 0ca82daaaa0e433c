/// `true` when the value is not `nil` (JSKit's `JSIsNotNullValueTransformer`; the spec shorthand
/// `!== null`). One-way.
///
/// ```swift
/// firstNameField.bind(\.isEnabled, to: .keyPath(controller, \.person, converted: IsNotNilTransformer()))
/// ```
public struct IsNotNilTransformer<Wrapped>: BindingTransformer, Sendable {
  /// Creates the transformer.
  public init() {}

  /// Whether `value` is not `nil`.
  public func transform(_ value: Wrapped?) -> Bool { value != nil }
}
