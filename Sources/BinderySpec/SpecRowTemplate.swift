public import Bindery
import BinderyExpressions

/// The objects and bindings of one row of a list declared in a spec file (its `row:` mapping), made
/// afresh for each row with the row's item as the source of its expressions.
///
/// In a row, a binding without `to:` reads the row's item (`$data`); `to: /Name` names another
/// object of the row or of the file, and `$root.` reads the loader's root. The template is checked
/// once, when the file loads, against an object of the item class; a row then cannot fail.
///
/// ```yaml
/// PeopleList:
///   class: ListView
///   content: /People
///   row:
///     NameLabel:
///       class: Label
///       bindings:
///         text: {value: fullName}
///         hidden: {value: '$root.isSaving'}
/// ```
public final class SpecRowTemplate: @unchecked Sendable {
  let source: YAMLSource
  let entries: [(key: YAMLNode, value: YAMLNode)]
  let classes: SpecClassRegistry
  let transformers: BindingTransformerRegistry
  let limits: SpecLimits
  /// The actor the spec was loaded on, where the rows' paced edits are written.
  let isolation: (any Actor)?
  private weak var root: (any KeyValueCoding)?
  /// The file's objects, weakly: a row's references to them, without keeping them alive.
  var outerObjects: SpecOuterObjects?
  /// The delegate the spec was loaded with, for the rows' bindings (held weakly).
  weak var delegate: (any BindingDelegate)?

  init(
    source: YAMLSource,
    entries: [(key: YAMLNode, value: YAMLNode)],
    classes: SpecClassRegistry,
    transformers: BindingTransformerRegistry,
    root: (any KeyValueCoding)?,
    limits: SpecLimits,
    isolation: (any Actor)?
  ) {
    self.isolation = isolation
    self.source = source
    self.entries = entries
    self.classes = classes
    self.transformers = transformers
    self.root = root
    self.limits = limits
  }

  /// The names of the row's objects, in the order of the file.
  public var objectNames: [String] { entries.compactMap(\.key.scalarText) }

  /// Makes the row's objects for `item` and binds them, putting the bindings in `bindings`; returns
  /// the objects in the order of the file (the row's controls).
  ///
  /// In a sectioned list, `section` is the group the item is in (`$section`).
  public func instantiate(
    for item: any KeyValueCoding,
    section: (any KeyValueCoding)? = nil,
    into bindings: BindingSet
  ) -> [AnyObject] {
    var loader = rowLoader(item: item)
    loader.sectionContext = section
    guard let objects = try? loader.load(entries: entries) else { return [] }
    for binding in objects.bindings.bindings { bindings.insert(binding) }
    // A list of sections in the row: the set also keeps the controller of its groups.
    if !loader.sectionedLists.isEmpty { bindings.insert(SpecSectionedList.keeping(objects.bindings)) }
    return objects.names.compactMap { objects.objects[$0] }
  }

  /// Checks the template against `item`, reporting problems at their place in the file.
  func check(
    with item: any KeyValueCoding,
    section: (any KeyValueCoding)? = nil,
    lenientClasses: Bool
  ) -> [SpecError] {
    var loader = rowLoader(item: item)
    loader.sectionContext = section
    loader.lintOnly = true
    loader.lenientClasses = lenientClasses
    do {
      _ = try loader.load(entries: entries)
      return []
    } catch {
      return error.errors
    }
  }

  private func rowLoader(item: any KeyValueCoding) -> SpecLoader {
    var loader = SpecLoader(source: source, classes: classes, transformers: transformers, root: root, limits: limits)
    loader.isolation = isolation
    loader.defaultContext = item
    loader.outerObjects = outerObjects
    loader.delegate = delegate
    return loader
  }
}
