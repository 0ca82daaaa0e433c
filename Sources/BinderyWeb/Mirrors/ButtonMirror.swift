import BinderyControls

/// A push button (`kind: button`): title, enabled and hidden; a click is an action.
final class ButtonMirror: WebMirror {
  let button: HeadlessButton

  init(_ button: HeadlessButton, id: String, collector: PatchCollector) {
    self.button = button
    super.init(id: id, kind: "button", collector: collector)
    watch(button, \.title, as: "title") { .string($0) }
    watch(button, \.isEnabled, as: "enabled") { .bool($0) }
    watch(button, \.isHidden, as: "hidden") { .bool($0) }
  }

  override func properties() -> [(key: String, value: JSONValue)] {
    [("title", .string(button.title)), ("enabled", .bool(button.isEnabled)), ("hidden", .bool(button.isHidden))]
  }

  override func receiveAction() throws(WebInputError) {
    guard button.userDidTap() else { throw disabled() }
  }
}
