// Built with the package's Postgres trait; without it the module is empty.
#if Postgres
  import BinderyStore
  import NIOCore
  import PostgresNIO

  /// Store values as PostgreSQL parameters, and PostgreSQL cells as store values.
  enum PostgresValues {
    /// `values` as the bindings of a query, in order (`NULL` untyped, so the server infers its type).
    static func bindings(_ values: [StoreValue]) -> PostgresBindings {
      var bindings = PostgresBindings(capacity: values.count)
      for value in values { append(value, to: &bindings) }
      return bindings
    }

    /// Appends `value` to `bindings`: an integer as `BIGINT`, a real as `DOUBLE PRECISION`, text as
    /// `TEXT`, bytes as `BYTEA`.
    static func append(_ value: StoreValue, to bindings: inout PostgresBindings) {
      switch value {
      case .null: bindings.appendNull()
      case .integer(let number): bindings.append(number)
      case .real(let number): bindings.append(number)
      case .text(let text): bindings.append(text)
      case .bytes(let bytes): bindings.append(ByteBuffer(bytes: bytes))
      }
    }

    /// The store value of `cell`: integers (and booleans, as 0 and 1) as integers, floating-point and
    /// numeric values as reals, character types as text, `BYTEA` as bytes; any other type as its text.
    static func storeValue(_ cell: PostgresCell) throws -> StoreValue {
      guard cell.bytes != nil else { return .null }
      switch cell.dataType {
      case .int8: return .integer(try cell.decode(Int64.self))
      case .int4: return .integer(Int64(try cell.decode(Int32.self)))
      case .int2: return .integer(Int64(try cell.decode(Int16.self)))
      case .bool: return .integer(try cell.decode(Bool.self) ? 1 : 0)
      case .float8, .float4, .numeric: return .real(try cell.decode(Double.self))
      case .bytea:
        let buffer = try cell.decode(ByteBuffer.self)
        return .bytes(Array(buffer.readableBytesView))
      default: return .text(try cell.decode(String.self))
      }
    }
  }
#endif
