#if GTK
  public import CGTK

  /// A color as GDK has it (`GdkRGBA`): red, green, blue and opacity, each from 0 to 1, for binding
  /// color properties (`GtkColorButton.rgba`) to a model.
  ///
  /// ```swift
  /// try GObjectProperty(colorButton, "rgba", as: RGBAColor.self).bind(\.value, to: theme, \.accent)
  /// ```
  public struct RGBAColor: Hashable, Sendable, CustomStringConvertible {
    /// The red component, from 0 to 1.
    public var red: Float
    /// The green component, from 0 to 1.
    public var green: Float
    /// The blue component, from 0 to 1.
    public var blue: Float
    /// The opacity, from 0 (transparent) to 1 (opaque).
    public var alpha: Float

    /// Creates a color.
    public init(red: Float, green: Float, blue: Float, alpha: Float = 1) {
      self.red = red
      self.green = green
      self.blue = blue
      self.alpha = alpha
    }

    /// The color of a `GdkRGBA`.
    public init(_ rgba: GdkRGBA) {
      self.init(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha)
    }

    /// The color as a `GdkRGBA`.
    public var gdkRGBA: GdkRGBA { GdkRGBA(red: red, green: green, blue: blue, alpha: alpha) }

    /// The color as CSS writes it (`rgba(255,0,0,0.5)`), as GDK prints it.
    public var description: String {
      var rgba = gdkRGBA
      guard let text = gdk_rgba_to_string(&rgba) else { return "" }
      defer { g_free(text) }
      return String(cString: text)
    }
  }

  extension RGBAColor: GValueConvertible {
    /// `GdkRGBA`.
    public static func converts(_ type: GType) -> Bool { cgtk_type_is_a(type, cgtk_type_rgba()) != 0 }

    /// The color; `nil` for no color (a null `GdkRGBA`).
    public init?(gValue: UnsafePointer<GValue>) {
      guard let boxed = g_value_get_boxed(gValue) else { return nil }
      self.init(boxed.assumingMemoryBound(to: GdkRGBA.self).pointee)
    }

    /// Stores a copy of the color.
    public func store(in gValue: UnsafeMutablePointer<GValue>) -> Bool {
      var rgba = gdkRGBA
      g_value_set_boxed(gValue, &rgba)
      return true
    }
  }
#endif
