import BinderyControls

/// A select box (`kind: select`): items, the selected index, enabled and hidden.
final class PopUpButtonMirror: WebMirror {
  let popUp: HeadlessPopUpButton

  init(_ popUp: HeadlessPopUpButton, id: String, collector: PatchCollector) {
    self.popUp = popUp
    super.init(id: id, kind: "select", collector: collector)
    watch(popUp, \.items, as: "items") { .array($0.map { .string($0) }) }
    watch(popUp, \.selectedIndex, as: "selected") { JSONValue($0) }
    watch(popUp, \.isEnabled, as: "enabled") { .bool($0) }
    watch(popUp, \.isHidden, as: "hidden") { .bool($0) }
  }

  override var valueKey: String? { "selected" }

  override func properties() -> [(key: String, value: JSONValue)] {
    [
      ("items", .array(popUp.items.map { .string($0) })), ("selected", JSONValue(popUp.selectedIndex)),
      ("enabled", .bool(popUp.isEnabled)), ("hidden", .bool(popUp.isHidden)),
    ]
  }

  override func receiveEdit(_ value: JSONValue) throws(WebInputError) {
    guard case .number(let number) = value, number == number.rounded(), popUp.items.indices.contains(Int(number))
    else { throw wrongType("the index of one of its \(popUp.items.count) items") }
    guard popUp.userDidSelect(index: Int(number)) else { throw disabled() }
  }
}
