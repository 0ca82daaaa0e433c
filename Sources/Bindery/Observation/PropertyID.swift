/// Identifies one observable property of an object.
///
/// `@KeyValueObservable` computes the identifier of each property from its name at compile time.
/// A class that conforms by hand makes its identifiers with ``init(_:)``, which gives the same value.
///
/// ```swift
/// static var textID: PropertyID { PropertyID("text") }
/// ```
public struct PropertyID: Hashable, Sendable, CustomStringConvertible {
  /// The 64-bit value that identifies the property.
  public let rawValue: UInt64

  /// Creates an identifier from its raw value.
  @inlinable
  public init(rawValue: UInt64) {
    self.rawValue = rawValue
  }

  /// Creates the identifier of the property with this name (FNV-1a of its UTF-8 bytes).
  ///
  /// - Complexity: O(n) in the length of the name; make it once, not on every change.
  public init(_ name: String) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    self.rawValue = hash
  }

  /// The property's bit in a registrar's filter of observed properties: one of 64, from all of the
  /// identifier's bits (a multiplicative hash), so neither names nor small hand-picked numbers crowd
  /// into a few bits.
  @inlinable
  var filterBit: UInt64 {
    1 &<< ((rawValue &* 0x9E37_79B9_7F4A_7C15) &>> 58)
  }

  /// The identifier in hexadecimal.
  public var description: String { "PropertyID(0x" + String(rawValue, radix: 16) + ")" }
}
