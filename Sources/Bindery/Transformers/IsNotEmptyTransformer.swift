/// `true` for a non-empty string or collection; `false` for an empty one or `nil` (JSKit's
/// `JSIsNotEmptyValueTransformer`; the spec shorthand `.length > 0`). One-way.
public struct IsNotEmptyTransformer<Input: EmptyTestable>: BindingTransformer, Sendable {
  /// Creates the transformer.
  public init() {}

  /// Whether `value` is neither empty nor `nil`.
  public func transform(_ value: Input) -> Bool { !value.isEmptyValue }
}
