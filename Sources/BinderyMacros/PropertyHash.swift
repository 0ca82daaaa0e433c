/// FNV-1a, 64 bits: the same function as `PropertyID(_:)` uses at run time.
func propertyHash(_ name: String) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in name.utf8 {
    hash ^= UInt64(byte)
    hash &*= 0x0000_0100_0000_01b3
  }
  return hash
}

/// The hexadecimal literal for a property's identifier.
func propertyIDLiteral(_ name: String) -> String {
  "0x" + String(propertyHash(name), radix: 16)
}
