/// The 64-bit identifier of the property named `name`: FNV-1a of its UTF-8 bytes.
///
/// The one copy of the function: `#propertyID` and the observation macros compute identifiers
/// with it when they expand, `PropertyID(_:)` at run time, so the two always agree.
public func propertyNameHash(_ name: String) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in name.utf8 {
    hash ^= UInt64(byte)
    hash &*= 0x0000_0100_0000_01b3
  }
  return hash
}
