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
}

/// The typed maker of a registered class.
struct TypedElementClass<Object: KeyValueCoding>: SpecElementClass {
  let make: @Sendable () -> Object

  func makeArrayController() -> any SpecArrangingController { ArrayController<Object>(makeElement: make) }
  func makeObjectController() -> any SpecContentController { ObjectController<Object>(makeContent: make) }
  func isArray(_ type: Any.Type) -> Bool {
    type == [Object].self || type == KeyValueArray<Object>.self
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
}

/// An array controller, as a spec file configures it.
protocol SpecArrangingController: SpecContentController {
  /// The elements' class.
  var elementType: any KeyValueCoding.Type { get }
  /// Checks sort levels by key name; returns what sets them.
  func prepareSortOrder(_ levels: [(key: String, ascending: Bool)]) throws(KeyValueCodingError) -> () -> Void
  /// Checks a filter expression; returns what sets it.
  func prepareFilter(_ text: String, root: (any KeyValueCoding)?) throws(ExpressionError) -> () -> Void
  /// A list of `listClass` showing this controller's arrangement, its rows made by `rows`.
  func makeList(_ listClass: any ArrangedListClass, rows: SpecRowTemplate) -> ArrangedList
  /// A list of `listClass` showing this controller's arrangement, one row per object made by
  /// `makeRow`; a list of sections (one per group) when `sectioned`.
  func makeList(
    _ listClass: any ArrangedListClass,
    sectioned: Bool,
    makeRow: @escaping (any KeyValueCoding, BindingSet) -> [AnyObject]
  ) -> ArrangedList
}

extension ArrayController: SpecContentController, SpecArrangingController where Element: KeyValueCoding {
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

  func prepareSortOrder(_ levels: [(key: String, ascending: Bool)]) throws(KeyValueCodingError) -> () -> Void {
    var sorts: [ArrangementSort<Element>] = []
    for level in levels { sorts.append(try ArrangementSort(key: level.key, ascending: level.ascending)) }
    return { [weak self] in self?.sortOrder = sorts }
  }

  func prepareFilter(_ text: String, root: (any KeyValueCoding)?) throws(ExpressionError) -> () -> Void {
    let filter = try Self.filter(expression: text, root: root)
    return { [weak self] in self?.filter = filter }
  }

  func makeList(_ listClass: any ArrangedListClass, rows: SpecRowTemplate) -> ArrangedList {
    listClass.makeList(showing: self) { item, bindings in rows.instantiate(for: item, into: bindings) }
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
