public import Observation

// What `@KeyValueObservable(observation: true)` writes into a class to make it
// `Observation.Observable` too, named through Bindery so that the class's file needs no import of
// Observation. Not meant to be used by hand.

/// The registrar of a class that is `Observation.Observable` too (written by the macro).
public typealias _KeyValueObservationRegistrar = ObservationRegistrar

/// `Observation.Observable`, as the macro names it in a class's conformances.
public typealias _KeyValueObservationObservable = Observable
