/// Why a controller refused a value written through it.
public enum ControllerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The controller's `isEditable` is `false`: its selection is read-only.
  case notEditable

  /// A message for the user.
  public var description: String {
    switch self {
    case .notEditable: "the controller is not editable"
    }
  }
}
