// Built with the package's Postgres trait; without it the module is empty.
#if Postgres
  import BinderyStore

  /// Where a PostgreSQL server is and how to log in, from a URL such as
  /// `postgres://user:password@host:5432/database` (or `postgresql://…`).
  ///
  /// The user, password and database may be percent-encoded; the port defaults to 5432 and the
  /// database to the user's name, as `psql` does. A host in brackets is an IPv6 address. Only
  /// `sslmode=disable` or `sslmode=prefer` is accepted after `?`: the store speaks plain TCP.
  struct PostgresURL: Sendable, Hashable {
    /// The user name.
    var user: String
    /// The password, when the URL has one.
    var password: String?
    /// The host name or address.
    var host: String
    /// The TCP port.
    var port: Int
    /// The database.
    var database: String

    /// Parses `text`; throws a ``BinderyStore/StoreError`` of kind `database` naming what is wrong.
    init(_ text: String) throws(StoreError) {
      func bad(_ why: String) -> StoreError {
        StoreError(.database, "`\(Self.redacted(text))` is not a PostgreSQL URL: \(why)")
      }
      var rest = Substring(text)
      if rest.hasPrefix("postgres://") {
        rest = rest.dropFirst("postgres://".count)
      } else if rest.hasPrefix("postgresql://") {
        rest = rest.dropFirst("postgresql://".count)
      } else {
        throw bad("it must start with postgres:// or postgresql://")
      }
      var query: Substring = ""
      if let mark = rest.firstIndex(of: "?") {
        query = rest[rest.index(after: mark)...]
        rest = rest[..<mark]
      }
      var path: Substring = ""
      if let slash = rest.firstIndex(of: "/") {
        path = rest[rest.index(after: slash)...]
        rest = rest[..<slash]
      }
      var userInfo: Substring = ""
      if let at = rest.lastIndex(of: "@") {
        userInfo = rest[..<at]
        rest = rest[rest.index(after: at)...]
      }
      var hostPart = rest
      var portText: Substring?
      if hostPart.hasPrefix("[") {
        guard let close = hostPart.firstIndex(of: "]") else { throw bad("an IPv6 host needs its closing ]") }
        let after = hostPart[hostPart.index(after: close)...]
        if after.hasPrefix(":") {
          portText = after.dropFirst()
        } else if !after.isEmpty {
          throw bad("unexpected text after the host")
        }
        hostPart = hostPart[hostPart.index(after: hostPart.startIndex)..<close]
      } else if let colon = hostPart.firstIndex(of: ":") {
        portText = hostPart[hostPart.index(after: colon)...]
        hostPart = hostPart[..<colon]
      }
      guard !hostPart.isEmpty else { throw bad("it names no host") }
      var port = 5432
      if let portText {
        guard let number = Int(portText), (1...65535).contains(number) else {
          throw bad("`\(portText)` is not a port (1 to 65535)")
        }
        port = number
      }
      var user: String?
      var password: String?
      if !userInfo.isEmpty {
        if let colon = userInfo.firstIndex(of: ":") {
          user = try Self.decoded(userInfo[..<colon], or: bad("the user name is badly percent-encoded"))
          password = try Self.decoded(
            userInfo[userInfo.index(after: colon)...], or: bad("the password is badly percent-encoded"))
        } else {
          user = try Self.decoded(userInfo, or: bad("the user name is badly percent-encoded"))
        }
      }
      guard let user, !user.isEmpty else { throw bad("it names no user (postgres://user@host/database)") }
      let database = try Self.decoded(path, or: bad("the database name is badly percent-encoded"))
      guard !database.contains("/") else { throw bad("the database name has a /") }
      for option in query.split(separator: "&") where !option.isEmpty {
        let pair = option.split(separator: "=", maxSplits: 1).map(String.init)
        guard pair.count == 2, pair[0] == "sslmode", ["disable", "prefer", "allow"].contains(pair[1]) else {
          throw bad("`\(option)` is not supported (only sslmode=disable: the store does not use TLS)")
        }
      }
      self.user = user
      self.password = password
      self.host = String(hostPart)
      self.port = port
      self.database = database.isEmpty ? user : database
    }

    /// The URL with its password replaced by `***`, for messages.
    static func redacted(_ text: String) -> String {
      guard let scheme = text.range(of: "://") else { return text }
      let afterScheme = text[scheme.upperBound...]
      let authorityEnd = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? afterScheme.endIndex
      let authority = afterScheme[..<authorityEnd]
      guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else {
        return text
      }
      return String(text[..<authority.index(after: colon)]) + "***" + String(text[at...])
    }

    /// `text` with its `%XX` escapes decoded as UTF-8; throws `error` for a bad escape.
    private static func decoded(_ text: Substring, or error: StoreError) throws(StoreError) -> String {
      var bytes: [UInt8] = []
      var utf8 = text.utf8[...]
      while let byte = utf8.popFirst() {
        guard byte == UInt8(ascii: "%") else {
          bytes.append(byte)
          continue
        }
        guard let high = utf8.popFirst().flatMap(Self.hexValue), let low = utf8.popFirst().flatMap(Self.hexValue) else {
          throw error
        }
        bytes.append(high << 4 | low)
      }
      guard let decoded = String(validating: bytes, as: UTF8.self) else { throw error }
      return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
      default: nil
      }
    }
  }
#endif
