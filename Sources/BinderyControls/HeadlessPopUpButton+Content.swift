public import Bindery
public import BinderyControllers

extension HeadlessPopUpButton: ArrangedChoices {
  /// Shows the arranged objects of `controller` as the items, each titled by `title` (Cocoa's
  /// `content` and `contentValues` bindings, `arrangedObjects` and `arrangedObjects.name`), after the
  /// null placeholder when ``insertsNullPlaceholder`` is set, and follows every insertion, removal,
  /// reordering and retitling (a department renamed is retitled in the open pop-up). The item of
  /// ``selectedObject`` stays chosen wherever it moves; when it leaves the content no item is chosen,
  /// and nothing is written back.
  ///
  /// ```swift
  /// department.bind(content: departments, title: \.name)
  /// ```
  ///
  /// Returns the binding, whose target is the pop-up's ``content`` and whose source is the
  /// controller's `arrangedObjects`; binding the content again or unbinding it stops the following
  /// (the items shown stay), and so does the pop-up or the controller going away.
  @discardableResult
  public func bind<Item: AnyObject>(
    content controller: ArrayController<Item>,
    title: @escaping (Item) -> String,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    PropertyBinding.link(
      \.content, of: self, to: controller, \ArrayController<Item>.arrangedObjects, direction: .sourceToTarget,
      file: file, line: line
    ) {
      // One tracked read of the arrangement and of every title: any of them changing shows them again.
      let read = { [weak controller] () -> (objects: [AnyObject], titles: [String]) in
        guard let controller else { return ([], []) }
        let objects = controller.arrangedObjects
        return (objects.map { $0 as AnyObject }, objects.map(title))
      }
      let shown = read()
      show(content: shown.objects, titles: shown.titles)
      return observe(read) { [weak self] next in self?.show(content: next.objects, titles: next.titles) }
    }
  }

  /// Binds ``selectedObject`` to an optional object of `source`, both ways: choosing an item writes
  /// its object itself (`nil` for the null placeholder) to `keyPath`, and a change there chooses that
  /// object's item (Cocoa's `selectedObject` binding).
  ///
  /// ```swift
  /// department.bind(selectedObject: personController, \.person?.department)
  /// ```
  ///
  /// This is `bind(\.selectedObject, to: .keyPath(source, keyPath, converted: …))` with the
  /// conversion between `Object?` and `AnyObject?` made for you; the binding behaves as any other.
  @discardableResult
  public func bind<Source: AnyObject, Object: AnyObject>(
    selectedObject source: Source,
    _ keyPath: KeyPath<Source, Object?>,
    options: BindingOptions = BindingOptions(),
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    let asObject = ClosureTransformer<Object?, AnyObject?>(
      forward: { $0 },
      reverse: { chosen in
        guard let chosen else { return nil }
        guard let object = chosen as? Object else { throw ChosenObjectError(expected: "\(Object.self)") }
        return object
      })
    return bind(
      \.selectedObject, to: .keyPath(source, keyPath, converted: asObject), options: options, file: file, line: line)
  }
}

/// A chosen object of another class than the bound property's (content of one class, the selected
/// object bound to a property of another): the edit is refused.
struct ChosenObjectError: Error, CustomStringConvertible {
  let expected: String
  var description: String { "the chosen object is not a \(expected)" }
}
