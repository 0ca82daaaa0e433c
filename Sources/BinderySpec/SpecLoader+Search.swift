import Bindery
import BinderyControllers

extension SpecLoader {
  /// `search: {to: /People, templates: [{title: Name, expression: 'name contains[cd] $value'}, …]}` of a
  /// search field: the array controller it filters and its templates, each checked against the
  /// controller's element class (an error is located in the template's expression); nothing is bound
  /// when one is wrong.
  mutating func checkSearch(_ node: YAMLNode, of field: any SearchFiltering) {
    let shape = "search is {to: /ArrayController, templates: [{title: Name, expression: 'name contains[cd] $value'}]}"
    guard let fields = node.pairs,
      let toNode = fields.first(where: { $0.key.scalarText == "to" })?.value,
      let templatesNode = fields.first(where: { $0.key.scalarText == "templates" })?.value,
      fields.allSatisfy({ ["to", "templates"].contains($0.key.scalarText ?? "") })
    else {
      errors.append(source.error(.structure, shape, at: node))
      return
    }
    if isUnresolved(toNode) { return }
    guard let object = reference(toNode) else { return }
    guard let controller = object as? any SpecArrangingController else {
      errors.append(
        source.error(
          .typeMismatch,
          "a search field filters an ArrayController; \(toNode.scalarText ?? "") is a \(type(of: object))"
            .shortenedMessage, at: toNode))
      return
    }
    guard let templateNodes = templatesNode.elements, !templateNodes.isEmpty else {
      errors.append(source.error(.structure, "templates is a list of at least one template", at: templatesNode))
      return
    }
    var templates: [SearchTemplate] = []
    for templateNode in templateNodes {
      guard let pairs = templateNode.pairs,
        let titleNode = pairs.first(where: { $0.key.scalarText == "title" })?.value, let title = titleNode.scalarText,
        let expressionNode = pairs.first(where: { $0.key.scalarText == "expression" })?.value,
        let expression = expressionNode.scalarText,
        pairs.allSatisfy({ ["title", "expression"].contains($0.key.scalarText ?? "") })
      else {
        errors.append(
          source.error(
            .structure, "a template is {title: Name, expression: 'name contains[cd] $value'}", at: templateNode))
        continue
      }
      do {
        try controller.checkSearchTemplate(expression, root: root)
        templates.append(SearchTemplate(title, expression: expression))
      } catch {
        errors.append(
          source.error(.expression, error.message.shortenedMessage, in: expressionNode, offset: error.location.offset))
      }
    }
    guard templates.count == templateNodes.count else { return }
    connections.append(controller.prepareSearch(field, templates: templates, root: root))
  }
}
