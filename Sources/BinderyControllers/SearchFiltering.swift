package import Bindery

/// A control that filters an array controller with what its user types through search templates (a
/// search field), as a spec file's `search:` binds it.
package protocol SearchFiltering: AnyObject {
  /// Filters `controller`'s objects through `templates` (see ``SearchTemplate``).
  @discardableResult
  func bind<Element: KeyValueCoding>(
    filterOf controller: ArrayController<Element>,
    templates: [SearchTemplate],
    root: (any KeyValueCoding)?,
    file: StaticString,
    line: UInt
  ) throws(ExpressionError) -> PropertyBinding
}
