import BinderyControls

/// A label of another element (`kind: fieldLabel`): text, `for` (the id of the element it names, or
/// `null`) and hidden; the page sets its text as text, never as HTML.
final class FieldLabelMirror: WebMirror {
  let label: FieldLabel
  private weak var builder: MirrorBuilder?

  init(_ label: FieldLabel, id: String, builder: MirrorBuilder) {
    self.label = label
    self.builder = builder
    super.init(id: id, kind: "fieldLabel", collector: builder.collector)
    watch(label, \.text, as: "text") { JSONValue($0 ?? "") }
    watch(label, \.target, as: "for") { [weak builder] target in
      JSONValue(target.flatMap { builder?.id(for: $0) })
    }
    watch(label, \.isHidden, as: "hidden") { .bool($0) }
  }

  override func properties() -> [(key: String, value: JSONValue)] {
    [
      ("text", JSONValue(label.text ?? "")), ("for", JSONValue(label.target.flatMap { builder?.id(for: $0) })),
      ("hidden", .bool(label.isHidden)),
    ]
  }
}
