import Bindery
import BinderyControls

/// A text field (`kind: text`), a secure field (`kind: secure`), a number field (`kind: number`,
/// a text input that asks for a numeric keyboard) or a text view (`kind: multiline`, a `<textarea>`
/// whose editing ends when it loses the focus, Return being a new line): text, placeholder, enabled,
/// hidden and the validation error of its bindings. An edit is a user's typing; an action is the end
/// of editing (Return, or leaving the field), when bindings that update on commit write back.
///
/// Unlike the simple controls (a ``WebElement`` each, in `Controls/Builtin`), a field keeps a mirror
/// of its own: its editing session is more than an element's events (an edit per keystroke, the end
/// of editing as an action, Escape as a discard), it shows its bindings' validation error in an
/// element beside it (`aria-describedby`, `aria-invalid`), and the page keeps text too long to send.
final class TextFieldMirror: WebMirror {
  /// The longest text accepted from a page, in characters.
  static let maximumLength = 10_000

  let field: HeadlessTextField

  init(_ field: HeadlessTextField, id: String, style: ControlStyle?, collector: PatchCollector) {
    self.field = field
    let kind =
      switch style {
      case .secure: "secure"
      case .number: "number"
      case .multiline: "multiline"
      default: "text"
      }
    super.init(id: id, kind: kind, collector: collector)
    watch(field, \.text, as: "text") { JSONValue($0 ?? "") }
    watch(field, \.placeholder, as: "placeholder") { JSONValue($0) }
    watch(field, \.isEnabled, as: "enabled") { .bool($0) }
    watch(field, \.isHidden, as: "hidden") { .bool($0) }
    watch(field, \.validationError, as: "error") { JSONValue($0.map(Self.message)) }
  }

  override var valueKey: String? { "text" }

  override func properties() -> [(key: String, value: JSONValue)] {
    [
      ("text", JSONValue(field.text ?? "")), ("placeholder", JSONValue(field.placeholder)),
      ("enabled", .bool(field.isEnabled)), ("hidden", .bool(field.isHidden)),
      ("error", JSONValue(field.validationError.map(Self.message))),
    ]
  }

  override func receiveEdit(_ value: JSONValue) throws(WebInputError) {
    guard case .string(let text) = value, text.count <= Self.maximumLength else {
      throw wrongType("text of at most \(Self.maximumLength) characters")
    }
    guard field.userDidEdit(text: text) else { throw disabled() }
  }

  /// The user finished editing (Return, or leaving the field): bindings that update on commit write
  /// the text back now.
  override func receiveAction() throws(WebInputError) {
    guard field.isEnabled, !field.isHidden else { throw disabled() }
    field.userDidEndEditing()
  }

  /// The user pressed Escape: what was typed and not written yet (a binding that updates on commit)
  /// is dropped, and the field shows the model's value again, without its error.
  override func receiveDiscard() throws(WebInputError) {
    guard field.isEnabled, !field.isHidden else { throw disabled() }
    for binding in field.bindings { binding.discardEditing() }
  }

  /// The error as the page shows it: the underlying reason, without the binding's wording.
  static func message(_ error: BindingError) -> String {
    error.message
  }
}
