/// `!value`, both ways (JSKit's `JSNegateBooleanValueTransformer`; the spec shorthand `!`).
///
/// ```swift
/// // enabled while not saving
/// firstNameField.bind(\.isEnabled, to: .keyPath(controller, \.isSaving, converted: NegateBooleanTransformer()))
/// ```
public struct NegateBooleanTransformer: BindingTransformer, Sendable {
  /// Creates the transformer.
  public init() {}

  /// `!value`.
  public func transform(_ value: Bool) -> Bool { !value }

  /// `!value`.
  public func reverseTransform(_ value: Bool) throws -> Bool { !value }

  /// Reversible.
  public var isReversible: Bool { true }
}
