import Bindery
import BinderyControllers
import BinderyExpressions

/// The controllers a spec file may declare, made for the class its `objectClass:` names.
enum SpecControllerKind {
  case array
  case object
  case tree

  init?(_ name: String) {
    switch name {
    case "ArrayController", "NSArrayController": self = .array
    case "ObjectController", "NSObjectController": self = .object
    case "TreeController", "NSTreeController": self = .tree
    default: return nil
    }
  }

  static let names = [
    "ArrayController", "NSArrayController", "ObjectController", "NSObjectController", "TreeController",
    "NSTreeController",
  ]
}

extension SpecLoader {
  // MARK: Making controllers and lists

  /// An array or object controller of the class `objectClass:` names; `nil` after an error, or when
  /// that class is not registered and classes are lenient.
  mutating func makeController(
    _ kind: SpecControllerKind,
    name: String,
    fields: [(key: YAMLNode, value: YAMLNode)],
    classNode: YAMLNode
  ) -> (any KeyValueCoding)? {
    guard let objectClassNode = fields.first(where: { $0.key.scalarText == "objectClass" })?.value else {
      errors.append(
        source.error(
          .structure, "\(name.echoed) needs objectClass: the registered class of its objects", at: classNode))
      return nil
    }
    guard let className = objectClassNode.scalarText, let entry = classes.entry(named: className) else {
      if lenientClasses, objectClassNode.scalarText != nil { return nil }
      let given = objectClassNode.scalarText ?? ""
      errors.append(
        source.error(
          .unknownClass,
          "no class is registered as \(given.echoed)" + didYouMean(closest(to: given, in: classes.names)),
          at: objectClassNode))
      return nil
    }
    let controller: any KeyValueCoding
    switch kind {
    case .array: controller = entry.elementClass.makeArrayController()
    case .object: controller = entry.elementClass.makeObjectController()
    case .tree:
      guard let tree = makeTreeController(of: entry, name: name, fields: fields, classNode: classNode) else {
        return nil
      }
      controller = tree
    }
    elementClasses[ObjectIdentifier(controller)] = entry
    return controller
  }

  /// A list of `listClass` showing the array controller its `content:` names, with its row template;
  /// `nil` after an error, or when the controller is unresolved (lenient classes).
  mutating func makeList(
    _ listClass: any ArrangedListClass,
    name: String,
    fields: [(key: YAMLNode, value: YAMLNode)]
  ) -> (any KeyValueCoding)? {
    guard let contentNode = fields.first(where: { $0.key.scalarText == "content" })?.value else {
      errors.append(
        source.error(
          .structure, "the list \(name.echoed) needs content: /ArrayController (or sections: for a list of sections)",
          at: fields.first(where: { $0.key.scalarText == "class" })?.value ?? fields[0].key))
      return nil
    }
    if isUnresolved(contentNode) { return nil }
    if let outlineClass = listClass as? any ArrangedOutlineClass {
      return makeOutline(outlineClass, name: name, fields: fields, contentNode: contentNode)
    }
    if contentNode.pairs != nil, contentNode.pairs?.contains(where: { $0.key.scalarText == "to" }) == true,
      let toNode = contentNode.pairs?.first(where: { $0.key.scalarText == "to" })?.value, isUnresolved(toNode)
    {
      return nil
    }
    guard let object = contentNode.pairs != nil ? controllerAtKeyPath(contentNode) : reference(contentNode) else {
      return nil
    }
    guard let controller = object as? any SpecArrangingController else {
      errors.append(
        source.error(
          .typeMismatch,
          "the content of a list is an ArrayController; \((contentNode.scalarText ?? "").cut(after: String.echoLimit)) is a \(type(of: object))",
          at: contentNode))
      return nil
    }
    var entries: [(key: YAMLNode, value: YAMLNode)] = []
    let tableClass = listClass as? any ArrangedTableClass
    var columns: [TableColumnDeclaration] = []
    if tableClass != nil {
      guard let table = tableColumns(fields, name: name, controller: controller) else { return nil }
      (columns, entries) = table
    } else if let rowNode = fields.first(where: { $0.key.scalarText == "row" })?.value {
      guard let pairs = rowNode.pairs else {
        errors.append(source.error(.structure, "row must map the names of a row's objects to objects", at: rowNode))
        return nil
      }
      entries = pairs
    }
    let template = SpecRowTemplate(
      source: source, entries: entries, classes: classes, transformers: transformers, root: root, limits: limits,
      isolation: isolation)
    let list =
      if let tableClass {
        controller.makeTable(tableClass, columns: columns, rows: template)
      } else {
        controller.makeList(listClass, rows: template)
      }
    if let entry = elementClasses[ObjectIdentifier(controller)] ?? classes.entry(forType: controller.elementType) {
      elementClasses[ObjectIdentifier(list.object)] = entry  // the class of the rows' items
    } else if !entries.isEmpty {
      errors.append(
        source.error(
          .unknownClass,
          "register the class of the list's items (\(controller.elementType)) so its row can be checked",
          at: contentNode))
      return nil
    }
    rowTemplates[ObjectIdentifier(list.object)] = template
    connections.append(list.connect)
    return list.object
  }

