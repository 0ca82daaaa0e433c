/// Watches, and may veto, what bindings do.
///
/// Set one on a binding (``PropertyBinding/delegate``) or on a ``BindingSet`` for all its bindings; a
/// binding's own delegate wins over its set's. Every method has a default that does nothing (and
/// ``binding(_:shouldUpdateSource:from:)`` allows the update), so implement only what you need.
/// The delegate is called synchronously, on the thread that made the change, outside every lock of
/// Bindery; it is held weakly.
///
/// Values are given as `Any`: one delegate serves bindings of every type. For the target, they are the
/// values written (placeholders included); for the source, the values after conversion.
///
/// ```swift
/// final class AuditDelegate: BindingDelegate {
///   var rejected: [String] = []
///   func binding(_ binding: PropertyBinding, shouldUpdateSource value: Any, from targetValue: Any) -> Bool {
///     (value as? String)?.isEmpty == false  // never write an empty name
///   }
///   func binding(_ binding: PropertyBinding, validationFailed error: any Error, for value: Any) {
///     rejected.append("\(value)")
///   }
/// }
/// let bindings = BindingSet()
/// bindings.delegate = audit
/// ```
public protocol BindingDelegate: AnyObject {
  /// The binding is about to write `value` to its target.
  func binding(_ binding: PropertyBinding, willUpdateTarget value: Any)
  /// The binding wrote `value` to its target.
  func binding(_ binding: PropertyBinding, didUpdateTarget value: Any)
  /// The binding is about to write `value` (converted from the target's `targetValue`) to its source;
  /// return `false` to veto: the source keeps its value and the control keeps the user's.
  func binding(_ binding: PropertyBinding, shouldUpdateSource value: Any, from targetValue: Any) -> Bool
  /// The binding wrote `value` to its source.
  func binding(_ binding: PropertyBinding, didUpdateSource value: Any)
  /// The target's `targetValue` could not be converted for the source (the transformer or formatter
  /// threw `error`); the source keeps its value.
  func binding(_ binding: PropertyBinding, conversionFailed error: any Error, for targetValue: Any)
  /// `value` was rejected by the binding's validator or the model's validation; the source keeps its value.
  func binding(_ binding: PropertyBinding, validationFailed error: any Error, for value: Any)
  /// What feeds the binding's source failed with `error` (an async sequence threw); the binding has
  /// ended, and its target keeps the last value it showed.
  func binding(_ binding: PropertyBinding, sourceFailed error: any Error)
}

extension BindingDelegate {
  /// Does nothing.
  public func binding(_ binding: PropertyBinding, willUpdateTarget value: Any) {}
  /// Does nothing.
  public func binding(_ binding: PropertyBinding, didUpdateTarget value: Any) {}
  /// Allows the update.
  public func binding(_ binding: PropertyBinding, shouldUpdateSource value: Any, from targetValue: Any) -> Bool {
    true
  }
  /// Does nothing.
  public func binding(_ binding: PropertyBinding, didUpdateSource value: Any) {}
  /// Does nothing.
  public func binding(_ binding: PropertyBinding, conversionFailed error: any Error, for targetValue: Any) {}
  /// Does nothing.
  public func binding(_ binding: PropertyBinding, validationFailed error: any Error, for value: Any) {}
  /// Does nothing.
  public func binding(_ binding: PropertyBinding, sourceFailed error: any Error) {}
}
