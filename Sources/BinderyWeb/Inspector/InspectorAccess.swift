import HTTPTypes

/// Who may open the inspector: clients on this machine only, whatever address the server listens on.
///
/// A request is allowed when it comes from a loopback address (`127.0.0.0/8`, `::1`, IPv4 ones also
/// as IPv6-mapped `::ffff:127.x.x.x`), names a loopback host (`Host: 127.0.0.1:8080`,
/// `localhost`, `[::1]`: a page of another site that a DNS name was pointed at this machine is
/// refused), and carries no header a proxy adds (`Forwarded`, `X-Forwarded-For`, `X-Real-IP`: a
/// proxy on this machine would make every client look local). Its socket also needs the origin of a
/// loopback page (`http://127.0.0.1:PORT`, `http://localhost:PORT`, `http://[::1]:PORT`), never one
/// of the page's other allowed origins.
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

  /// Whether a request from `address` for `authority` (its `Host`) with `headers` may have the
  /// inspector's page or socket.
  static func allows(_ address: String?, authority: String?, headers: HTTPFields) -> Bool {
    guard allows(address) else { return false }
    for proxied in ["Forwarded", "X-Forwarded-For", "X-Forwarded-Host", "X-Real-IP"] {
      if let name = HTTPField.Name(proxied), headers[name] != nil { return false }
    }
    return isLoopbackHost(authority)
  }

  /// Whether `host` (a `Host` header, with or without a port) names this machine's loopback.
  static func isLoopbackHost(_ host: String?) -> Bool {
    guard let host = host?.lowercased() else { return false }
    let name: Substring
    if host.hasPrefix("[") {
      guard let close = host.firstIndex(of: "]") else { return false }
      name = host[host.index(after: host.startIndex)..<close]
    } else {
      name = host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    }
    return name == "localhost" || allows(String(name))
  }

  /// Whether `origin` is a page of this machine's loopback on `port`.
  static func allowsOrigin(_ origin: String?, port: Int) -> Bool {
    guard let origin else { return false }
    return ["http://127.0.0.1:\(port)", "http://localhost:\(port)", "http://[::1]:\(port)"].contains(origin)
  }
}
