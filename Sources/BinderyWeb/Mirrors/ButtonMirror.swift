import BinderyControls

/// A push button (`kind: button`): title, enabled and hidden, and the element that takes the focus
/// once its action is done (`focuses`); a click is an action.
final class ButtonMirror: WebMirror {
  let button: HeadlessButton
  /// The id of the element ``HeadlessButton/focusesAfterAction`` names, if any.
  let focusID: String?

  init(_ button: HeadlessButton, id: String, focusID: String?, collector: PatchCollector) {
    self.button = button
    self.focusID = focusID
    super.init(id: id, kind: "button", collector: collector)
    watch(button, \.title, as: "title") { .string($0) }
    watch(button, \.isEnabled, as: "enabled") { .bool($0) }
    watch(button, \.isHidden, as: "hidden") { .bool($0) }
  }

  override func properties() -> [(key: String, value: JSONValue)] {
    [
      ("title", .string(button.title)), ("enabled", .bool(button.isEnabled)), ("hidden", .bool(button.isHidden)),
      ("focuses", focusID.map { .string($0) } ?? .null),
    ]
  }

  override func receiveAction() throws(WebInputError) {
    guard button.userDidTap() else { throw disabled() }
  }
}
