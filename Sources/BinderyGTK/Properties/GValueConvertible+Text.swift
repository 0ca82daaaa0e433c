#if GTK
  public import CGTK

  extension String: GValueConvertible {
    /// Strings, and enums, whose values are named by their nicks (`"horizontal"`).
    public static func converts(_ type: GType) -> Bool {
      type == cgtk_type_string() || cgtk_type_fundamental(type) == cgtk_type_enum()
    }

    /// The string (a null string is `""`), or the enum value's nick.
    public init?(gValue: UnsafePointer<GValue>) {
      let type = cgtk_value_type(gValue)
      if cgtk_type_fundamental(type) == cgtk_type_enum() {
        guard let nick = EnumNicks.nick(of: g_value_get_enum(gValue), in: type) else { return nil }
        self = nick
      } else {
        self = g_value_get_string(gValue).map { String(cString: $0) } ?? ""
      }
    }

    /// Stores the string, or the enum value of this nick (`false` when the enum has none).
    public func store(in gValue: UnsafeMutablePointer<GValue>) -> Bool {
      let type = cgtk_value_type(gValue)
      if cgtk_type_fundamental(type) == cgtk_type_enum() {
        guard let value = EnumNicks.value(named: self, in: type) else { return false }
        g_value_set_enum(gValue, value)
      } else {
        g_value_set_string(gValue, self)
      }
      return true
    }
  }

  extension Optional: GValueConvertible where Wrapped == String {
    /// Strings, which may be null (`nil`).
    public static func converts(_ type: GType) -> Bool { type == cgtk_type_string() }

    /// The string, or `nil` for a null string.
    public init?(gValue: UnsafePointer<GValue>) {
      self = g_value_get_string(gValue).map { String(cString: $0) }
    }

    /// Stores the string, or a null string for `nil`.
    public func store(in gValue: UnsafeMutablePointer<GValue>) -> Bool {
      g_value_set_string(gValue, self)
      return true
    }
  }

  /// The nicks of an enum type's values.
  enum EnumNicks {
    static func nick(of value: Int32, in type: GType) -> String? {
      guard let enumClass = g_type_class_ref(type) else { return nil }
      defer { g_type_class_unref(enumClass) }
      guard let entry = g_enum_get_value(enumClass.assumingMemoryBound(to: GEnumClass.self), value),
        let nick = entry.pointee.value_nick
      else { return nil }
      return String(cString: nick)
    }

    static func value(named nick: String, in type: GType) -> Int32? {
      guard let enumClass = g_type_class_ref(type) else { return nil }
      defer { g_type_class_unref(enumClass) }
      guard let entry = g_enum_get_value_by_nick(enumClass.assumingMemoryBound(to: GEnumClass.self), nick) else {
        return nil
      }
      return entry.pointee.value
    }
  }
#endif
