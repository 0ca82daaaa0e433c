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
///       keyValueRegistrar.access(self, PropertyID("count"), \.count)
///       return _count
///     }
///     set {
///       let old = _count
///       guard old != newValue else { return }
///       keyValueRegistrar.willSet(self, PropertyID("count"), \.count, value: old)
///       _count = newValue
///       keyValueRegistrar.didSet(self, PropertyID("count"), \.count, from: old, to: newValue)
///     }
///   }
/// }
/// ```
public protocol KeyValueObservable: AnyObject {
  /// The registrar that records this object's observers and bindings.
  var keyValueRegistrar: KeyValueRegistrar { get }
}

/// Makes every stored `var` of a class observable and bindable.
///
/// `let`s, `static` properties, `lazy` properties, properties with observers (`willSet`/`didSet`) and
/// properties marked ``KeyValueIgnored()`` are left alone. Computed properties need nothing: a
/// tracked observation records the stored properties they read.
///
/// ```swift
/// @KeyValueObservable
/// final class PersonController {
///   var person: Person?
///   var isSaving = false
///   @KeyValueIgnored var cache: [String: Int] = [:]
/// }
/// ```
///
/// Applied to a struct, an enum, an actor, a protocol or an extension, it is a compile-time error.
@attached(
  member,
  conformances: KeyValueObservable,
  KeyValueCoding,
  names: named(keyValueRegistrar),
  named(keyValueKeys)
)
@attached(memberAttribute)
@attached(extension, conformances: KeyValueObservable, KeyValueCoding)
public macro KeyValueObservable() = #externalMacro(module: "BinderyMacros", type: "KeyValueObservableMacro")

/// Makes one stored property observable; ``KeyValueObservable()`` adds it to each stored `var`.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_))
public macro KeyValueTracked() = #externalMacro(module: "BinderyMacros", type: "KeyValueTrackedMacro")

/// Leaves a stored property of a ``KeyValueObservable()`` class unobserved.
@attached(accessor, names: named(willSet))
public macro KeyValueIgnored() = #externalMacro(module: "BinderyMacros", type: "KeyValueIgnoredMacro")
