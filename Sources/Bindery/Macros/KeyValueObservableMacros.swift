import Observation

// The macros that make a class observable and bindable: its accessors report to the observation core
// (``KeyValueRegistrar``) and its properties are reachable by name (``KeyValueCoding``).

/// Makes every stored `var` of a class observable and bindable.
///
/// What the declaration says keeps its meaning: `weak`, `unowned` and `unowned(unsafe)` properties
/// keep their ownership, attributes and availability stay, and a property's own `willSet`/`didSet`
/// run around the notification (prior observers, `willSet`, the store, `didSet`, then observers, who
/// get the value `didSet` settled on; a `didSet` that assigns its own property stores directly, as
/// in Swift, so it runs once and observers hear one change). `let`s, `static` properties, `lazy` properties, properties
/// with a property wrapper and properties marked ``KeyValueIgnored()`` are left alone (they can
/// still be read by name). Computed properties need nothing: a tracked observation records the
/// stored properties they read.
///
/// A `Codable` class is coded under its properties' names (the registrar stays out); the
/// properties of a `Sendable` class are kept behind a lock, so they can be written from any thread;
/// a property isolated to a global actor is observable on that actor, but not reachable by name.
/// `var a = 0, b = 0` is an error: declare each observable property on its own.
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
/// With `observation: true` (``KeyValueObservable(observation:)``), the class is
/// `Observation.Observable` too.
///
/// Applied to a struct, an enum, an actor, a protocol or an extension, it is a compile-time error.
@attached(
  member,
  conformances: KeyValueObservable,
  KeyValueCoding,
  names: named(keyValueRegistrar),
  named(keyValueKeys),
  named(CodingKeys),
  named(_KeyValueDeprecatedKeys)
)
@attached(memberAttribute)
@attached(extension, conformances: KeyValueObservable, KeyValueCoding)
public macro KeyValueObservable() = #externalMacro(module: "BinderyMacros", type: "KeyValueObservableMacro")

/// Makes every stored `var` of a class observable and bindable, as ``KeyValueObservable()``, and, with
/// `observation: true`, the class `Observation.Observable` too: `withObservationTracking`,
/// `Observations` and SwiftUI see its reads and changes (computed properties through the stored
/// properties they read), and Bindery's observers and bindings work as before. Only classes that ask
/// pay for it. Give it to the first observable class of a hierarchy, and to its subclasses whose own
/// properties Observation should see.
///
/// ```swift
/// @KeyValueObservable(observation: true)
/// final class Person {
///   var firstName = ""
///   var lastName = ""
///   var fullName: String { "\(firstName) \(lastName)" }
/// }
/// withObservationTracking { _ = person.fullName } onChange: { print("changed") }
/// ```
@attached(
  member,
  conformances: KeyValueObservable,
  KeyValueCoding,
  names: named(keyValueRegistrar),
  named(keyValueKeys),
  named(CodingKeys),
  named(_KeyValueDeprecatedKeys),
  named(_$observationRegistrar)
)
@attached(memberAttribute)
@attached(extension, conformances: KeyValueObservable, KeyValueCoding, Observable)
public macro KeyValueObservable(observation: Bool) =
  #externalMacro(module: "BinderyMacros", type: "KeyValueObservableMacro")

/// Makes one stored property observable; ``KeyValueObservable()`` adds it to each stored `var`.
///
/// - Parameters:
///   - locked: Keeps the value behind a lock, so it can be read and written from any thread (what
///     ``KeyValueObservable()`` asks for the properties of a `Sendable` class).
///   - observation: Reports reads and changes to Observation too (the class's
///     `_$observationRegistrar`, which ``KeyValueObservable(observation:)`` adds).
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_))
public macro KeyValueTracked(locked: Bool = false, observation: Bool = false) =
  #externalMacro(module: "BinderyMacros", type: "KeyValueTrackedMacro")

/// Leaves a stored property of a ``KeyValueObservable()`` class unobserved.
@attached(accessor, names: named(willSet))
public macro KeyValueIgnored() = #externalMacro(module: "BinderyMacros", type: "KeyValueIgnoredMacro")
