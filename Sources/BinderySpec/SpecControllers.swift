import Bindery
import BinderyControllers
import BinderyExpressions

/// A registered class, opened to its type, so the loader can make controllers of it (an array
/// controller's `objectClass:`).
protocol SpecElementClass: Sendable {
  /// An `ArrayController` of this class, able to add objects.
  func makeArrayController() -> any SpecArrangingController
  /// An `ObjectController` of this class, able to add its content.
  func makeObjectController() -> any SpecContentController
  /// Whether `type` is an array of this class (`[Object]` or `KeyValueArray<Object>`).
  func isArray(_ type: Any.Type) -> Bool
  /// A `TreeController` of this class, its key paths named by `children`, `leaf` and `count`,
  /// able to add objects.
  func makeTreeController(children: String, leaf: String?, count: String?) throws(SpecTreeKeyError)
    -> any SpecTreeController
}

/// A tree controller's key (`children:`, `leaf:` or `count:`) that does not resolve, and why.
struct SpecTreeKeyError: Error {
  /// The field: `children`, `leaf` or `count`.
  let field: String
  /// Why its key does not resolve.
  let error: KeyValueCodingError
}

/// The typed maker of a registered class.
struct TypedElementClass<Object: KeyValueCoding>: SpecElementClass {
  let make: @Sendable () -> Object

  func makeArrayController() -> any SpecArrangingController { ArrayController<Object>(makeElement: make) }
  func makeObjectController() -> any SpecContentController { ObjectController<Object>(makeContent: make) }
  func isArray(_ type: Any.Type) -> Bool {
    type == [Object].self || type == KeyValueArray<Object>.self
  }
  func makeTreeController(children: String, leaf: String?, count: String?) throws(SpecTreeKeyError)
    -> any SpecTreeController
  {
    // Each key checked alone first, so that the error names the field it comes from.
    do { _ = try TreeController<Object>(childrenKey: children) } catch {
      throw SpecTreeKeyError(field: "children", error: error)
    }
    if let leaf {
      do { _ = try TreeController<Object>(childrenKey: children, leafKey: leaf) } catch {
        throw SpecTreeKeyError(field: "leaf", error: error)
      }
    }
    do {
      return try TreeController<Object>(childrenKey: children, leafKey: leaf, countKey: count, makeNode: make)
    } catch {
      throw SpecTreeKeyError(field: "count", error: error)
    }
  }
}

/// A controller whose content a spec file binds (`bindings: content: {to: /Model, value: people}`).
protocol SpecContentController: KeyValueCoding {
  /// Checks that `path` of `source` can be the content; returns what binds it, which returns the
  /// binding (`nil` when either end is gone).
  func prepareContent(
    _ path: KeyValuePath,
    of source: any KeyValueCoding
  ) throws(KeyValueCodingError) -> () -> PropertyBinding?
  /// Checks that what `master` has selected can be the content: `path` of its one selected object
  /// (`content: {to: /Departments, value: selection.employees}`), or with no `path` that object
  /// itself (an object controller behind a detail form); returns what binds it.
  func prepareSelectionContent(
    _ path: KeyValuePath?,
    of master: any SpecArrangingController
  ) throws(KeyValueCodingError) -> () -> PropertyBinding?
}

/// A controller that sorts by levels of keys (`sortOrder:` in a spec file).
protocol SpecSorting {
  /// Checks sort levels by key name; returns what sets them.
  func prepareSortOrder(_ levels: [(key: String, ascending: Bool)]) throws(KeyValueCodingError) -> () -> Void
}

