/// A class that string forms make by name, such as a spec file's `class: TextField`.
///
/// The module that owns the class declares the names; whoever assembles a spec loader's classes
/// registers the types (`registry.register(HeadlessControls.classes)`).
///
/// ```swift
/// extension Gauge: KeyValueInstantiable {
///   public static var instantiableNames: [String] { ["Gauge", "UIGauge"] }
/// }
/// ```
public protocol KeyValueInstantiable: KeyValueCoding, SendableMetatype {
  /// The names a spec file may give the class in `class:`.
  static var instantiableNames: [String] { get }

  /// Makes an instance with its defaults.
  init()
}
