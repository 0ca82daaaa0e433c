public import Bindery

extension ContentSource where Link == PropertyBinding, Failure == Never {
  /// The to-many property `keyPath` of the object selected in `master`, for a detail list (Cocoa's
  /// `contentArray` bound to `departments.selection.employees`): the content follows the selected
  /// object's array, and is re-targeted when the selection changes. ``ArrayController/add()``,
  /// ``ArrayController/insert(_:at:)`` and ``ArrayController/remove()`` write that object's array.
  /// With nothing or several objects selected, the content is empty, Add, Insert and Remove are
  /// disabled, and ``ArrayController/contentMarker`` says why (a list shows it in place of its
  /// placeholder). The binding holds `master` weakly.
  ///
  /// ```swift
  /// employees.bindContent(to: .selection(of: departments, \.employees))
  /// ```
  public static func selection<Master: AnyObject, Element>(
    of master: ArrayController<Master>,
    _ keyPath: ReferenceWritableKeyPath<Master, [Element]>
  ) -> Self where Controller == ArrayController<Element> {
    Self { controller, file, line in
      controller.followSelection(
        of: master, keyPath, elements: { $0 }, write: { ContentWriter($0, keyPath) },
        observing: { object, controller in
          observeChanges(object, keyPath) { [weak controller] change, old, new in
            controller?.selectedContentDidChange(change, old, new)
          }
        }, file: file, line: line)
    }
  }

  /// The to-many ``Bindery/KeyValueArray`` `keyPath` of the object selected in `master`, as for an
  /// array: its mutations reach the detail's arrangement as the exact change.
  public static func selection<Master: AnyObject, Element>(
    of master: ArrayController<Master>,
    _ keyPath: ReferenceWritableKeyPath<Master, KeyValueArray<Element>>
  ) -> Self where Controller == ArrayController<Element> {
    Self { controller, file, line in
      controller.followSelection(
        of: master, keyPath, elements: \.elements, write: { ContentWriter($0, keyPath) },
        observing: { object, controller in
          observeChanges(object, keyPath) { [weak controller] change, old, new in
            controller?.selectedContentDidChange(change, old, new)
          }
        }, file: file, line: line)
    }
  }

  /// The read-only array `keyPath` of the object selected in `master`: followed as a writable one
  /// is; Add, Insert and Remove are disabled.
  public static func selection<Master: AnyObject, Element>(
    of master: ArrayController<Master>,
    _ keyPath: KeyPath<Master, [Element]>
  ) -> Self where Controller == ArrayController<Element> {
    Self { controller, file, line in
      controller.followSelection(
        of: master, keyPath, elements: { $0 }, write: nil,
        observing: { object, controller in
          observeChanges(object, keyPath) { [weak controller] change, old, new in
            controller?.selectedContentDidChange(change, old, new)
          }
        }, file: file, line: line)
    }
  }

  /// The object selected in `master`, for an ``ObjectController`` behind a detail form: the content
  /// is the one selected object, or none, with ``ObjectController/contentMarker`` (and so every
  /// property of ``ObjectController/selection``) saying ``Bindery/BindingMarker/noSelection`` or
  /// ``Bindery/BindingMarker/multipleValues``. The detail's Add and Remove are disabled; the master's
  /// add and remove objects. The binding holds `master` weakly.
  ///
  /// ```swift
  /// let form = ObjectController<Person>()
  /// form.bindContent(to: .selection(of: people))
  /// nameField.bind(\.text, to: .marked(form, \.selection.firstName))
  /// ```
  public static func selection<Content>(of master: ArrayController<Content>) -> Self
  where Controller == ObjectController<Content> {
    Self { controller, file, line in controller.followSelection(of: master, file: file, line: line) }
  }
}
