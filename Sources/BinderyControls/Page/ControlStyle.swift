/// How a front end draws a control that has more than one form (a spec file's `SecureField`,
/// `NumberField` and `Checkbox`; a text field styled `multiline` in code).
public enum ControlStyle: Sendable {
  /// A text field whose text is hidden (a password field).
  case secure
  /// A text field that holds a number: a spin button in a GTK window (its arrows and the Up and Down
  /// keys step the number by one), a field that asks for a numeric keyboard on a web page. What is
  /// typed still goes through the field's bindings, their format and validation.
  case number
  /// A text field of several lines, drawn as a text view (a spec file's `TextView` is a
  /// `HeadlessTextView`, drawn the same way): a `GtkTextView` in a GTK window, a
  /// `<textarea>` on a web page. Return starts a new line, so editing ends when the field loses the
  /// focus: a binding that updates on commit writes the text then, one that updates continuously as
  /// the user types. Tab moves the focus on, as in any field.
  case multiline
  /// A switch drawn as a checkbox.
  case checkbox
}
