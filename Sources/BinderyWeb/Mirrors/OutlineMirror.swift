import Bindery
import BinderyControllers
import BinderyControls

/// An outline (`kind: outline`): a tree view whose rows (`kind: treeRow`) are the visible nodes,
/// each with its `level` (1 for a root object), whether it is `expandable` and whether it is
/// `expanded`; the page draws it as `role="tree"` with `treeitem` rows.
///
/// The page sends what the user does as edits: an array of row indexes (a click), `{"expand":
/// row}` or `{"collapse": row}` (a disclosure triangle), and `{"key": "up" | "down" | "left" |
/// "right" | "home" | "end"}` (the tree view's keys, answered by the outline). Anything else, or a
/// row outside the outline, is a typed error and changes nothing.
final class OutlineMirror<Item: AnyObject>: ListMirror<TreeNode<Item>> {
  private let outline: HeadlessOutlineView<Item>

  init(_ outline: HeadlessOutlineView<Item>, id: String, builder: MirrorBuilder) {
    self.outline = outline
    super.init(
      list: outline.list, controller: nil, showsSections: false, id: id, kind: "outline", rowKind: "treeRow",
      builder: builder)
    watch(outline.list, \.selectionIndexes, as: "selected") { .array($0.map { .number(Double($0)) }) }
    // A row's state changes without the row changing: a row expanded or collapsed, a leaf that got
    // its first child. Observed after the list's own row changes, so the row mirrors are in step.
    track(observe(outline, \.expandedItems) { [weak self] _ in self?.updateRowStates() })
    track(observe(outline.list, \.rows) { [weak self] _ in self?.updateRowStates() })
  }

  override func properties() -> [(key: String, value: JSONValue)] {
    [("selected", selected), ("placeholder", JSONValue(outline.list.emptyText))]
  }

  private var selected: JSONValue { .array(outline.list.selectionIndexes.map { .number(Double($0)) }) }

  override func makeRow(_ row: HeadlessListRow<TreeNode<Item>>) -> RowMirror {
    let mirror = super.makeRow(row)
    mirror.rowProperties = state(of: row.item)
    return mirror
  }

  /// A row's level, and whether it can be and is expanded.
  private func state(of node: TreeNode<Item>) -> [(key: String, value: JSONValue)] {
    let expandable = !node.isLeaf
    let expanded = expandable && node.representedObject.map { outline.isExpanded($0) } == true
    return [
      ("level", .number(Double(node.depth))), ("expandable", .bool(expandable)), ("expanded", .bool(expanded)),
    ]
  }

  /// Sends the states of the rows that changed.
  private func updateRowStates() {
    let rows = outline.list.rows
    for (index, mirror) in rowMirrors.enumerated() where index < rows.count {
      let new = state(of: rows[index].item)
      for (key, value) in new where mirror.rowProperties.first(where: { $0.key == key })?.value != value {
        collector.set(mirror.id, key, value)
      }
      mirror.rowProperties = new
    }
  }

  override func receiveEdit(_ value: JSONValue) throws(WebInputError) {
    guard case .object(let pairs) = value else {
      outline.userDidSelectRows(try rowIndexes(value))
      collector.set(id, "selected", selected)
      return
    }
    guard pairs.count == 1, let (key, argument) = pairs.first else {
      throw wrongType("{\"expand\": row}, {\"collapse\": row} or {\"key\": name}")
    }
    switch key {
    case "expand", "collapse":
      guard case .number(let number) = argument, number == number.rounded(), number >= 0,
        number < Double(outline.rows.count)
      else { throw wrongType("{\"\(key)\": a row index below \(outline.rows.count)}") }
      if key == "expand" { outline.userDidExpandRow(Int(number)) } else { outline.userDidCollapseRow(Int(number)) }
    case "key":
      let keys: [String: OutlineKey] = [
        "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
      ]
      guard case .string(let name) = argument, let pressed = keys[name] else {
        throw wrongType("{\"key\": up, down, left, right, home or end}")
      }
      outline.userDidPressKey(pressed)
    default:
      throw wrongType("{\"expand\": row}, {\"collapse\": row} or {\"key\": name}")
    }
    collector.set(id, "selected", selected)
  }

  override func receiveDelete() throws(WebInputError) {
    guard outline.userDidDeleteSelection() else {
      throw WebInputError(.notEditable, "nothing in this outline can be removed", elementID: id)
    }
  }
}

/// An outline, whatever its items: what the mirror builder asks to mirror itself.
protocol WebOutlineRendering: AnyObject {
  func makeOutlineMirror(id: String, builder: MirrorBuilder) -> WebMirror
}

extension HeadlessOutlineView: WebOutlineRendering {
  func makeOutlineMirror(id: String, builder: MirrorBuilder) -> WebMirror {
    OutlineMirror(self, id: id, builder: builder)
  }
}
