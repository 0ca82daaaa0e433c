// Built with the package's Postgres trait; without it the module is empty.
#if Postgres
  import BinderyStore

  /// The text of a notification: the table's name (after its schema's, when the store has one),
  /// then, on the next lines, the transaction's changes to it, so that other stores apply them
  /// without reading the table again.
  ///
  /// Changes are tokens, each followed by a space: `u ID N` and N column–value pairs for an update,
  /// `i ID N` and N pairs for an insert, `d N` and N ids for a delete. A value is `n` (NULL), `i` and
  /// an integer, `r` and a real number, `t` and its length in UTF-8 bytes, `:` and the text, or `b`
  /// and hexadecimal bytes. A notification that is too long for PostgreSQL (8,000 bytes) names the
  /// table only, and its readers read the table again.
  enum PostgresNotice {
    /// The longest payload sent with its changes; PostgreSQL refuses 8,000 bytes and more.
    static let longestPayload = 7_900

    /// The payload for `changes` to `table`; the table's name only when the changes do not fit.
    static func payload(table: String, schema: String?, changes: [StoreChange]) -> String {
      let header = schema.map { "\($0).\(table)" } ?? table
      var body = ""
      for change in changes {
        append(change, to: &body)
        guard header.utf8.count + 1 + body.utf8.count <= longestPayload else { return header }
      }
      return body.isEmpty ? header : header + "\n" + body
    }

    /// The notice `payload` carries for a store in `schema`; `nil` when it is about another schema's
    /// table. Changes that cannot be read (another program's notification) give a notice without
    /// changes, so the table is read again.
    static func notice(inPayload payload: String, schema: String?, isOwn: Bool) -> StoreNotice? {
      let lines = payload.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
      guard let table = PostgresSQL.table(inPayload: String(lines[0]), schema: schema) else { return nil }
      guard lines.count == 2, !lines[1].isEmpty else { return StoreNotice(table: table, changes: nil, isOwn: isOwn) }
      var reader = Reader(bytes: Array(lines[1].utf8))
      return StoreNotice(table: table, changes: reader.changes(table: table), isOwn: isOwn)
    }

    private static func append(_ change: StoreChange, to body: inout String) {
      switch change {
      case .insert(_, let id, let columns, let values):
        body += "i \(id ?? 0) \(columns.count) "
        appendPairs(columns, values, to: &body)
      case .update(_, let id, let columns, let values):
        body += "u \(id) \(columns.count) "
        appendPairs(columns, values, to: &body)
      case .delete(_, let ids):
        body += "d \(ids.count) "
        for id in ids { body += "\(id) " }
      case .expect:
        break  // changes nothing
      }
    }

    private static func appendPairs(_ columns: [String], _ values: [StoreValue], to body: inout String) {
      for (column, value) in zip(columns, values) {
        body += column + " "
        switch value {
        case .null: body += "n "
        case .integer(let value): body += "i\(value) "
        case .real(let value): body += "r\(value) "
        case .text(let value): body += "t\(value.utf8.count):\(value) "
        case .bytes(let value):
          body += "b"
          for byte in value {
            body.unicodeScalars.append(hexDigits[Int(byte >> 4)])
            body.unicodeScalars.append(hexDigits[Int(byte & 0xF)])
          }
          body += " "
        }
      }
    }

    private static let hexDigits = Array("0123456789abcdef".unicodeScalars)

    /// Reads changes from a payload's bytes; every count is checked against what is left, so a
    /// hostile payload can make nothing larger than itself.
    private struct Reader {
      let bytes: [UInt8]
      var position = 0

      mutating func changes(table: String) -> [StoreChange]? {
        var changes: [StoreChange] = []
        while position < bytes.count {
          guard let kind = token() else { return nil }
          switch kind {
          case "u", "i":
            guard let id = integer(), let count = count(), let (columns, values) = pairs(count) else { return nil }
            changes.append(
              kind == "u"
                ? .update(table: table, id: id, columns: columns, values: values)
                : .insert(table: table, id: id, columns: columns, values: values))
          case "d":
            guard let count = count() else { return nil }
            var ids: [Int64] = []
            for _ in 0..<count {
              guard let id = integer() else { return nil }
              ids.append(id)
            }
            changes.append(.delete(table: table, ids: ids))
          default: return nil
          }
        }
        return changes
      }

      /// A count no larger than the bytes left (each counted item takes at least one).
      private mutating func count() -> Int? {
        guard let value = integer(), value >= 0, value <= Int64(bytes.count - position) else { return nil }
        return Int(value)
      }

      private mutating func integer() -> Int64? {
        token().flatMap { Int64($0) }
      }

      private mutating func pairs(_ count: Int) -> ([String], [StoreValue])? {
        var columns: [String] = []
        var values: [StoreValue] = []
        for _ in 0..<count {
          guard let column = token(), !column.isEmpty, let value = value() else { return nil }
          columns.append(column)
          values.append(value)
        }
        return (columns, values)
      }

      private mutating func value() -> StoreValue? {
        guard position < bytes.count else { return nil }
        let kind = bytes[position]
        position += 1
        switch kind {
        case UInt8(ascii: "t"):
          guard let colon = bytes[position...].firstIndex(of: UInt8(ascii: ":")),
            let length = Int(String(decoding: bytes[position..<colon], as: UTF8.self)), length >= 0,
            length <= bytes.count - colon - 2, bytes[colon + 1 + length] == UInt8(ascii: " ")
          else { return nil }
          let text = bytes[(colon + 1)..<(colon + 1 + length)]
          position = colon + 2 + length
          return .text(String(decoding: text, as: UTF8.self))
        case UInt8(ascii: "n"):
          return token() == "" ? .null : nil
        case UInt8(ascii: "i"):
          return integer().map(StoreValue.integer)
        case UInt8(ascii: "r"):
          return token().flatMap { Double($0) }.map(StoreValue.real)
        case UInt8(ascii: "b"):
          guard let hex = token(), hex.utf8.count.isMultiple(of: 2) else { return nil }
          var result: [UInt8] = []
          result.reserveCapacity(hex.utf8.count / 2)
          var high: UInt8?
          for digit in hex.utf8 {
            guard let nibble = Self.nibble(digit) else { return nil }
            if let first = high {
              result.append(first << 4 | nibble)
              high = nil
            } else {
              high = nibble
            }
          }
          return .bytes(result)
        default: return nil
        }
      }

      private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
      }

      /// The bytes up to the next space, which is skipped; `nil` at the end without one.
      private mutating func token() -> String? {
        guard let space = bytes[position...].firstIndex(of: UInt8(ascii: " ")) else { return nil }
        defer { position = space + 1 }
        return String(decoding: bytes[position..<space], as: UTF8.self)
      }
    }
  }
#endif
