import Bindery
import BinderyControllers
import BinderyExpressions

/// One load of a spec file: check everything, then apply everything.
///
/// Every step is linear in the size of the file: names, objects and keys are looked up by hash,
/// the file's objects are handed to row templates once (shared, not copied per template or row),
/// suggestions for misspelt names have a budget, and checking stops past
/// ``SpecLimits/maximumProblems``.
struct SpecLoader {
  let source: YAMLSource
  let classes: SpecClassRegistry
  let transformers: BindingTransformerRegistry
  let root: (any KeyValueCoding)?
  let limits: SpecLimits
  /// The actor the file is loaded on: where the bindings it declares with a `pacing` write the user's
  /// edits.
  var isolation: (any Actor)?

  /// Check only: report the problems, make no binding.
  var lintOnly = false
  /// The delegate of the loaded bindings that have none of their own, and of the rows' (held weakly).
  weak var delegate: (any BindingDelegate)?
  /// Whether the load tells the objects that adopt ``SpecAwaking`` once it is done (`false`: the
  /// caller does, after checks of its own, with ``SpecObjects/awakeObjects()``).
  var awakesObjects = true
  /// Objects of classes that are not registered are checked as far as possible instead of reported.
  var lenientClasses = false
  var unresolvedNames: Set<String> = []
  var errors: SpecProblems
  /// In a list's row: what bindings without `to:` read (the row's item).
  var defaultContext: (any KeyValueCoding)?
  /// In a sectioned list's row or header: the section (`$section`).
  var sectionContext: (any KeyValueCoding)?
  /// In a sectioned list's row or header whose classes are not all known (lenient lint): `$section`
  /// may be used.
  var sectionsAllowed = false
  /// In a list's row: the objects of the file (and of the rows it is in), for references the row
  /// does not declare.
  var outerObjects: SpecOuterObjects?
  /// The objects' names, in the order of the file.
  private var names: [String] = []
  private var nameSet: Set<String> = []
  var objects: [String: any KeyValueCoding] = [:]
  /// The objects of this load as row templates see them, made once they are all known.
  private var objectsForRows: SpecOuterObjects?
  /// How many more candidate names "did you mean" suggestions may compare (a misspelt name is
  /// compared with every name of a file: this keeps many of them in a large file linear).
  var suggestionBudget = 100_000
  /// The element class of each array or object controller made here.
  var elementClasses: [ObjectIdentifier: SpecClassRegistry.Entry] = [:]
  /// The row templates of the lists made here (by list), told the file's objects once all are made.
  var rowTemplates: [ObjectIdentifier: SpecRowTemplate] = [:]
  /// The sectioned lists made here (by list), with what their fields are checked against.
  var sectionedLists: [ObjectIdentifier: SpecSectionedList] = [:]
  /// Connections of lists to their controllers, made after the writes.
  var connections: [() -> PropertyBinding?] = []
  /// Writes of outlets, views and properties, made once everything checked.
  var writes: [() -> Void] = []
  /// The bindings made, in order: controllers' content first, then lists, then the file's bindings.
  let made = BindingSet()
  /// Bindings, made after the writes, each with its expression's node.
  private var bindings: [(node: YAMLNode, bind: () throws -> PropertyBinding?)] = []

  /// Adds a binding to make once everything is checked; a failure is reported at `node`.
  mutating func appendBinding(at node: YAMLNode, _ bind: @escaping () throws -> PropertyBinding?) {
    bindings.append((node, bind))
  }

  init(
    source: YAMLSource,
    classes: SpecClassRegistry,
    transformers: BindingTransformerRegistry,
    root: (any KeyValueCoding)?,
    limits: SpecLimits
  ) {
    self.source = source
    self.classes = classes
    self.transformers = transformers
    self.root = root
    self.limits = limits
    self.errors = SpecProblems(limit: limits.maximumProblems)
  }

  mutating func load() throws(SpecLoadError) -> SpecObjects {
    guard let document = try source.root(limits: limits) else {
      return SpecObjects(names: [], objects: [:], bindings: BindingSet())
    }
    guard let entries = document.pairs else {
      throw SpecLoadError([
        source.error(.structure, "a spec file is a mapping of object names to objects", at: document)
      ])
    }
    return try load(entries: entries)
  }

