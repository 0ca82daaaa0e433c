/// How a front end draws a control that has more than one form (a spec file's `SecureField` and
/// `Checkbox`).
public enum ControlStyle: Sendable {
  /// A text field whose text is hidden (a password field).
  case secure
  /// A switch drawn as a checkbox.
  case checkbox
}
