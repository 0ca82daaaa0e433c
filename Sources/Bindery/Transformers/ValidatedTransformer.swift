/// A transformer that checks every value it converts back, before the binding writes it to its source.
///
/// ```swift
/// field.bind(\.text, to: .keyPath(account, \.age, converted: AgeText().validated { age in
///   guard (0...150).contains(age) else { throw AgeError.outOfRange }
/// }))
/// ```
///
/// A value the check rejects is reported as ``BindingError/validationFailed(_:)`` (the source keeps its
/// value and the control shows the error); one the transformer cannot convert, as
/// ``BindingError/conversionFailed(_:)``. With an editing form, each form checks only what it reads
/// back itself: give the editing transformer the check too, or check the typed text with
/// ``BindingSource/validated(_:)``.
public struct ValidatedTransformer<Base: BindingTransformer>: BindingTransformer {
  /// The transformer that converts.
  public let base: Base
  private let check: (Base.Input) throws -> Void

  /// `base`, with `check` run on every value it converts back.
  public init(_ base: Base, check: @escaping (Base.Input) throws -> Void) {
    self.base = base
    self.check = check
  }

  /// What `base` makes of `value`.
  public func transform(_ value: Base.Input) -> Base.Output {
    base.transform(value)
  }

  /// What `base` makes of `value` back, once the check accepts it.
  public func reverseTransform(_ value: Base.Output) throws -> Base.Input {
    let converted = try base.reverseTransform(value)
    do {
      try check(converted)
    } catch {
      throw ValidationFailure(underlying: error, value: converted)
    }
    return converted
  }

  /// Reversible when `base` is.
  public var isReversible: Bool { base.isReversible }
}

extension BindingTransformer {
  /// This transformer, checking every value it converts back with `check`: throw to reject it.
  public func validated(_ check: @escaping (Input) throws -> Void) -> ValidatedTransformer<Self> {
    ValidatedTransformer(self, check: check)
  }
}

/// A value a ``ValidatedTransformer`` converted back and its check rejected.
///
/// Unchecked: it is thrown and caught on one thread, inside the binding that converts the value.
@usableFromInline
struct ValidationFailure: Error, @unchecked Sendable {
  @usableFromInline
  let underlying: any Error
  /// The converted value that was rejected.
  @usableFromInline
  let value: Any
}