  /// Loads the objects of a mapping: a whole file, or a list's row template.
  mutating func load(entries: [(key: YAMLNode, value: YAMLNode)]) throws(SpecLoadError) -> SpecObjects {
    let most = max(0, limits.maximumObjects)
    if entries.count > most {
      let what = defaultContext == nil ? "the file declares" : "a list's row declares"
      throw SpecLoadError([source.error(.limit, "\(what) more than \(most) objects", at: entries[most].key)])
    }
    // Objects first, so references may point forward.
    var bodies: [(name: String, body: [(key: YAMLNode, value: YAMLNode)], object: any KeyValueCoding)] = []
    var unresolvedBodies: [[(key: YAMLNode, value: YAMLNode)]] = []
    var lists: [(name: String, fields: [(key: YAMLNode, value: YAMLNode)], listClass: any ArrangedListClass)] = []
    for (keyNode, body) in entries where !errors.isFull {
      guard let name = keyNode.scalarText, !name.isEmpty else {
        errors.append(source.error(.structure, "an object name must be text", at: keyNode))
        continue
      }
      guard nameSet.insert(name).inserted else {
        errors.append(source.error(.duplicateName, "the name \(name.echoed) is used twice", at: keyNode))
        continue
      }
      names.append(name)
      guard let fields = body.pairs else {
        errors.append(source.error(.structure, "\(name.echoed) must be a mapping with a class", at: body))
        continue
      }
      guard let classNode = fields.first(where: { $0.key.scalarText == "class" })?.value else {
        errors.append(source.error(.structure, "\(name.echoed) has no class", at: keyNode))
        continue
      }
      if let className = classNode.scalarText, let listClass = classes.listClass(named: className) {
        lists.append((name, fields, listClass))  // made once the controllers are
        continue
      }
      if let className = classNode.scalarText, let kind = SpecControllerKind(className) {
        if let object = makeController(kind, name: name, fields: fields, classNode: classNode) {
          objects[name] = object
          bodies.append((name, fields, object))
        } else if lenientClasses {
          unresolvedNames.insert(name)
          unresolvedBodies.append(fields)
        }
        continue
      }
      guard let className = classNode.scalarText, let entry = classes.entry(named: className) else {
        if lenientClasses, classNode.scalarText != nil {
          unresolvedNames.insert(name)
          unresolvedBodies.append(fields)
          continue
        }
        let given = classNode.scalarText ?? ""
        let suggestions = closest(to: given, in: classes.names + SpecControllerKind.names)
        errors.append(
          source.error(
            .unknownClass, "no class is registered as \(given.echoed)" + didYouMean(suggestions), at: classNode))
        continue
      }
      let object = entry.make()
      objects[name] = object
      bodies.append((name, fields, object))
    }
    for (name, fields, listClass) in lists where !errors.isFull {
      let made =
        if let sectionsNode = fields.first(where: { $0.key.scalarText == "sections" })?.value {
          makeSectionedList(listClass, name: name, fields: fields, sectionsNode: sectionsNode)
        } else {
          makeList(listClass, name: name, fields: fields)
        }
      if let object = made {
        objects[name] = object
        bodies.append((name, fields, object))
      } else if lenientClasses {
        unresolvedNames.insert(name)
        unresolvedBodies.append(fields)
      }
    }
    for (name, fields, object) in bodies where !errors.isFull {
      for (fieldNode, value) in fields where !errors.isFull {
        guard let field = fieldNode.scalarText else {
          errors.append(source.error(.structure, "a field name must be text", at: fieldNode))
          continue
        }
        if checkControllerField(field, fieldNode, value, of: object) { continue }
        switch field {
        case "class": continue
        case "outlets": checkOutlets(value, of: object, named: name)
        case "view": checkView(value, of: object, field: fieldNode)
        case "bindings": checkBindings(value, of: object)
        case "action" where object is any ActionSending: checkAction(value, of: object, at: fieldNode)
        case "search" where object is any SearchFiltering:
          if let field = object as? any SearchFiltering { checkSearch(value, of: field) }
        default: checkProperty(field, value, of: object, at: fieldNode)
        }
      }
    }
    for fields in unresolvedBodies where !errors.isFull { lintUnresolved(fields) }
    guard errors.isEmpty else { throw SpecLoadError(errors.list) }
    guard !lintOnly else { return SpecObjects(names: names, objects: [:], bindings: BindingSet()) }
    // Rows may be made as soon as a list's content is set: their templates know the file's objects
    // first.
    let forRows = rowObjects()
    for template in rowTemplates.values {
      template.outerObjects = forRows
      template.delegate = delegate
    }
    for sectioned in sectionedLists.values {
      for template in [sectioned.header, sectioned.rows] {
        template.outerObjects = forRows
        template.delegate = delegate
      }
    }
    for write in writes { write() }
    let set = made
    set.delegate = delegate
    for connect in connections {
      if let following = connect() { set.insert(following) }
    }
    for (node, bind) in bindings {
      do {
        // Where the file declared it: its location in descriptions and diagnostics, from its first value.
        let location = "\(source.file.lastPathComponent):\(node.line):\(node.column)"
        if let binding = try PropertyBinding.declared(at: location, bind) { set.insert(binding) }
      } catch {
        set.unbind()
        throw SpecLoadError([source.error(.expression, "\(error)".shortenedMessage, at: node)])
      }
    }
    // Everything is bound: the objects that ask are told, once each, in the order of the file
    // (unless the caller checks more first and tells them itself).
    let loaded = SpecObjects(names: names, objects: objects, bindings: set)
    if awakesObjects { loaded.awakeObjects() }
    return loaded
  }

