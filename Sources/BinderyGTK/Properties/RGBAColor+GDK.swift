#if GTK
  public import BinderyExpressions
  public import CGTK

  // The color of expressions and spec files (`RGBAColor`, components from 0 to 1) as GDK has it
  // (`GdkRGBA`), so a model's color binds to color properties (`GtkColorButton.rgba`):
  //
  //   try GObjectProperty(colorButton, "rgba", as: RGBAColor.self).bind(\.value, to: theme, \.accent)
  extension RGBAColor {
    /// The color of a `GdkRGBA`.
    public init(_ rgba: GdkRGBA) {
      self.init(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue), alpha: Double(rgba.alpha))
    }

    /// The color as a `GdkRGBA`.
    public var gdkRGBA: GdkRGBA {
      GdkRGBA(red: Float(red), green: Float(green), blue: Float(blue), alpha: Float(alpha))
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
