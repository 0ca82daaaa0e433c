#if GTK
  public import CGTK

  /// A Swift type a GObject property's value converts to and from, so that ``GObjectProperty`` binds
  /// properties of that type.
  ///
  /// Bindery gives `String` (strings, and enums by nick), `String?`, `Bool`, `Int` (every integer
  /// type, enums by value, flags), `Int32`, `UInt32`, `Int64`, `UInt64`, `Double` and `Float`
  /// (floating-point types), `RGBAColor` (`GdkRGBA`) and `Date` (`GDateTime`). An app adds its own
  /// boxed types the same way.
  ///
  /// ```swift
  /// extension MyPoint: GValueConvertible {
  ///   public static func converts(_ type: GType) -> Bool { cgtk_type_is_a(type, my_point_get_type()) != 0 }
  ///   public init?(gValue: UnsafePointer<GValue>) { … g_value_get_boxed(gValue) … }
  ///   public func store(in gValue: UnsafeMutablePointer<GValue>) -> Bool { … g_value_set_boxed(gValue, …) … }
  /// }
  /// ```
  public protocol GValueConvertible: Equatable {
    /// Whether values of the GObject type `type` (a property's `value_type`) convert to this type and back.
    static func converts(_ type: GType) -> Bool

    /// Reads a value held by `gValue` (of a type ``converts(_:)`` accepts), or `nil` when it holds none
    /// this type can represent.
    init?(gValue: UnsafePointer<GValue>)

    /// Stores this value in `gValue`, already initialized to the property's type (one ``converts(_:)``
    /// accepts). Returns `false` when the value has no form in that type (an unknown enum nick).
    func store(in gValue: UnsafeMutablePointer<GValue>) -> Bool
  }
#endif
