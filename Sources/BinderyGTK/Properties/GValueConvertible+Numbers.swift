#if GTK
  public import CGTK

  extension Bool: GValueConvertible {
    /// Booleans.
    public static func converts(_ type: GType) -> Bool { type == cgtk_type_boolean() }

    /// The boolean.
    public init?(gValue: UnsafePointer<GValue>) { self = g_value_get_boolean(gValue) != 0 }

    /// Stores the boolean.
    public func store(in gValue: UnsafeMutablePointer<GValue>) -> Bool {
      g_value_set_boolean(gValue, self ? 1 : 0)
      return true
    }
  }

  extension Double: GValueConvertible {
    /// `double` and `float`.
    public static func converts(_ type: GType) -> Bool { type == cgtk_type_double() || type == cgtk_type_float() }

    /// The number.
    public init?(gValue: UnsafePointer<GValue>) {
      self =
        cgtk_value_type(gValue) == cgtk_type_float() ? Double(g_value_get_float(gValue)) : g_value_get_double(gValue)
    }

    /// Stores the number (rounded to a `float` for a `float` property).
    public func store(in gValue: UnsafeMutablePointer<GValue>) -> Bool {
      if cgtk_value_type(gValue) == cgtk_type_float() {
        g_value_set_float(gValue, Float(self))
      } else {
        g_value_set_double(gValue, self)
      }
      return true
    }
  }

  extension Float: GValueConvertible {
    /// `float` and `double`.
    public static func converts(_ type: GType) -> Bool { Double.converts(type) }

    /// The number.
    public init?(gValue: UnsafePointer<GValue>) {
      guard let value = Double(gValue: gValue) else { return nil }
      self = Float(value)
    }

    /// Stores the number.
    public func store(in gValue: UnsafeMutablePointer<GValue>) -> Bool { Double(self).store(in: gValue) }
  }

  extension Int: GValueConvertible {
    /// Every integer type (`int`, `uint`, `long`, `int64`, `char`…), enums (by value) and flags.
    public static func converts(_ type: GType) -> Bool { IntegerValue.converts(type) }

    /// The number (an enum's value, or the bits of flags); `nil` for an unsigned 64-bit number beyond `Int.max`.
    public init?(gValue: UnsafePointer<GValue>) {
      guard let value = IntegerValue.read(gValue), let int = Int(exactly: value) else { return nil }
      self = int
    }

    /// Stores the number; `false` when the property's integer type cannot hold it.
    public func store(in gValue: UnsafeMutablePointer<GValue>) -> Bool { IntegerValue.write(Int128(self), to: gValue) }
  }

  extension Int32: GValueConvertible {
    /// Every integer type, enums (by value) and flags.
    public static func converts(_ type: GType) -> Bool { IntegerValue.converts(type) }

    /// The number; `nil` when it does not fit.
    public init?(gValue: UnsafePointer<GValue>) {
      guard let value = IntegerValue.read(gValue).flatMap(Int32.init(exactly:)) else { return nil }
      self = value
    }

    /// Stores the number; `false` when the property's integer type cannot hold it.
    public func store(in gValue: UnsafeMutablePointer<GValue>) -> Bool { IntegerValue.write(Int128(self), to: gValue) }
  }

  extension UInt32: GValueConvertible {
    /// Every integer type, enums (by value) and flags.
    public static func converts(_ type: GType) -> Bool { IntegerValue.converts(type) }

    /// The number; `nil` when it does not fit.
    public init?(gValue: UnsafePointer<GValue>) {
      guard let value = IntegerValue.read(gValue).flatMap(UInt32.init(exactly:)) else { return nil }
      self = value
    }

    /// Stores the number; `false` when the property's integer type cannot hold it.
    public func store(in gValue: UnsafeMutablePointer<GValue>) -> Bool { IntegerValue.write(Int128(self), to: gValue) }
  }

  extension Int64: GValueConvertible {
    /// Every integer type, enums (by value) and flags.
    public static func converts(_ type: GType) -> Bool { IntegerValue.converts(type) }

    /// The number; `nil` when it does not fit.
    public init?(gValue: UnsafePointer<GValue>) {
      guard let value = IntegerValue.read(gValue).flatMap(Int64.init(exactly:)) else { return nil }
      self = value
    }

    /// Stores the number; `false` when the property's integer type cannot hold it.
    public func store(in gValue: UnsafeMutablePointer<GValue>) -> Bool { IntegerValue.write(Int128(self), to: gValue) }
  }

  extension UInt64: GValueConvertible {
    /// Every integer type, enums (by value) and flags.
    public static func converts(_ type: GType) -> Bool { IntegerValue.converts(type) }

    /// The number; `nil` when it does not fit.
    public init?(gValue: UnsafePointer<GValue>) {
      guard let value = IntegerValue.read(gValue).flatMap(UInt64.init(exactly:)) else { return nil }
      self = value
    }

    /// Stores the number; `false` when the property's integer type cannot hold it.
    public func store(in gValue: UnsafeMutablePointer<GValue>) -> Bool { IntegerValue.write(Int128(self), to: gValue) }
  }

  /// GObject's integer types, enums and flags, read and written as one wide integer.
  enum IntegerValue {
    static func converts(_ type: GType) -> Bool {
      let fundamental = cgtk_type_fundamental(type)
      return [
        cgtk_type_int(), cgtk_type_uint(), cgtk_type_long(), cgtk_type_ulong(), cgtk_type_int64(),
        cgtk_type_uint64(), cgtk_type_char(), cgtk_type_uchar(), cgtk_type_enum(), cgtk_type_flags(),
      ].contains(fundamental)
    }

    static func read(_ gValue: UnsafePointer<GValue>) -> Int128? {
      switch cgtk_type_fundamental(cgtk_value_type(gValue)) {
      case cgtk_type_int(): Int128(g_value_get_int(gValue))
      case cgtk_type_uint(): Int128(g_value_get_uint(gValue))
      case cgtk_type_long(): Int128(g_value_get_long(gValue))
      case cgtk_type_ulong(): Int128(g_value_get_ulong(gValue))
      case cgtk_type_int64(): Int128(g_value_get_int64(gValue))
      case cgtk_type_uint64(): Int128(g_value_get_uint64(gValue))
      case cgtk_type_char(): Int128(g_value_get_schar(gValue))
      case cgtk_type_uchar(): Int128(g_value_get_uchar(gValue))
      case cgtk_type_enum(): Int128(g_value_get_enum(gValue))
      case cgtk_type_flags(): Int128(g_value_get_flags(gValue))
      default: nil
      }
    }

    static func write(_ value: Int128, to gValue: UnsafeMutablePointer<GValue>) -> Bool {
      switch cgtk_type_fundamental(cgtk_value_type(gValue)) {
      case cgtk_type_int(): set(value, gValue, g_value_set_int)
      case cgtk_type_uint(): set(value, gValue, g_value_set_uint)
      case cgtk_type_long(): set(value, gValue, g_value_set_long)
      case cgtk_type_ulong(): set(value, gValue, g_value_set_ulong)
      case cgtk_type_int64(): set(value, gValue, g_value_set_int64)
      case cgtk_type_uint64(): set(value, gValue, g_value_set_uint64)
      case cgtk_type_char(): set(value, gValue, g_value_set_schar)
      case cgtk_type_uchar(): set(value, gValue, g_value_set_uchar)
      case cgtk_type_enum(): set(value, gValue, g_value_set_enum)
      case cgtk_type_flags(): set(value, gValue, g_value_set_flags)
      default: false
      }
    }

    private static func set<Integer: FixedWidthInteger>(
      _ value: Int128, _ gValue: UnsafeMutablePointer<GValue>,
      _ setter: (UnsafeMutablePointer<GValue>?, Integer) -> Void
    ) -> Bool {
      guard let exact = Integer(exactly: value) else { return false }
      setter(gValue, exact)
      return true
    }
  }
#endif
