import BinderyControls

/// A label (`kind: label`): text, enabled and hidden; the page sets its text as text, never as HTML.
final class LabelMirror: WebMirror {
  let label: HeadlessLabel

  init(_ label: HeadlessLabel, id: String, collector: PatchCollector) {
    self.label = label
    super.init(id: id, kind: "label", collector: collector)
    watch(label, \.text, as: "text") { JSONValue($0 ?? "") }
    watch(label, \.isEnabled, as: "enabled") { .bool($0) }
    watch(label, \.isHidden, as: "hidden") { .bool($0) }
  }

  override func properties() -> [(key: String, value: JSONValue)] {
    [("text", JSONValue(label.text ?? "")), ("enabled", .bool(label.isEnabled)), ("hidden", .bool(label.isHidden))]
  }
}
