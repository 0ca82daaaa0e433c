import BinderyControls

/// A plain container (`kind: panel`): a ``Panel``'s or a `HeadlessView`'s subviews, with an optional title,
/// a layout (`column` or `row`), a placement (`content`, or `toolbar`: the page shows it with
/// `role=toolbar`) and hidden.
final class ContainerMirror: WebMirror {
  private let contents: [WebMirror]
  private let panel: Panel?
  private let view: HeadlessView?

  init(panel: Panel, id: String, contents: [WebMirror], collector: PatchCollector) {
    self.panel = panel
    self.view = nil
    self.contents = contents
    super.init(id: id, kind: "panel", collector: collector)
    watch(panel, \.title, as: "title") { JSONValue($0) }
    watch(panel, \.isHidden, as: "hidden") { .bool($0) }
  }

  init(view: HeadlessView, id: String, contents: [WebMirror], collector: PatchCollector) {
    self.panel = nil
    self.view = view
    self.contents = contents
    super.init(id: id, kind: "panel", collector: collector)
    watch(view, \.isHidden, as: "hidden") { .bool($0) }
  }

  override var children: [WebMirror] { contents }

  override func properties() -> [(key: String, value: JSONValue)] {
    if let panel {
      [
        ("title", JSONValue(panel.title)), ("layout", .string(panel.direction.rawValue)),
        ("placement", .string(panel.position.rawValue)), ("hidden", .bool(panel.isHidden)),
      ]
    } else {
      [("title", .null), ("layout", "column"), ("hidden", .bool(view?.isHidden ?? false))]
    }
  }
}