  /// The objects of this load and the outer ones, as row templates see them: made once.
  mutating func rowObjects() -> SpecOuterObjects {
    if let objectsForRows { return objectsForRows }
    let made = SpecOuterObjects(objects: objects.mapValues { WeakObject(object: $0) }, outer: outerObjects)
    objectsForRows = made
    return made
  }

  // MARK: References and keys

  mutating func reference(_ node: YAMLNode) -> (any KeyValueCoding)? {
    guard let text = node.scalarText, text.hasPrefix("/"), text.count > 1 else {
      errors.append(source.error(.structure, "expected a reference to an object, like /Name", at: node))
      return nil
    }
    let name = String(text.dropFirst())
    if unresolvedNames.contains(name) { return nil }
    guard let object = objects[name] ?? outerObjects?.object(named: name) else {
      let known = names + (outerObjects?.names ?? [])
      errors.append(
        source.error(
          .unknownReference, "no object is named \(name.echoed)" + didYouMean(suggestions(for: name, in: known)),
          at: node))
      return nil
    }
    return object
  }

  /// The names of `candidates` closest to `name`, within the load's budget for suggestions.
  mutating func suggestions(for name: String, in candidates: [String]) -> [String] {
    guard suggestionBudget >= candidates.count else { return [] }
    suggestionBudget -= candidates.count
    return closest(to: name, in: candidates)
  }

  /// The key `name` of `object`'s class, or `isName` (`enabled` is `isEnabled`, as in Cocoa).
  mutating func key(_ name: String, of object: any KeyValueCoding, at node: YAMLNode) -> KeyValueKey? {
    let table = KeyValueKeyTable.of(type(of: object))
    if let key = table.key(named: name) { return key }
    if let first = name.first, let key = table.key(named: "is" + first.uppercased() + name.dropFirst()) { return key }
    let suggestions = suggestions(for: name, in: table.keys.map(\.name))
    errors.append(
      source.error(
        .unknownKey, "\(type(of: object)) has no property \(name.echoed)" + didYouMean(suggestions), at: node))
    return nil
  }

  // MARK: Fields

  private mutating func checkOutlets(_ node: YAMLNode, of object: any KeyValueCoding, named name: String) {
    guard let pairs = node.pairs else {
      errors.append(source.error(.structure, "outlets must map property names to references", at: node))
      return
    }
    for (propertyNode, referenceNode) in pairs {
      guard let property = propertyNode.scalarText, let key = key(property, of: object, at: propertyNode) else {
        continue
      }
      guard let target = reference(referenceNode) else { continue }
      guard key.isWritable, key.accepts(target) else {
        errors.append(
          source.error(
            .typeMismatch,
            "the outlet \(property) of \(name.echoed) is a \(key.valueType), which cannot hold a \(type(of: target))",
            at: referenceNode))
        continue
      }
      writes.append { key.write(target, to: object) }
    }
  }

