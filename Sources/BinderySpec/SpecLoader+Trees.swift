import Bindery
import BinderyControllers

extension SpecLoader {
  /// A tree controller of `entry`'s class with the key paths `children:`, `leaf:` and `count:`
  /// name; `nil` after an error, located at the field that is wrong.
  mutating func makeTreeController(
    of entry: SpecClassRegistry.Entry,
    name: String,
    fields: [(key: YAMLNode, value: YAMLNode)],
    classNode: YAMLNode
  ) -> (any KeyValueCoding)? {
    func field(_ key: String) -> YAMLNode? { fields.first(where: { $0.key.scalarText == key })?.value }
    guard let childrenNode = field("children") else {
      errors.append(
        source.error(
          .structure, "\(name.echoed) needs children: the key of each object's children, like subshelves",
          at: classNode))
      return nil
    }
    var texts: [String: String] = [:]
    for key in ["children", "leaf", "count"] {
      guard let node = field(key) else { continue }
      guard let text = node.scalarText, !text.isEmpty else {
        errors.append(source.error(.structure, "\(key): is a key, like subshelves", at: node))
        return nil
      }
      texts[key] = text
    }
    do {
      return try entry.elementClass.makeTreeController(
        children: texts["children"] ?? "", leaf: texts["leaf"], count: texts["count"])
    } catch {
      let kind: SpecError.Kind = if case .unknownKey = error.error { .unknownKey } else { .typeMismatch }
      errors.append(
        source.error(
          kind, error.error.description.shortenedMessage, in: field(error.field) ?? childrenNode,
          offset: error.error.column - 1))
      return nil
    }
  }

  /// An outline of `outlineClass` showing the tree controller its `content:` names, with its row
  /// template; `nil` after an error.
  mutating func makeOutline(
    _ outlineClass: any ArrangedOutlineClass,
    name: String,
    fields: [(key: YAMLNode, value: YAMLNode)],
    contentNode: YAMLNode
  ) -> (any KeyValueCoding)? {
    guard let object = reference(contentNode) else { return nil }
    guard let tree = object as? any SpecTreeController else {
      errors.append(
        source.error(
          .typeMismatch,
          "the content of an outline is a TreeController; \((contentNode.scalarText ?? "").cut(after: String.echoLimit)) is a \(type(of: object))",
          at: contentNode))
      return nil
    }
    var entries: [(key: YAMLNode, value: YAMLNode)] = []
    if let rowNode = fields.first(where: { $0.key.scalarText == "row" })?.value {
      guard let pairs = rowNode.pairs else {
        errors.append(source.error(.structure, "row must map the names of a row's objects to objects", at: rowNode))
        return nil
      }
      entries = pairs
    }
    let template = SpecRowTemplate(
      source: source, entries: entries, classes: classes, transformers: transformers, root: root, limits: limits,
      isolation: isolation)
    let outline = tree.makeOutline(outlineClass, rows: template)
    if let entry = elementClasses[ObjectIdentifier(tree)] ?? classes.entry(forType: tree.elementType) {
      elementClasses[ObjectIdentifier(outline.object)] = entry  // the class of the rows' items
    }
    rowTemplates[ObjectIdentifier(outline.object)] = template
    connections.append(outline.connect)
    return outline.object
  }
}

/// A tree controller, as a spec file configures it.
protocol SpecTreeController: SpecContentController, SpecSorting {
  /// The objects' class.
  var elementType: any KeyValueCoding.Type { get }
  /// An outline of `outlineClass` showing this controller's tree, its rows made by `rows`.
  func makeOutline(_ outlineClass: any ArrangedOutlineClass, rows: SpecRowTemplate) -> ArrangedList
}

extension TreeController: SpecContentController, SpecSorting, SpecTreeController where Node: KeyValueCoding {
  var elementType: any KeyValueCoding.Type { Node.self }

  func prepareContent(
    _ path: KeyValuePath,
    of source: any KeyValueCoding
  ) throws(KeyValueCodingError) -> () -> PropertyBinding? {
    func open<Source: KeyValueCoding>(_ source: Source) throws(KeyValueCodingError) -> () -> PropertyBinding? {
      let composed = path.composedKeyPath
      if let writable = composed as? ReferenceWritableKeyPath<Source, [Node]> {
        return { [weak self, weak source] in
          guard let self, let source else { return nil }
          return self.bindContent(to: .keyPath(source, writable))
        }
      }
      if let readable = composed as? KeyPath<Source, [Node]> {
        return { [weak self, weak source] in
          guard let self, let source else { return nil }
          return self.bindContent(to: .keyPath(source, readable))
        }
      }
      throw .typeMismatch(
        path: path.text, pathType: RuntimeTypes.readableName(path.valueType),
        expected: "[\(Node.self)], the root objects, reached without optionals on the way")
    }
    return try open(source)
  }

  func prepareSelectionContent(
    _ path: KeyValuePath?,
    of master: any SpecArrangingController
  ) throws(KeyValueCodingError) -> () -> PropertyBinding? {
    throw .typeMismatch(
      path: "selection" + (path.map { "." + $0.text } ?? ""), pathType: "\(master.elementType)",
      expected: "[\(Node.self)] of a model object: a tree's root objects")
  }

  func prepareSortOrder(_ levels: [(key: String, ascending: Bool)]) throws(KeyValueCodingError) -> () -> Void {
    var sorts: [ArrangementSort<Node>] = []
    for level in levels { sorts.append(try ArrangementSort(key: level.key, ascending: level.ascending)) }
    return { [weak self] in self?.sortOrder = sorts }
  }

  func makeOutline(_ outlineClass: any ArrangedOutlineClass, rows: SpecRowTemplate) -> ArrangedList {
    outlineClass.makeOutline(showing: self) { item, bindings in rows.instantiate(for: item, into: bindings) }
  }
}