  /// `content: {to: /Model, value: people}` of a list: an array controller a model holds.
  private mutating func controllerAtKeyPath(_ node: YAMLNode) -> AnyObject? {
    guard let fields = node.pairs,
      let toNode = fields.first(where: { $0.key.scalarText == "to" })?.value,
      let valueNode = fields.first(where: { $0.key.scalarText == "value" })?.value,
      let text = valueNode.scalarText,
      fields.allSatisfy({ ["to", "value"].contains($0.key.scalarText ?? "") })
    else {
      errors.append(
        source.error(.structure, "a list's content is /ArrayController or {to: /Object, value: 'key.path'}", at: node))
      return nil
    }
    guard let model = reference(toNode) else { return nil }
    do {
      let path = try KeyValuePath(text, in: type(of: model))
      guard case .value(let value) = path.resolve(in: model), let object = RuntimeTypes.unwrapped(value) else {
        errors.append(source.error(.typeMismatch, "\(text.echoed) holds no array controller", at: valueNode))
        return nil
      }
      return object as AnyObject
    } catch {
      let kind: SpecError.Kind = if case .unknownKey = error { .unknownKey } else { .typeMismatch }
      errors.append(source.error(kind, error.description.shortenedMessage, in: valueNode, offset: error.column - 1))
      return nil
    }
  }

  // MARK: Fields of controllers and lists

  /// Checks a field only controllers and lists have; `false` when `field` is an ordinary one.
  mutating func checkControllerField(
    _ field: String,
    _ fieldNode: YAMLNode,
    _ value: YAMLNode,
    of object: any KeyValueCoding
  ) -> Bool {
    if field == "bindings", let chooser = object as? any ArrangedChoices & KeyValueCoding {
      return checkChoiceBindings(value, of: chooser)
    }
    if let sectioned = sectionedLists[ObjectIdentifier(object)] {
      return checkSectionedListField(field, of: sectioned)
    }
    if let template = rowTemplates[ObjectIdentifier(object)] {
      switch field {
      case "content": return true  // made with the list
      case "columns":
        checkRowTemplate(template, for: object)  // the cells
        return true
      case "row":
        checkRowTemplate(template, for: object)
        return true
      default: return false
      }
    }
    guard let controller = object as? any SpecContentController else { return false }
    switch field {
    case "objectClass":
      return true  // made with the controller
    case "children", "leaf", "count":
      return controller is any SpecTreeController  // made with a tree controller
    case "sortOrder":
      guard let sorting = controller as? any SpecSorting else { return false }
      checkSortOrder(value, of: sorting)
      return true
    case "filter":
      guard let arranging = controller as? any SpecArrangingController else { return false }
      checkFilter(value, of: arranging)
      return true
    case "bindings":
      guard let pairs = value.pairs else { return false }
      let contentNames = ["content", "contentArray", "contentObject"]
      for (propertyNode, bindingNode) in pairs where contentNames.contains(propertyNode.scalarText ?? "") {
        checkContent(bindingNode, of: controller)
      }
      checkBindings(pairs.filter { !contentNames.contains($0.key.scalarText ?? "") }, of: object)
      return true
    default:
      return false
    }
  }