  private mutating func checkView(_ node: YAMLNode, of object: any KeyValueCoding, field: YAMLNode) {
    guard let key = key("view", of: object, at: field) else { return }
    guard let pairs = node.pairs else {
      errors.append(source.error(.structure, "view must be a mapping with subviews", at: node))
      return
    }
    let viewType = RuntimeTypes.baseType(key.valueType) as? any SubviewContaining.Type
    guard viewType != nil || (key.read(from: object) ?? nil) is any SubviewContaining else {
      errors.append(
        source.error(.typeMismatch, "the property view of \(type(of: object)) is not a view with subviews", at: field))
      return
    }
    for (nameNode, value) in pairs {
      guard nameNode.scalarText == "subviews" else {
        errors.append(source.error(.structure, "a view has only subviews here", at: nameNode))
        continue
      }
      guard let elements = value.elements else {
        errors.append(source.error(.structure, "subviews must be a list of references", at: value))
        continue
      }
      var subviews: [AnyObject] = []
      for element in elements {
        if let subview = reference(element) { subviews.append(subview) }
      }
      writes.append {
        guard let view = (key.read(from: object) ?? nil) as? any SubviewContaining ?? viewType?.init() else { return }
        view.subviews = subviews
        key.write(view, to: object)
      }
    }
  }

  private mutating func checkProperty(
    _ name: String, _ node: YAMLNode, of object: any KeyValueCoding, at field: YAMLNode
  ) {
    guard let key = key(name, of: object, at: field) else { return }
    guard key.isWritable else {
      errors.append(
        source.error(.typeMismatch, "the property \(name) of \(type(of: object)) cannot be written", at: field))
      return
    }
    let value: Any?
    if let text = node.scalarText, text.hasPrefix("/") {
      value = reference(node)
      guard value != nil else { return }
    } else {
      value = scalarValue(node, for: key)
    }
    guard let value, key.accepts(value) else {
      errors.append(
        source.error(
          .typeMismatch, "\(name) is a \(key.valueType); \((node.scalarText ?? "this").echoed) is not one", at: node))
      return
    }
    writes.append { key.write(value, to: object) }
  }

  /// A scalar as the property's type: text, a whole number, a number, a Boolean or a date
  /// (`2024-05-01`); or a list of text or of whole numbers.
  private func scalarValue(_ node: YAMLNode, for key: KeyValueKey) -> Any? {
    let type = RuntimeTypes.wrappedType(key.valueType) ?? key.valueType
    if let elements = node.elements {
      switch ObjectIdentifier(type) {
      case ObjectIdentifier([String].self): return wrap(Self.list(elements, \.scalarText), as: key)
      case ObjectIdentifier([Int].self): return wrap(Self.list(elements, \.int), as: key)
      default: return nil
      }
    }
    guard node.scalarText != nil else { return nil }
    if ObjectIdentifier(type) == ObjectIdentifier(SpecDates.dateType) {
      return node.scalarText.flatMap(SpecDates.date).flatMap { wrapAny($0, as: key) }
    }
    switch ObjectIdentifier(type) {
    case ObjectIdentifier(String.self): return wrap(node.scalarText, as: key)
    case ObjectIdentifier(Int.self): return wrap(node.int, as: key)
    case ObjectIdentifier(Double.self): return wrap(node.float, as: key)
    case ObjectIdentifier(Bool.self): return wrap(node.bool, as: key)
    default: return nil
    }
  }

  /// Every element of a list as `read` reads it, or `nil` when one does not read.
  private static func list<Value>(_ elements: [YAMLNode], _ read: (YAMLNode) -> Value?) -> [Value]? {
    var values: [Value] = []
    for element in elements {
      guard let value = read(element) else { return nil }
      values.append(value)
    }
    return values
  }

  /// A date (an `Any` of the property's own type) as the property takes it: as it is or optional.
  private func wrapAny(_ value: Any, as key: KeyValueKey) -> Any? {
    if key.accepts(value) { return value }
    let optional: Any? = value
    return key.accepts(optional as Any) ? optional as Any : nil
  }

  private func wrap<Value>(_ value: Value?, as key: KeyValueKey) -> Any? {
    guard let value else { return nil }
    if key.accepts(value) { return value }
    let optional: Value? = value
    return key.accepts(optional as Any) ? optional as Any : nil
  }

  // MARK: Bindings

  mutating func checkBindings(_ node: YAMLNode, of target: any KeyValueCoding) {
    guard let pairs = node.pairs else {
      errors.append(source.error(.structure, "bindings must map property names to bindings", at: node))
      return
    }
    checkBindings(pairs, of: target)
  }

