import Bindery
import BinderyControllers

/// A list of sections declared in a spec file (`sections: {to: /Model, value: teams, rows: members}`):
/// what makes each group's section, its header's objects and the list of its rows.
///
/// Each section follows its group's array of rows through an array controller of its own, kept as
/// long as the section is shown; the groups follow the model's array through another, kept with the
/// file's bindings.
final class SpecSectionedList {
  /// The objects shown above each section's rows; `$data` and `$section` are the group.
  let header: SpecRowTemplate
  /// The objects of each row; `$data` is the row's item, `$section` its group.
  let rows: SpecRowTemplate
  /// The class of the groups.
  let groupEntry: SpecClassRegistry.Entry
  /// The class of the rows' items.
  let itemEntry: SpecClassRegistry.Entry
  /// Each group's array of rows (`rows:`), checked against the group class.
  let rowsPath: KeyValuePath
  /// The kind of list each section's rows are shown in.
  let listClass: any ArrangedListClass

  init(
    header: SpecRowTemplate,
    rows: SpecRowTemplate,
    groupEntry: SpecClassRegistry.Entry,
    itemEntry: SpecClassRegistry.Entry,
    rowsPath: KeyValuePath,
    listClass: any ArrangedListClass
  ) {
    self.header = header
    self.rows = rows
    self.groupEntry = groupEntry
    self.itemEntry = itemEntry
    self.rowsPath = rowsPath
    self.listClass = listClass
  }

  /// The objects of `group`'s section: its header's objects, then the list of its rows; their
  /// bindings, and what keeps the rows following the group, go in `bindings`.
  func makeSection(for group: any KeyValueCoding, into bindings: BindingSet) -> [AnyObject] {
    let headerObjects = header.instantiate(for: group, section: group, into: bindings)
    let controller = itemEntry.elementClass.makeArrayController()
    // Checked when the file loaded, against the group class: this does not fail.
    guard let bindContent = try? controller.prepareContent(rowsPath, of: group) else { return headerObjects }
    let rows = self.rows
    let list = controller.makeList(listClass, sectioned: false) { [weak group] item, rowBindings in
      guard let group else { return [] }
      return rows.instantiate(for: item, section: group, into: rowBindings)
    }
    if let content = bindContent() { bindings.insert(content) }
    if let following = list.connect() { bindings.insert(following) }
    bindings.insert(Self.keeping(controller))
    return headerObjects + [list.object]
  }

  /// An observation that keeps `object` alive until it is unbound (bindings retain neither end).
  static func keeping(_ object: AnyObject) -> KeyValueObservation {
    let kept = KeptObject(object: object)
    return KeyValueObservation { withExtendedLifetime(kept) {} }
  }
}

/// An object kept alive by an observation's closure.
private struct KeptObject: @unchecked Sendable {
  let object: AnyObject
}
