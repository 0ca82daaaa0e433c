/// Who may open the inspector: clients on this machine only (the loopback addresses `127.0.0.0/8`
/// and `::1`, IPv4 ones also as IPv6-mapped `::ffff:127.x.x.x`), whatever address the server
/// listens on.
enum InspectorAccess {
  /// Whether a client at `address` (an IP address as text) is on this machine.
  static func allows(_ address: String?) -> Bool {
    guard let address else { return false }
    let lowered = address.lowercased()
    if lowered == "::1" || lowered == "0:0:0:0:0:0:0:1" { return true }
    let v4 = lowered.hasPrefix("::ffff:") ? String(lowered.dropFirst("::ffff:".count)) : lowered
    let parts = v4.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4, parts.allSatisfy({ part in UInt8(part) != nil && part.count <= 3 }) else { return false }
    return parts[0] == "127"
  }
}