  mutating func checkBindings(_ pairs: [(key: YAMLNode, value: YAMLNode)], of target: any KeyValueCoding) {
    for (propertyNode, value) in pairs {
      guard let property = propertyNode.scalarText, let key = key(property, of: target, at: propertyNode) else {
        continue
      }
      guard !key.isReadOnly, let bindable = key.keyPath as? any SpecBindableProperty else {
        errors.append(
          source.error(
            .typeMismatch, "the property \(property) of \(type(of: target)) cannot be bound", at: propertyNode))
        continue
      }
      let specs: [YAMLNode]
      if let list = value.elements {
        specs = list
        if list.count > 1, !bindable.combines(on: target) {
          errors.append(
            source.error(
              .typeMismatch,
              "only Boolean properties that combine bindings (isEnabled, isHidden) take a list; \(property) does not",
              at: value))
          continue
        }
      } else {
        specs = [value]
      }
      for spec in specs { checkBinding(spec, property: bindable, of: target) }
    }
  }

  mutating func checkBinding(
    _ node: YAMLNode,
    property: (any SpecBindableProperty)?,
    of target: (any KeyValueCoding)?
  ) {
    if Self.isPatternBinding(node) {
      checkPatternBinding(node, property: property, of: target)
      return
    }
    guard let fields = node.pairs else {
      errors.append(source.error(.structure, "a binding is {to: /Object, value: 'expression'}", at: node))
      return
    }
    var context: (any KeyValueCoding)?
    var expressionNode: YAMLNode?
    var transformerNode: YAMLNode?
    var complete = true
    var contextUnresolved = false
    for (fieldNode, value) in fields {
      switch fieldNode.scalarText {
      case "to":
        context = reference(value)
        if context == nil {
          if isUnresolved(value) { contextUnresolved = true } else { complete = false }
        }
      case "value":
        expressionNode = value
      case let name? where SpecBindingTransformer.fieldNames.contains(name):
        guard transformerNode == nil else {
          errors.append(
            source.error(
              .structure, "a binding takes one transformer (transformer and valueTransformer are the same option)",
              at: fieldNode))
          complete = false
          continue
        }
        transformerNode = value
      default:
        errors.append(
          source.error(
            .structure,
            "unknown field \((fieldNode.scalarText ?? "").echoed) in a binding (use to, value, transformer)",
            at: fieldNode))
        complete = false
      }
    }
    var transformer: SpecBindingTransformer?
    if let transformerNode {
      transformer = besideTransformer(transformerNode)
      if transformer == nil { complete = false }
    }
    guard complete else { return }
    if context == nil, !contextUnresolved, !fields.contains(where: { $0.key.scalarText == "to" }) {
      context = defaultContext
    }
    guard let expressionNode, let expression = expressionNode.scalarText else {
      errors.append(source.error(.structure, "this binding has no value: 'expression'", at: node))
      return
    }
    // An empty expression (`value: ''`, or `{}`) makes no binding.
    if Self.isEmptyExpression(expression) { return }
    var full = expression
    if var added = transformer {
      do {
        full = try added.adding(to: expression)
        transformer = added
      } catch {
        reportExpressionError(error, at: expressionNode, transformer: nil)
        return
      }
    }
    if contextUnresolved || target == nil || (lintOnly && root == nil && expression.contains("$root")) {
      lintExpression(expression, at: expressionNode)
      return
    }
    guard let context, let target, let property else {
      let message =
        defaultContext == nil && target != nil
        ? "this binding has no to: /Object (only bindings in a list's row read the row's item without one)"
        : "this binding has no to: /Object"
      errors.append(source.error(.structure, message, at: node))
      return
    }
    do {
      let bind = try property.prepare(
        expression: full, on: target, to: context, root: root, section: sectionContext,
        transformers: transformers, isolation: isolation)
      appendBinding(at: expressionNode) { try bind() }
    } catch {
      reportExpressionError(error, at: expressionNode, transformer: transformer)
    }
  }
}

extension SpecLoader {
  /// Whether an expression says nothing (`''`, `'{}'`, `'{ }'`): it makes no binding.
  static func isEmptyExpression(_ text: String) -> Bool {
    var rest = text.filter { !$0.isWhitespace }[...]
    if rest.first == "{", rest.last == "}" { rest = rest.dropFirst().dropLast() }
    return rest.isEmpty
  }
}
