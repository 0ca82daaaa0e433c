/// A colour, as `$CGColor { r: 255, g: 128, b: 0 }` and `$UIColor { … }` give it: components from 0
/// to 1. A front end maps it to its own colour type.
public struct RGBAColor: Hashable, Sendable {
  /// Red, 0 to 1.
  public var red: Double
  /// Green, 0 to 1.
  public var green: Double
  /// Blue, 0 to 1.
  public var blue: Double
  /// Opacity, 0 (transparent) to 1 (opaque).
  public var alpha: Double

  /// Creates a colour from components from 0 to 1.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }
}

/// A font, as `$UIFont { name: "Courier New", size: 15 }` gives it: a family or face name and a
/// size in points. A front end maps it to its own font type.
public struct FontDescription: Hashable, Sendable {
  /// The family or face name.
  public var name: String
  /// The size, in points.
  public var size: Double

  /// Creates a font description.
  public init(name: String, size: Double) {
    self.name = name
    self.size = size
  }
}
