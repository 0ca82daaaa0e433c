/// Two transformers in a chain: applied in order forward, in reverse order backward.
///
/// ```swift
/// let chain = IsNotNilTransformer<Person>().then(NegateBooleanTransformer())  // same as IsNil
/// ```
public struct ComposedTransformer<First: BindingTransformer, Second: BindingTransformer>: BindingTransformer
where First.Output == Second.Input {
  /// The transformer applied first on the way to the target.
  public let first: First
  /// The transformer applied second on the way to the target.
  public let second: Second

  /// Chains `first` then `second`.
  public init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  /// `second(first(value))`.
  public func transform(_ value: First.Input) -> Second.Output {
    second.transform(first.transform(value))
  }

  /// `first⁻¹(second⁻¹(value))`.
  public func reverseTransform(_ value: Second.Output) throws -> First.Input {
    try first.reverseTransform(second.reverseTransform(value))
  }

  /// Reversible when both are.
  public var isReversible: Bool { first.isReversible && second.isReversible }
}

extension BindingTransformer {
  /// This transformer, then `next`.
  public func then<Next: BindingTransformer>(_ next: Next) -> ComposedTransformer<Self, Next>
  where Next.Input == Output {
    ComposedTransformer(self, next)
  }
}

extension ComposedTransformer: Sendable where First: Sendable, Second: Sendable {}
