public import Bindery

extension ContentSource where Link == PropertyBinding, Failure == Never {
  /// A writable array of `model`: the content follows it, and ``ArrayController/add()`` and
  /// ``ArrayController/remove()`` write it back.
  public static func keyPath<Model: AnyObject, Element>(
    _ model: Model,
    _ keyPath: ReferenceWritableKeyPath<Model, [Element]>
  ) -> Self where Controller == ArrayController<Element> {
    Self { controller, file, line in controller.followContent(of: model, keyPath, file: file, line: line) }
  }

  /// A writable to-many ``Bindery/KeyValueArray`` of `model`: its mutations reach the arrangement as
  /// the exact change (an append to 100,000 objects costs O(log n), with no comparison of the
  /// arrays). ``ArrayController/add()`` and ``ArrayController/remove()`` write it through the key
  /// path (Swift applies a key path to a computed property by reading and assigning the whole array,
  /// so their change is found by comparison: O(n), once per user action).
  public static func keyPath<Model: AnyObject, Element>(
    _ model: Model,
    _ keyPath: ReferenceWritableKeyPath<Model, KeyValueArray<Element>>
  ) -> Self where Controller == ArrayController<Element> {
    Self { controller, file, line in controller.followContent(of: model, keyPath, file: file, line: line) }
  }

  /// A read-only array of `model`: the content follows it; Add and Remove are disabled.
  public static func keyPath<Model: AnyObject, Element>(
    _ model: Model,
    _ keyPath: KeyPath<Model, [Element]>
  ) -> Self where Controller == ArrayController<Element> {
    Self { controller, file, line in controller.followContent(of: model, keyPath, file: file, line: line) }
  }

  /// A read-only ``Bindery/KeyValueArray`` of `model`: the content follows it; Add and Remove are
  /// disabled.
  public static func keyPath<Model: AnyObject, Element>(
    _ model: Model,
    _ keyPath: KeyPath<Model, KeyValueArray<Element>>
  ) -> Self where Controller == ArrayController<Element> {
    Self { controller, file, line in controller.followContent(of: model, keyPath, file: file, line: line) }
  }

  /// A writable optional property of `model`, for an ``ObjectController``: its object is the
  /// content, and ``ObjectController/add()`` and ``ObjectController/remove()`` write it back.
  public static func keyPath<Model: AnyObject, Content>(
    _ model: Model,
    _ keyPath: ReferenceWritableKeyPath<Model, Content?>
  ) -> Self where Controller == ObjectController<Content> {
    Self { controller, file, line in controller.followContent(of: model, keyPath, file: file, line: line) }
  }

  /// The content of `shared`, another array controller, with an arrangement and a selection of the
  /// bound controller's own: what each window or tab of an app has over a list every window shows
  /// (as each window of a Cocoa document has its own `NSArrayController` over the document's array).
  /// ``ArrayController/add()``, ``ArrayController/insert(_:at:)`` and ``ArrayController/remove()``
  /// change `shared`'s content (so its store, history and ``ArrayController/maximumCount`` apply),
  /// and an object added there is selected there only. The binding holds `shared` weakly.
  public static func sharing<Element>(_ shared: ArrayController<Element>) -> Self
  where Controller == ArrayController<Element> {
    Self { controller, file, line in controller.shareContent(of: shared, file: file, line: line) }
  }
}

extension ContentSource where Link == PropertyBinding, Failure == Never {
  /// A writable array of `model` as a ``TreeController``'s root objects: Add and Remove at the root
  /// level write it back.
  public static func keyPath<Model: AnyObject, Element>(
    _ model: Model,
    _ keyPath: ReferenceWritableKeyPath<Model, [Element]>
  ) -> Self where Controller == TreeController<Element> {
    Self { controller, file, line in
      controller.followContent(of: model, keyPath, writable: keyPath, file: file, line: line)
    }
  }

  /// A read-only array of `model` as a ``TreeController``'s root objects: the root level cannot be
  /// edited.
  public static func keyPath<Model: AnyObject, Element>(
    _ model: Model,
    _ keyPath: KeyPath<Model, [Element]>
  ) -> Self where Controller == TreeController<Element> {
    Self { controller, file, line in
      controller.followContent(of: model, keyPath, writable: nil, file: file, line: line)
    }
  }
}
