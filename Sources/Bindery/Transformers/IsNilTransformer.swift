/// `true` when the value is `nil` (JSKit's `JSIsNullValueTransformer`; the spec shorthand `=== null`).
/// One-way.
public struct IsNilTransformer<Wrapped>: BindingTransformer, Sendable {
  /// Creates the transformer.
  public init() {}

  /// Whether `value` is `nil`.
  public func transform(_ value: Wrapped?) -> Bool { value == nil }
}
