/// `true` for an empty string, an empty collection or `nil` (JSKit's `JSIsEmptyValueTransformer`; the
/// spec shorthand `.length === 0`). One-way.
public struct IsEmptyTransformer<Input: EmptyTestable>: BindingTransformer, Sendable {
  /// Creates the transformer.
  public init() {}

  /// Whether `value` is empty or `nil`.
  public func transform(_ value: Input) -> Bool { value.isEmptyValue }
}
