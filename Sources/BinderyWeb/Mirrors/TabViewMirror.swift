import Bindery
import BinderyControls

/// A tab view (`kind: tabs`): its tabs' labels, the selected tab's index, enabled and hidden, and
/// the views its tabs show as its children, in order, with the index of each one's tab (`views`: a
/// view a page cannot show leaves its tab empty). The page shows a `role="tablist"` of
/// `role="tab"` buttons and one `role="tabpanel"` a tab, only the selected one visible. An edit is the
/// index of the tab a user chose (a click, or the arrow keys, Home and End on the tab list); an index
/// of no tab, or a value that is not an index, is refused and changes nothing.
final class TabViewMirror: WebMirror {
  let tabView: HeadlessTabView
  private let contents: [(tab: Int, mirror: WebMirror)]

  init(_ tabView: HeadlessTabView, id: String, contents: [(tab: Int, mirror: WebMirror)], collector: PatchCollector) {
    self.tabView = tabView
    self.contents = contents
    super.init(id: id, kind: "tabs", collector: collector)
    watch(tabView, \.labels, as: "labels") { .array($0.map { .string($0) }) }
    watch(tabView, \.selectedIndex, as: "selected") { JSONValue($0) }
    watch(tabView, \.isEnabled, as: "enabled") { .bool($0) }
    watch(tabView, \.isHidden, as: "hidden") { .bool($0) }
  }

  override var valueKey: String? { "selected" }

  override var children: [WebMirror] { contents.map(\.mirror) }

  override func properties() -> [(key: String, value: JSONValue)] {
    [
      ("views", .array(contents.map { .number(Double($0.tab)) })),
      ("labels", .array(tabView.labels.map { .string($0) })), ("selected", JSONValue(tabView.selectedIndex)),
      ("enabled", .bool(tabView.isEnabled)), ("hidden", .bool(tabView.isHidden)),
    ]
  }

  override func receiveEdit(_ value: JSONValue) throws(WebInputError) {
    guard case .number(let number) = value, number == number.rounded(), number >= 0,
      number < Double(tabView.labels.count)
    else { throw wrongType("the index of one of its \(tabView.labels.count) tabs") }
    guard tabView.userDidSelect(index: Int(number)) else { throw disabled() }
  }
}
