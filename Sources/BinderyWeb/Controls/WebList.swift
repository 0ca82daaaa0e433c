public import Bindery
public import BinderyControllers
public import BinderyControls
import BinderySpec

/// A list of a page: a ``BinderyControls/HeadlessListView`` of an array controller's arranged objects, one
/// row per object made from a row template, with the controller's selection (a click on a row
/// selects it).
///
/// The page gets index-level changes only (rows inserted, removed, moved), never the whole list
/// again.
///
/// ```swift
/// let list = WebList(controller: people) { person, row in
///   let name = HeadlessLabel()
///   name.bind(\.text, to: .keyPath(person, \.fullName).placeholders(BindingPlaceholders(nullValue: "(no name)")))
///     .store(in: row.bindings)
///   row.controls = [name]
/// }
/// ```
public final class WebList<Item: AnyObject> {
  /// The rows.
  public let list: HeadlessListView<Item>
  /// The controller whose arranged objects the rows show and whose selection the page shows.
  public private(set) weak var controller: ArrayController<Item>?
  /// Whether each row is a section (a spec file's `sections:`): its header's controls, then the list
  /// of its rows. The page shows the header as a heading, and selects in the sections' lists only.
  public internal(set) var showsSections = false
  /// What the list says while it has no rows (a spec file's `placeholder:`): the page shows it in the
  /// list's place.
  public var placeholder: String? {
    get { list.placeholder }
    set { list.placeholder = newValue }
  }

  /// Creates a list that follows `controller`; `row` fills each row (its controls and bindings).
  public init(controller: ArrayController<Item>, row: @escaping (Item, HeadlessListRow<Item>) -> Void) {
    let list = HeadlessListView<Item>(makeRow: row)
    self.list = list
    self.controller = controller
    list.bind(to: controller)  // the list keeps the binding; it ends with the list
  }
}

/// A list whose item type the mirror need not know.
protocol WebListRendering: AnyObject {
  func makeMirror(id: String, builder: MirrorBuilder) -> WebMirror
}

extension WebList: WebListRendering {
  func makeMirror(id: String, builder: MirrorBuilder) -> WebMirror {
    ListMirror(self, id: id, builder: builder)
  }
}

extension WebList: KeyValueCoding {
  /// A page's list has one key of its own, set by a spec file: `placeholder`.
  public static var keyValueKeys: KeyValueKeyTable {
    KeyValueKeyTable(WebList<Item>.self, keys: [KeyValueKey("placeholder", \WebList<Item>.placeholder)])
  }
}

/// `class: List` in a page's spec file: a ``WebList`` of the array controller its `content:` names,
/// each row made from the list's `row:` template.
struct WebListClass: ArrangedListClass {
  var names: [String] { ["List", "ListView", "UITableView"] }

  func makeList<Item: KeyValueCoding>(
    showing controller: ArrayController<Item>,
    makeRow: @escaping (Item, BindingSet) -> [AnyObject]
  ) -> ArrangedList {
    let list = WebList(controller: controller) { item, row in
      row.controls = makeRow(item, row.bindings)
    }
    return ArrangedList(object: list) { list.list.binding(for: \.items) }  // bound from the start
  }

  func makeSectionedList<Section: KeyValueCoding>(
    showing controller: ArrayController<Section>,
    makeSection: @escaping (Section, BindingSet) -> [AnyObject]
  ) -> ArrangedList {
    let list = WebList(controller: controller) { group, section in
      section.controls = makeSection(group, section.bindings)
    }
    list.showsSections = true
    return ArrangedList(object: list) { list.list.binding(for: \.items) }  // bound from the start
  }
}

extension WebList: LabelTarget {}
