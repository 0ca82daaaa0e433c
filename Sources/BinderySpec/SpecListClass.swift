public import Bindery
public import BinderyControllers
import BinderyControls

/// A list class a spec file may name (`class: ListView`): made for the element class of the array
/// controller its `content:` names, its rows filled from the list's `row:` template.
///
/// `ListView` (a ``HeadlessListView``; also as `UITableView` and `NSTableView`) is registered out of the box; a front end
/// registers its own list with ``SpecClassRegistry/registerList(_:names:)``:
///
/// ```swift
/// struct PageTableClass: SpecListClass {
///   func makeList<Item: KeyValueCoding>(showing controller: ArrayController<Item>, rows: SpecRowTemplate) -> SpecList {
///     let table = PageTable<Item> { item, row in row.controls = rows.instantiate(for: item, into: row.bindings) }
///     return SpecList(object: table) { table.bind(to: controller) }
///   }
/// }
/// ```
public protocol SpecListClass: Sendable {
  /// Makes a list that will show the arrangement of `controller`, one row per object made by `rows`.
  func makeList<Item: KeyValueCoding>(showing controller: ArrayController<Item>, rows: SpecRowTemplate) -> SpecList
}

/// A list made for a spec file, and what connects it to its controller once every object of the
/// file is set up.
public struct SpecList {
  /// The list object.
  public let object: any KeyValueCoding
  /// Connects the list to its controller; the token keeps it following (the loaded objects keep it).
  public let connect: () -> KeyValueObservation

  /// Creates a list and its connection.
  public init(object: any KeyValueCoding, connect: @escaping () -> KeyValueObservation) {
    self.object = object
    self.connect = connect
  }
}

/// The headless ``HeadlessListView``.
struct ListViewClass: SpecListClass {
  func makeList<Item: KeyValueCoding>(showing controller: ArrayController<Item>, rows: SpecRowTemplate) -> SpecList {
    let list = HeadlessListView<Item> { item, row in row.controls = rows.instantiate(for: item, into: row.bindings) }
    return SpecList(object: list) { [weak list, weak controller] in
      guard let list, let controller else { return KeyValueObservation {} }
      return list.bind(to: controller)
    }
  }
}
