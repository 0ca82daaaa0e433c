/// A transformer made of closures (the two-way binding article's mappers).
///
/// ```swift
/// let yesNo = ClosureTransformer<Bool, String>(
///   forward: { $0 ? "yes" : "no" },
///   reverse: { text in
///     guard ["yes", "no"].contains(text) else {
///       throw BindingTransformerError.invalidValue(transformer: "yesNo", reason: "say yes or no")
///     }
///     return text == "yes"
///   }
/// )
/// let boolToString = ClosureTransformer<Bool, String>(forward: String.init)  // one-way
/// ```
public struct ClosureTransformer<Input, Output>: BindingTransformer {
  private let forward: (Input) -> Output
  private let reverse: ((Output) throws -> Input)?

  /// Creates a transformer; without `reverse` it is one-way.
  public init(forward: @escaping (Input) -> Output, reverse: ((Output) throws -> Input)? = nil) {
    self.forward = forward
    self.reverse = reverse
  }

  /// Applies `forward`.
  public func transform(_ value: Input) -> Output { forward(value) }

  /// Applies `reverse`, or throws ``BindingTransformerError/notReversible(transformer:)`` without one.
  public func reverseTransform(_ value: Output) throws -> Input {
    guard let reverse else {
      throw BindingTransformerError.notReversible(transformer: "ClosureTransformer")
    }
    return try reverse(value)
  }

  /// Whether a `reverse` closure was given.
  public var isReversible: Bool { reverse != nil }
}
