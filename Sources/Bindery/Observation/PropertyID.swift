internal import BinderyPropertyNames

/// Identifies one observable property of an object.
///
/// `@KeyValueObservable` computes the identifier of each property from its name when it expands.
/// A class that conforms by hand names its properties the same way with ``propertyID(_:)``, also
/// computed at compile time (no hashing at run time, in generic classes too); ``init(_:)`` gives the
/// same value for a name known only at run time.
///
/// ```swift
/// keyValueRegistrar.didSet(self, #propertyID("text"), \.text, from: old, to: text)
/// ```
public struct PropertyID: Hashable, Sendable, CustomStringConvertible {
  /// The 64-bit value that identifies the property.
  public let rawValue: UInt64

  /// Creates an identifier from its raw value.
  @inlinable
  public init(rawValue: UInt64) {
    self.rawValue = rawValue
  }

  /// Creates the identifier of the property with this name, known only at run time: the value
  /// ``propertyID(_:)`` and the macros compute when they expand (FNV-1a of the name's UTF-8 bytes).
  ///
  /// - Complexity: O(n) in the length of the name; for a name written in the code, use
  ///   ``propertyID(_:)``.
  public init(_ name: String) {
    self.rawValue = propertyNameHash(name)
  }

  /// The property's bit in a registrar's filter of observed properties: one of 64, from all of the
  /// identifier's bits (a multiplicative hash), so neither names nor small hand-picked numbers crowd
  /// into a few bits.
  @inlinable
  var filterBit: UInt64 {
    1 &<< ((rawValue &* 0x9E37_79B9_7F4A_7C15) &>> 58)
  }

  /// The key of subscriptions to every change of an object (``ObjectChangeSubscription``), which no
  /// property has: a name's hash is never zero in practice, and the registrar never reports it.
  @usableFromInline
  static var anyProperty: PropertyID { PropertyID(rawValue: 0) }

  /// The identifier in hexadecimal.
  public var description: String { "PropertyID(0x" + String(rawValue, radix: 16) + ")" }
}
