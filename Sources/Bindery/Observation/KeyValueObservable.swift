/// An object whose properties can be observed and bound.
///
/// Apply the ``KeyValueObservable()`` macro to a class, or conform by hand: keep a
/// ``KeyValueRegistrar`` and report reads and changes of each property to it.
///
/// ```swift
/// @KeyValueObservable
/// final class Person {
///   var firstName = ""
///   var lastName = ""
///   var fullName: String { "\(firstName) \(lastName)" }  // observable through its reads
/// }
///
/// // The same, by hand:
/// final class Counter: KeyValueObservable {
///   let keyValueRegistrar = KeyValueRegistrar()
///   private var _count = 0
///   var count: Int {
///     get {
///       keyValueRegistrar.access(self, #propertyID("count"), \.count)
///       return _count
///     }
///     set {
///       let old = _count
///       guard old != newValue else { return }
///       keyValueRegistrar.willSet(self, #propertyID("count"), \.count, value: old)
///       _count = newValue
///       keyValueRegistrar.didSet(self, #propertyID("count"), \.count, from: old, to: newValue)
///     }
///   }
/// }
/// ```
public protocol KeyValueObservable: AnyObject {
  /// The registrar that records this object's observers and bindings.
  var keyValueRegistrar: KeyValueRegistrar { get }
}
