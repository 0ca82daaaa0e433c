public import Bindery
public import BinderyControllers

extension HeadlessSearchField: SearchFiltering {
  /// Filters `controller`'s objects with what the user types, through `templates` (Cocoa's
  /// `predicate`, `predicate2`… bindings of a search field): each template's expression is compiled
  /// once, now, with the text as `$value`; then each edit, clearing, or choice of a template sets the
  /// controller's `filter` at once — an empty text shows every object. The field's menu becomes the
  /// templates' titles and its placeholder the chosen one's.
  ///
  /// Returns the binding, whose target is the field's ``text`` and whose source is the controller's
  /// `filter`; unbinding it (or binding the field again) stops the filtering and shows every object.
  ///
  /// - Throws: ``ExpressionError`` when there is no template, or a template does not parse, names an
  ///   unknown key, or is not a Boolean (located in that template's expression); nothing is bound
  ///   then, and the field and the controller are unchanged.
  @discardableResult
  public func bind<Element: KeyValueCoding>(
    filterOf controller: ArrayController<Element>,
    templates: [SearchTemplate],
    root: (any KeyValueCoding)? = nil,
    file: StaticString = #fileID,
    line: UInt = #line
  ) throws(ExpressionError) -> PropertyBinding {
    guard !templates.isEmpty else {
      throw ExpressionError("a search field needs at least one template", at: .start, in: "", kind: .syntax)
    }
    var searches: [(String) -> ((Element) -> Bool)?] = []
    for template in templates {
      searches.append(try ArrayController<Element>.searchFilter(expression: template.expression, root: root))
    }
    return PropertyBinding.link(
      \.text, of: self, to: controller, \ArrayController<Element>.filter, direction: .targetToSource, file: file,
      line: line
    ) {
      templateTitles = templates.map(\.title)
      if !templates.indices.contains(templateIndex) { templateIndex = 0 }
      placeholder = templates[templateIndex].title
      let filter: () -> Void = { [weak self, weak controller] in
        guard let self, let controller else { return }
        let index = templates.indices.contains(self.templateIndex) ? self.templateIndex : 0
        controller.filter = searches[index](self.text)
      }
      filter()
      let typing = observe(self, \.text) { _ in filter() }
      let choosing = observe(self, \.templateIndex) { [weak self] _ in
        if let self, templates.indices.contains(self.templateIndex) {
          self.placeholder = templates[self.templateIndex].title
        }
        filter()
      }
      let showEverything = Cleanup { [weak controller] in controller?.filter = nil }
      return KeyValueObservation {
        typing.unbind()
        choosing.unbind()
        showEverything.run()
      }
    }
  }
}

/// What unbinding does to the controller, for the token's `Sendable` closure (which then captures
/// no generic type): a controller is used from one thread (or actor) at a time, like its search field.
private final class Cleanup: @unchecked Sendable {
  let run: () -> Void
  init(_ run: @escaping () -> Void) { self.run = run }
}
