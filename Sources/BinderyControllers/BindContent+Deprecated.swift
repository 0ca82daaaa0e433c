public import Bindery

// The content verbs before `bindContent(to:)` took a ``ContentSource``: kept for one release.

extension ArrayController {
  /// Makes the content follow a writable array of `model`.
  @available(*, deprecated, message: "use bindContent(to: .keyPath(model, keyPath))")
  @discardableResult
  public func bindContent<Model: AnyObject>(
    to model: Model, _ keyPath: ReferenceWritableKeyPath<Model, [Element]>, file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    bindContent(to: .keyPath(model, keyPath), file: file, line: line)
  }

  /// Makes the content follow a writable ``Bindery/KeyValueArray`` of `model`.
  @available(*, deprecated, message: "use bindContent(to: .keyPath(model, keyPath))")
  @discardableResult
  public func bindContent<Model: AnyObject>(
    to model: Model, _ keyPath: ReferenceWritableKeyPath<Model, KeyValueArray<Element>>,
    file: StaticString = #fileID, line: UInt = #line
  ) -> PropertyBinding {
    bindContent(to: .keyPath(model, keyPath), file: file, line: line)
  }

  /// Makes the content follow a read-only ``Bindery/KeyValueArray`` of `model`.
  @available(*, deprecated, message: "use bindContent(to: .keyPath(model, keyPath))")
  @discardableResult
  public func bindContent<Model: AnyObject>(
    to model: Model, _ keyPath: KeyPath<Model, KeyValueArray<Element>>, file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    bindContent(to: .keyPath(model, keyPath), file: file, line: line)
  }

  /// Makes the content follow a read-only array of `model`.
  @available(*, deprecated, message: "use bindContent(to: .keyPath(model, keyPath))")
  @discardableResult
  public func bindContent<Model: AnyObject>(
    to model: Model, _ keyPath: KeyPath<Model, [Element]>, file: StaticString = #fileID, line: UInt = #line
  ) -> PropertyBinding {
    bindContent(to: .keyPath(model, keyPath), file: file, line: line)
  }

  /// Makes the content the content of `shared`, with an arrangement and a selection of this
  /// controller's own.
  @available(*, deprecated, message: "use bindContent(to: .sharing(shared))")
  @discardableResult
  public func bindContent(sharing shared: ArrayController<Element>, file: StaticString = #fileID, line: UInt = #line)
    -> PropertyBinding
  {
    bindContent(to: .sharing(shared), file: file, line: line)
  }
}

extension ObjectController {
  /// Makes the content follow a writable optional property of `model`.
  @available(*, deprecated, message: "use bindContent(to: .keyPath(model, keyPath))")
  @discardableResult
  public func bindContent<Model: AnyObject>(
    to model: Model, _ keyPath: ReferenceWritableKeyPath<Model, Content?>, file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    bindContent(to: .keyPath(model, keyPath), file: file, line: line)
  }
}