  /// `content: {to: /Model, value: people}`: a key path to the model's array (or optional object);
  /// `{to: /Departments, value: selection.employees}`: the array of an array controller's selected
  /// object, or `value: selection` for an object controller, the selected object itself.
  private mutating func checkContent(_ node: YAMLNode, of controller: any SpecContentController) {
    guard let fields = node.pairs,
      let toNode = fields.first(where: { $0.key.scalarText == "to" })?.value,
      let valueNode = fields.first(where: { $0.key.scalarText == "value" })?.value,
      fields.allSatisfy({ ["to", "value"].contains($0.key.scalarText ?? "") })
    else {
      errors.append(source.error(.structure, "content is {to: /Object, value: 'key.path'}", at: node))
      return
    }
    if isUnresolved(toNode) { return }
    guard let model = reference(toNode) else { return }
    guard let text = valueNode.scalarText else {
      errors.append(source.error(.structure, "the content's value is a key path, like people", at: valueNode))
      return
    }
    // `selection.employees` of an array controller: the selected object's property (master-detail).
    let master = model as? any SpecArrangingController
    let selectionPrefix = "selection."
    let selected = master != nil && (text == "selection" || text.hasPrefix(selectionPrefix))
    do {
      let bindContent: () -> PropertyBinding?
      if let master, selected {
        let rest = text == "selection" ? nil : String(text.dropFirst(selectionPrefix.count))
        let path = try rest.map { text throws(KeyValueCodingError) in try KeyValuePath(text, in: master.elementType) }
        bindContent = try controller.prepareSelectionContent(path, of: master)
      } else {
        let path = try KeyValuePath(text, in: type(of: model))
        bindContent = try controller.prepareContent(path, of: model)
      }
      writes.append { [made] in
        if let binding = bindContent() { made.insert(binding) }
      }
    } catch {
      let kind: SpecError.Kind = if case .unknownKey = error { .unknownKey } else { .typeMismatch }
      // A key after `selection.` is found in the selected objects' class, past the prefix.
      let keyError: Bool = if case .typeMismatch = error { false } else { true }
      let shift = selected && text.hasPrefix(selectionPrefix) && keyError ? selectionPrefix.count : 0
      errors.append(
        source.error(kind, error.description.shortenedMessage, in: valueNode, offset: error.column - 1 + shift))
    }
  }

  /// `sortOrder: [lastName, {key: age, ascending: false}]`.
  private mutating func checkSortOrder(_ node: YAMLNode, of controller: any SpecSorting) {
    let levelNodes = node.elements ?? [node]
    var levels: [(key: String, ascending: Bool, node: YAMLNode)] = []
    for levelNode in levelNodes {
      if let key = levelNode.scalarText {
        levels.append((key, true, levelNode))
        continue
      }
      guard let fields = levelNode.pairs,
        let keyNode = fields.first(where: { $0.key.scalarText == "key" })?.value, let key = keyNode.scalarText,
        fields.allSatisfy({ ["key", "ascending"].contains($0.key.scalarText ?? "") })
      else {
        errors.append(
          source.error(
            .structure, "a sort level is a key, or {key: name, ascending: false}", at: levelNode))
        continue
      }
      let ascendingNode = fields.first(where: { $0.key.scalarText == "ascending" })?.value
      guard let ascending = ascendingNode.map({ $0.bool }) ?? true else {
        errors.append(source.error(.typeMismatch, "ascending is true or false", at: ascendingNode ?? levelNode))
        continue
      }
      levels.append((key, ascending, keyNode))
    }
    var failed = false
    for level in levels {
      do {
        _ = try controller.prepareSortOrder([(level.key, level.ascending)])
      } catch {
        failed = true
        let kind: SpecError.Kind = if case .unknownKey = error { .unknownKey } else { .typeMismatch }
        errors.append(source.error(kind, error.description.shortenedMessage, in: level.node, offset: error.column - 1))
      }
    }
    guard !failed, levels.count == levelNodes.count,
      let set = try? controller.prepareSortOrder(levels.map { ($0.key, $0.ascending) })
    else { return }
    writes.append(set)
  }

  /// `filter: 'age >= 18'`: an expression on each object.
  private mutating func checkFilter(_ node: YAMLNode, of controller: any SpecArrangingController) {
    guard let text = node.scalarText else {
      errors.append(source.error(.structure, "a filter is an expression, like 'age >= 18'", at: node))
      return
    }
    do {
      writes.append(try controller.prepareFilter(text, root: root))
    } catch {
      errors.append(source.error(.expression, error.message.shortenedMessage, in: node, offset: error.location.offset))
    }
  }

  /// Checks a list's row template against an object of its item class.
  mutating func checkRowTemplate(_ template: SpecRowTemplate, for list: any KeyValueCoding) {
    guard let entry = elementClasses[ObjectIdentifier(list)] else { return }
    template.outerObjects = rowObjects()
    let prototype = entry.make()
    errors += template.check(with: prototype, lenientClasses: lenientClasses)
  }
}
