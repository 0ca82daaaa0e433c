public import Bindery

/// A kind of list that shows the arrangement of an ``ArrayController``, one row per object, and that
/// spec files make by name (`class: ListView`).
///
/// The module that owns the list declares it; whoever assembles a spec loader's classes registers it.
/// A front end's own list:
///
/// ```swift
/// struct PageTableClass: ArrangedListClass {
///   var names: [String] { ["Table"] }
///   func makeList<Item: KeyValueCoding>(
///     showing controller: ArrayController<Item>, makeRow: @escaping (Item, BindingSet) -> [AnyObject]
///   ) -> ArrangedList {
///     let table = PageTable<Item> { item, row in row.controls = makeRow(item, row.bindings) }
///     return ArrangedList(object: table) { table.bind(to: controller) }
///   }
/// }
/// ```
public protocol ArrangedListClass: Sendable {
  /// The names a spec file may give the list in `class:`.
  var names: [String] { get }

  /// Makes a list that will show the arrangement of `controller`; `makeRow` makes the objects of one
  /// element's row and keeps their bindings in the set it is given.
  func makeList<Item: KeyValueCoding>(
    showing controller: ArrayController<Item>,
    makeRow: @escaping (Item, BindingSet) -> [AnyObject]
  ) -> ArrangedList

  /// Makes a list of sections that will show the arrangement of `controller`, one section per group;
  /// `makeSection` makes the objects of one group's section (its header's objects, then the list of
  /// its rows) and keeps their bindings in the set it is given.
  ///
  /// By default, a list of `makeList(showing:makeRow:)` whose rows are the sections; a front end that
  /// draws sections differently (headers as headings) makes its own.
  func makeSectionedList<Section: KeyValueCoding>(
    showing controller: ArrayController<Section>,
    makeSection: @escaping (Section, BindingSet) -> [AnyObject]
  ) -> ArrangedList
}

extension ArrangedListClass {
  /// A list whose rows are the sections: ``makeList(showing:makeRow:)`` with `makeSection`.
  public func makeSectionedList<Section: KeyValueCoding>(
    showing controller: ArrayController<Section>,
    makeSection: @escaping (Section, BindingSet) -> [AnyObject]
  ) -> ArrangedList {
    makeList(showing: controller, makeRow: makeSection)
  }
}

/// A list made by an ``ArrangedListClass``, and what connects it to its controller once every object
/// of the spec file is set up.
public struct ArrangedList {
  /// The list object.
  public let object: any KeyValueCoding
  /// Binds the list to its controller and returns the binding (kept with the spec file's bindings),
  /// or `nil` when the list follows its controller already.
  public let connect: () -> PropertyBinding?

  /// Creates a list and its connection.
  public init(object: any KeyValueCoding, connect: @escaping () -> PropertyBinding?) {
    self.object = object
    self.connect = connect
  }
}
