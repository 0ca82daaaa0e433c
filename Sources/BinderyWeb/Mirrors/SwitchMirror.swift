import BinderyControls

/// A switch (`kind: switch`) or a checkbox (`kind: checkbox`): on, enabled and hidden.
final class SwitchMirror: WebMirror {
  let control: HeadlessSwitch

  init(_ control: HeadlessSwitch, id: String, checkbox: Bool, collector: PatchCollector) {
    self.control = control
    super.init(id: id, kind: checkbox ? "checkbox" : "switch", collector: collector)
    watch(control, \.isOn, as: "on") { .bool($0) }
    watch(control, \.isEnabled, as: "enabled") { .bool($0) }
    watch(control, \.isHidden, as: "hidden") { .bool($0) }
  }

  override var valueKey: String? { "on" }

  override func properties() -> [(key: String, value: JSONValue)] {
    [("on", .bool(control.isOn)), ("enabled", .bool(control.isEnabled)), ("hidden", .bool(control.isHidden))]
  }

  override func receiveEdit(_ value: JSONValue) throws(WebInputError) {
    guard case .bool(let isOn) = value else { throw wrongType("true or false") }
    guard control.userDidSet(isOn: isOn) else { throw disabled() }
  }
}
