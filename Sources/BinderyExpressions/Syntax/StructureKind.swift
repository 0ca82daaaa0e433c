/// The structure constants of the expression language (`$CGPoint { x: 1, y: 2 }`), with the parameters
/// each takes in its attribute list.
public enum StructureKind: String, Sendable, Equatable, CaseIterable {
  /// `$CGPoint { x, y }`: a `CGPoint`.
  case point = "CGPoint"
  /// `$CGSize { w, h }` (or `width`, `height`): a `CGSize`.
  case size = "CGSize"
  /// `$CGRect { x, y, w, h }`: a `CGRect`.
  case rect = "CGRect"
  /// `$CGColor { r, g, b, a }` (or `red`, `green`, `blue`, `alpha`): an ``RGBAColor``.
  case cgColor = "CGColor"
  /// `$UIColor { r, g, b, a }`: an ``RGBAColor``, as `$CGColor`.
  case uiColor = "UIColor"
  /// `$UIFont { name, size }`: a ``FontDescription``.
  case font = "UIFont"

  /// One parameter: its names (the short one first) and whether it may be left out.
  public struct Parameter: Sendable, Equatable {
    /// The names it may be given by, the canonical one first.
    public let names: [String]
    /// Whether it may be left out (a colour's alpha, opaque when left out).
    public let isOptional: Bool

    /// The canonical name.
    public var name: String { names[0] }
  }

  /// The parameters, in order.
  public var parameters: [Parameter] {
    let x = Parameter(names: ["x"], isOptional: false)
    let y = Parameter(names: ["y"], isOptional: false)
    let width = Parameter(names: ["w", "width"], isOptional: false)
    let height = Parameter(names: ["h", "height"], isOptional: false)
    switch self {
    case .point: return [x, y]
    case .size: return [width, height]
    case .rect: return [x, y, width, height]
    case .cgColor, .uiColor:
      return [
        Parameter(names: ["r", "red"], isOptional: false), Parameter(names: ["g", "green"], isOptional: false),
        Parameter(names: ["b", "blue"], isOptional: false), Parameter(names: ["a", "alpha"], isOptional: true),
      ]
    case .font:
      return [Parameter(names: ["name"], isOptional: false), Parameter(names: ["size"], isOptional: false)]
    }
  }
}