/// An array controller, as a spec file configures it.
protocol SpecArrangingController: SpecContentController, SpecSorting {
  /// The elements' class.
  var elementType: any KeyValueCoding.Type { get }
  /// Checks a filter expression; returns what sets it.
  func prepareFilter(_ text: String, root: (any KeyValueCoding)?) throws(ExpressionError) -> () -> Void
  /// Checks a search template's expression (`name contains[cd] $value`).
  func checkSearchTemplate(_ text: String, root: (any KeyValueCoding)?) throws(ExpressionError)
  /// What binds `field` to filter this controller through `templates`, checked already.
  func prepareSearch(
    _ field: any SearchFiltering,
    templates: [SearchTemplate],
    root: (any KeyValueCoding)?
  ) -> () -> PropertyBinding?
  /// A list of `listClass` showing this controller's arrangement, its rows made by `rows`.
  func makeList(_ listClass: any ArrangedListClass, rows: SpecRowTemplate) -> ArrangedList
  /// A table of `tableClass` with `columns` showing this controller's arrangement, the cells of its
  /// rows made by `rows`.
  func makeTable(_ tableClass: any ArrangedTableClass, columns: [TableColumnDeclaration], rows: SpecRowTemplate)
    -> ArrangedList
  /// A list of `listClass` showing this controller's arrangement, one row per object made by
  /// `makeRow`; a list of sections (one per group) when `sectioned`.
  func makeList(
    _ listClass: any ArrangedListClass,
    sectioned: Bool,
    makeRow: @escaping (any KeyValueCoding, BindingSet) -> [AnyObject]
  ) -> ArrangedList
  /// What binds `detail`'s content to `path` of this controller's one selected object.
  func selectionContent<Detail: KeyValueCoding>(
    _ path: KeyValuePath,
    for detail: ArrayController<Detail>
  ) throws(KeyValueCodingError) -> () -> PropertyBinding?
  /// What binds `detail`'s content to this controller's one selected object.
  func selectedObjectContent<Content: KeyValueCoding>(
    for detail: ObjectController<Content>
  ) throws(KeyValueCodingError) -> () -> PropertyBinding?
  /// What shows this controller's arranged objects in `chooser` (a pop-up), titled by `title` of
  /// each.
  func choicesConnection(_ chooser: any ArrangedChoices, title: KeyValuePath?) -> () -> PropertyBinding?
}

extension ArrayController: SpecContentController, SpecSorting, SpecArrangingController where Element: KeyValueCoding {
  var elementType: any KeyValueCoding.Type { Element.self }

  func prepareContent(
    _ path: KeyValuePath,
    of source: any KeyValueCoding
  ) throws(KeyValueCodingError) -> () -> PropertyBinding? {
    func open<Source: KeyValueCoding>(_ source: Source) throws(KeyValueCodingError) -> () -> PropertyBinding? {
      let composed = path.composedKeyPath
      if let writable = composed as? ReferenceWritableKeyPath<Source, [Element]> {
        return { [weak self, weak source] in
          guard let self, let source else { return nil }
          return self.bindContent(to: .keyPath(source, writable))
        }
      }
      if let readable = composed as? KeyPath<Source, [Element]> {
        return { [weak self, weak source] in
          guard let self, let source else { return nil }
          return self.bindContent(to: .keyPath(source, readable))
        }
      }
      if let writable = composed as? ReferenceWritableKeyPath<Source, KeyValueArray<Element>> {
        return { [weak self, weak source] in
          guard let self, let source else { return nil }
          return self.bindContent(to: .keyPath(source, writable))
        }
      }
      if let readable = composed as? KeyPath<Source, KeyValueArray<Element>> {
        return { [weak self, weak source] in
          guard let self, let source else { return nil }
          return self.bindContent(to: .keyPath(source, readable))
        }
      }
      // Another array controller: this one shares its content, with a selection of its own (a
      // window's or a tab's controller over the model's list).
      if let shared = composed as? KeyPath<Source, ArrayController<Element>> {
        return { [weak self, weak source] in
          guard let self, let source else { return nil }
          return self.bindContent(to: .sharing(source[keyPath: shared]))
        }
      }
      throw .typeMismatch(
        path: path.text, pathType: RuntimeTypes.readableName(path.valueType),
        expected:
          "[\(Element.self)], KeyValueArray<\(Element.self)> or ArrayController<\(Element.self)> reached without optionals "
          + "on the way")
    }
    return try open(source)
  }

  func prepareSelectionContent(
    _ path: KeyValuePath?,
    of master: any SpecArrangingController
  ) throws(KeyValueCodingError) -> () -> PropertyBinding? {
    guard let path else {
      throw .typeMismatch(
        path: "selection", pathType: "\(master.elementType)",
        expected: "[\(Element.self)] or KeyValueArray<\(Element.self)> of the selected object (selection.key)")
    }
    return try master.selectionContent(path, for: self)
  }

  func selectionContent<Detail: KeyValueCoding>(
    _ path: KeyValuePath,
    for detail: ArrayController<Detail>
  ) throws(KeyValueCodingError) -> () -> PropertyBinding? {
    let composed = path.composedKeyPath
    if let writable = composed as? ReferenceWritableKeyPath<Element, [Detail]> {
      return { [weak self, weak detail] in
        guard let self, let detail else { return nil }
        return detail.bindContent(to: .selection(of: self, writable))
      }
    }
    if let writable = composed as? ReferenceWritableKeyPath<Element, KeyValueArray<Detail>> {
      return { [weak self, weak detail] in
        guard let self, let detail else { return nil }
        return detail.bindContent(to: .selection(of: self, writable))
      }
    }
    if let readable = composed as? KeyPath<Element, [Detail]> {
      return { [weak self, weak detail] in
        guard let self, let detail else { return nil }
        return detail.bindContent(to: .selection(of: self, readable))
      }
    }
    throw .typeMismatch(
      path: "selection." + path.text, pathType: RuntimeTypes.readableName(path.valueType),
      expected: "[\(Detail.self)] or KeyValueArray<\(Detail.self)> of the selected \(Element.self)")
  }

