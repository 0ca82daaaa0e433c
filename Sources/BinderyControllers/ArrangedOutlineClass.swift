public import Bindery

/// A kind of outline that shows the arranged tree of a ``TreeController``, one row per visible node,
/// and that spec files make by name (`class: OutlineView`).
///
/// An outline is a list (``ArrangedListClass``) whose rows are a tree's nodes: a spec file gives it
/// a tree controller as its content, and the loader makes it with
/// ``makeOutline(showing:makeRow:)``. Given an array controller, it lists the objects without
/// children.
///
/// ```swift
/// struct PageOutlineClass: ArrangedOutlineClass {
///   var names: [String] { ["OutlineView"] }
///   func makeOutline<Item: KeyValueCoding>(
///     showing controller: TreeController<Item>, makeRow: @escaping (Item, BindingSet) -> [AnyObject]
///   ) -> ArrangedList {
///     let outline = PageOutline<Item> { item, row in row.controls = makeRow(item, row.bindings) }
///     return ArrangedList(object: outline) { outline.bind(to: controller) }
///   }
///   func makeList<Item: KeyValueCoding>(
///     showing controller: ArrayController<Item>, makeRow: @escaping (Item, BindingSet) -> [AnyObject]
///   ) -> ArrangedList { … }
/// }
/// ```
public protocol ArrangedOutlineClass: ArrangedListClass {
  /// Makes an outline that will show the arranged tree of `controller`; `makeRow` makes the objects
  /// of one node's row and keeps their bindings in the set it is given.
  func makeOutline<Item: KeyValueCoding>(
    showing controller: TreeController<Item>,
    makeRow: @escaping (Item, BindingSet) -> [AnyObject]
  ) -> ArrangedList
}
