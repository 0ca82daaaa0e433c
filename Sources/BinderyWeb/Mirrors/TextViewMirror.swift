import Bindery
import BinderyControls

/// A text view (`kind: multiline`, a `<textarea>` as a multi-line field has): its text, enabled
/// (while enabled and editable), hidden and the validation error of its bindings. An edit is a
/// user's typing, written by bindings that update continuously; an action is the end of editing (it
/// loses the focus), when bindings that update on commit write back; a discard (Escape) drops what
/// those have not written.
final class TextViewMirror: WebMirror {
  let view: HeadlessTextView

  init(_ view: HeadlessTextView, id: String, collector: PatchCollector) {
    self.view = view
    super.init(id: id, kind: "multiline", collector: collector)
    watch(view, \.text, as: "text") { JSONValue($0 ?? "") }
    watch(view, \.usableOnPage, as: "enabled") { .bool($0) }
    watch(view, \.isHidden, as: "hidden") { .bool($0) }
    watch(view, \.validationError, as: "error") { JSONValue($0.map(TextFieldMirror.message)) }
  }

  override var valueKey: String? { "text" }

  override func properties() -> [(key: String, value: JSONValue)] {
    [
      ("text", JSONValue(view.text ?? "")), ("placeholder", .null),
      ("enabled", .bool(view.usableOnPage)), ("hidden", .bool(view.isHidden)),
      ("error", JSONValue(view.validationError.map(TextFieldMirror.message))),
    ]
  }

  override func receiveEdit(_ value: JSONValue) throws(WebInputError) {
    guard case .string(let text) = value, text.count <= TextFieldMirror.maximumLength else {
      throw wrongType("text of at most \(TextFieldMirror.maximumLength) characters")
    }
    guard view.userDidEdit(text: text) else { throw disabled() }
  }

  override func receiveAction() throws(WebInputError) {
    guard view.usableOnPage, !view.isHidden else { throw disabled() }
    view.userDidEndEditing()
  }

  override func receiveDiscard() throws(WebInputError) {
    guard view.usableOnPage, !view.isHidden else { throw disabled() }
    for binding in view.bindings { binding.discardEditing() }
  }
}

extension HeadlessTextView {
  /// Whether a page lets a user type in it: enabled and editable.
  var usableOnPage: Bool { isEnabled && isEditable }
}