  func selectedObjectContent<Content: KeyValueCoding>(
    for detail: ObjectController<Content>
  ) throws(KeyValueCodingError) -> () -> PropertyBinding? {
    guard let master = self as? ArrayController<Content> else {
      throw .typeMismatch(
        path: "selection", pathType: "\(Element.self)", expected: "a selected \(Content.self), the form's class")
    }
    return { [weak master, weak detail] in
      guard let master, let detail else { return nil }
      return detail.bindContent(to: .selection(of: master))
    }
  }

  func prepareSortOrder(_ levels: [(key: String, ascending: Bool)]) throws(KeyValueCodingError) -> () -> Void {
    var sorts: [ArrangementSort<Element>] = []
    for level in levels { sorts.append(try ArrangementSort(key: level.key, ascending: level.ascending)) }
    return { [weak self] in self?.sortOrder = sorts }
  }

  func prepareFilter(_ text: String, root: (any KeyValueCoding)?) throws(ExpressionError) -> () -> Void {
    let filter = try Self.filter(expression: text, root: root)
    return { [weak self] in self?.filter = filter }
  }

  func checkSearchTemplate(_ text: String, root: (any KeyValueCoding)?) throws(ExpressionError) {
    _ = try Self.searchFilter(expression: text, root: root)
  }

  func prepareSearch(
    _ field: any SearchFiltering,
    templates: [SearchTemplate],
    root: (any KeyValueCoding)?
  ) -> () -> PropertyBinding? {
    { [weak self, weak field, weak root] in
      guard let self, let field else { return nil }
      // Every template was checked with the file: binding them cannot fail now.
      return try? field.bind(filterOf: self, templates: templates, root: root, file: #fileID, line: #line)
    }
  }

  func makeList(_ listClass: any ArrangedListClass, rows: SpecRowTemplate) -> ArrangedList {
    listClass.makeList(showing: self) { item, bindings in rows.instantiate(for: item, into: bindings) }
  }

  func makeTable(_ tableClass: any ArrangedTableClass, columns: [TableColumnDeclaration], rows: SpecRowTemplate)
    -> ArrangedList
  {
    tableClass.makeTable(showing: self, columns: columns) { item, bindings in
      rows.instantiate(for: item, into: bindings)
    }
  }

  func makeList(
    _ listClass: any ArrangedListClass,
    sectioned: Bool,
    makeRow: @escaping (any KeyValueCoding, BindingSet) -> [AnyObject]
  ) -> ArrangedList {
    if sectioned {
      return listClass.makeSectionedList(showing: self) { group, bindings in makeRow(group, bindings) }
    }
    return listClass.makeList(showing: self) { item, bindings in makeRow(item, bindings) }
  }
}

extension ObjectController: SpecContentController where Content: KeyValueCoding {
  func prepareSelectionContent(
    _ path: KeyValuePath?,
    of master: any SpecArrangingController
  ) throws(KeyValueCodingError) -> () -> PropertyBinding? {
    if let path {
      throw .typeMismatch(
        path: "selection." + path.text, pathType: RuntimeTypes.readableName(path.valueType),
        expected: "the selected \(Content.self) itself (value: selection)")
    }
    return try master.selectedObjectContent(for: self)
  }

  func prepareContent(
    _ path: KeyValuePath,
    of source: any KeyValueCoding
  ) throws(KeyValueCodingError) -> () -> PropertyBinding? {
    func open<Source: KeyValueCoding>(_ source: Source) throws(KeyValueCodingError) -> () -> PropertyBinding? {
      guard let writable = path.composedKeyPath as? ReferenceWritableKeyPath<Source, Content?> else {
        throw .typeMismatch(
          path: path.text, pathType: RuntimeTypes.readableName(path.valueType),
          expected: "a writable \(Content.self)? reached without optionals on the way")
      }
      return { [weak self, weak source] in
        guard let self, let source else { return nil }
        return self.bindContent(to: .keyPath(source, writable))
      }
    }
    return try open(source)
  }
}
