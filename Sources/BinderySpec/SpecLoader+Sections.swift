import Bindery
import BinderyControllers
import BinderyExpressions

extension SpecLoader {
  // MARK: Lists of sections

  /// A list of `listClass` whose content is sections: `sections: {to: /Model, value: teams, rows:
  /// members}`, the model's array of groups and each group's array of rows (in a list's row, without
  /// `to:`, the row's item's), with a `header:` template
  /// (its `$data` and `$section` are the group) and a `row:` template (its `$data` is the row's item,
  /// `$section` its group). `nil` after an error, or when the model is unresolved (lenient classes).
  mutating func makeSectionedList(
    _ listClass: any ArrangedListClass,
    name: String,
    fields: [(key: YAMLNode, value: YAMLNode)],
    sectionsNode: YAMLNode
  ) -> (any KeyValueCoding)? {
    if let contentField = fields.first(where: { $0.key.scalarText == "content" })?.key {
      errors.append(
        source.error(
          .structure, "the list \(name.echoed) has sections: and content:; give one of them", at: contentField))
      return nil
    }
    let shape =
      "a list's sections are {to: /Object, value: 'groups', rows: 'items'}: an array of groups, and each "
      + "group's array of rows"
    let toNode = sectionsNode.pairs?.first(where: { $0.key.scalarText == "to" })?.value
    guard let pairs = sectionsNode.pairs, toNode != nil || defaultContext != nil,
      let valueNode = pairs.first(where: { $0.key.scalarText == "value" })?.value,
      let rowsNode = pairs.first(where: { $0.key.scalarText == "rows" })?.value,
      let groupsText = valueNode.scalarText, let rowsText = rowsNode.scalarText,
      pairs.allSatisfy({ ["to", "value", "rows"].contains($0.key.scalarText ?? "") })
    else {
      errors.append(source.error(.structure, shape, at: sectionsNode))
      return nil
    }
    // In a list's row, sections without `to:` are the row's item's.
    if let toNode, isUnresolved(toNode) { return nil }
    guard let model = toNode.map({ reference($0) }) ?? defaultContext else { return nil }
    guard let groupsPath = keyPath(groupsText, in: type(of: model), at: valueNode) else { return nil }
    guard let groupEntry = classes.entry(forArrayType: groupsPath.valueType) else {
      if lenientClasses, Self.isCollectionOfObjects(groupsPath.valueType) { return nil }
      errors.append(
        source.error(
          .typeMismatch,
          "the sections of a list are an array of groups of a registered class; \(groupsText.echoed) of "
            + "\(type(of: model)) is a \(RuntimeTypes.readableName(groupsPath.valueType))",
          at: valueNode))
      return nil
    }
    guard let rowsPath = keyPath(rowsText, in: groupEntry.type, at: rowsNode) else { return nil }
    guard let itemEntry = classes.entry(forArrayType: rowsPath.valueType) else {
      if lenientClasses, Self.isCollectionOfObjects(rowsPath.valueType) { return nil }
      errors.append(
        source.error(
          .typeMismatch,
          "each section's rows are an array of a registered class; \(rowsText.echoed) of \(groupEntry.type) "
            + "is a \(RuntimeTypes.readableName(rowsPath.valueType))",
          at: rowsNode))
      return nil
    }
    let groups = groupEntry.elementClass.makeArrayController()
    let bindGroups: () -> PropertyBinding?
    do {
      bindGroups = try groups.prepareContent(groupsPath, of: model)
      _ = try itemEntry.elementClass.makeArrayController().prepareContent(rowsPath, of: groupEntry.make())
    } catch {
      errors.append(source.error(.typeMismatch, error.description.shortenedMessage, at: valueNode))
      return nil
    }
    guard let header = template(fields, "header", of: name), let rows = template(fields, "row", of: name) else {
      return nil
    }
    let sectioned = SpecSectionedList(
      header: header, rows: rows, groupEntry: groupEntry, itemEntry: itemEntry, rowsPath: rowsPath,
      listClass: listClass)
    let list = groups.makeList(listClass, sectioned: true) { group, bindings in
      sectioned.makeSection(for: group, into: bindings)
    }
    // The groups' controller has no name in the file: the file's bindings keep it.
    writes.append { [made] in
      made.insert(SpecSectionedList.keeping(groups))
      if let binding = bindGroups() { made.insert(binding) }
    }
    sectionedLists[ObjectIdentifier(list.object)] = sectioned
    connections.append(list.connect)
    return list.object
  }

  /// Whether `type` is a collection of objects: an array of a class that may be registered only in
  /// the project's own tool (lenient classes), not a value that can never be groups or rows.
  static func isCollectionOfObjects(_ type: Any.Type) -> Bool {
    func element<Elements: Collection>(of _: Elements.Type) -> Any.Type { Elements.Element.self }
    guard let collection = type as? any Collection.Type else { return false }
    return element(of: collection) is AnyObject.Type
  }

  /// The key path `text` of `type`, or `nil` after reporting why not at `node`.
  private mutating func keyPath(_ text: String, in type: any KeyValueCoding.Type, at node: YAMLNode) -> KeyValuePath? {
    do {
      return try KeyValuePath(text, in: type)
    } catch {
      let kind: SpecError.Kind = if case .unknownKey = error { .unknownKey } else { .typeMismatch }
      errors.append(source.error(kind, error.description.shortenedMessage, in: node, offset: error.column - 1))
      return nil
    }
  }

  /// The template of the list's `field` (`header` or `row`): empty when the list has none, `nil`
  /// after an error.
  private mutating func template(
    _ fields: [(key: YAMLNode, value: YAMLNode)],
    _ field: String,
    of name: String
  ) -> SpecRowTemplate? {
    var entries: [(key: YAMLNode, value: YAMLNode)] = []
    if let node = fields.first(where: { $0.key.scalarText == field })?.value {
      guard let pairs = node.pairs else {
        errors.append(
          source.error(.structure, "\(field) must map the names of a \(field)'s objects to objects", at: node))
        return nil
      }
      entries = pairs
    }
    return SpecRowTemplate(
      source: source, entries: entries, classes: classes, transformers: transformers, root: root, limits: limits,
      isolation: isolation)
  }

  /// Checks a field of a list of sections; `false` when `field` is an ordinary one.
  mutating func checkSectionedListField(_ field: String, of sectioned: SpecSectionedList) -> Bool {
    switch field {
    case "sections": return true  // made with the list
    case "header", "row":
      let template = field == "header" ? sectioned.header : sectioned.rows
      template.outerObjects = rowObjects()
      let group = sectioned.groupEntry.make()
      let data = field == "header" ? group : sectioned.itemEntry.make()
      errors += template.check(with: data, section: group, lenientClasses: lenientClasses)
      return true
    default: return false
    }
  }
}
