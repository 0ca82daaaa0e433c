public import Bindery

/// Holds one content object for controls to bind to (Cocoa's `NSObjectController`): its properties
/// through ``selection`` (the no-selection marker when there is no content), and ``canAdd`` /
/// ``canRemove`` for buttons.
///
/// ```swift
/// let editor = ObjectController<Person>(makeContent: { Person() })
/// editor.bindContent(to: .keyPath(viewModel, \.person))
/// nameField.bind(\.text, to: .marked(editor, \.selection.firstName)
///   .placeholders(BindingPlaceholders(noSelection: "No person")))
/// deleteButton.bind(\.isEnabled, to: editor, \.canRemove)
/// ```
///
/// A class with an `init()` (``DefaultInitializable``) can be given as the object class instead of a
/// closure, as a spec file's `objectClass:` names it:
///
/// ```swift
/// let editor = ObjectController(objectClass: Person.self)
/// editor.automaticallyPreparesContent = true  // a new Person as content at once
/// ```
@KeyValueObservable
public final class ObjectController<Content: AnyObject> {
  /// The content object, if any.
  public private(set) var content: Content?
  /// Whether ``add()`` can make a content object: the controller is editable, has no content and can
  /// make one.
  public private(set) var canAdd = false
  /// Whether ``remove()`` can remove the content: the controller is editable and has content.
  public private(set) var canRemove = false
  /// Why there is no content when it follows an array controller's selection (``ContentSource``'s
  /// `selection(of:)`): ``Bindery/BindingMarker/noSelection`` or
  /// ``Bindery/BindingMarker/multipleValues``, which ``selection``'s properties then give; `nil`
  /// otherwise.
  public private(set) var contentMarker: BindingMarker?

  /// Whether the content may be edited through the controller; `true` by default. When `false`,
  /// ``add()`` and ``remove()`` do nothing, ``canAdd`` and ``canRemove`` are `false`, and values
  /// written through ``selection`` (a user's edit of a bound field) are refused: the binding reports
  /// ``BindingError/notEditable`` to the control and the content keeps its values.
  public var isEditable = true {
    didSet { updateAbilities() }
  }

  /// Whether the controller makes its content itself (``prepareContent()``) when it has none: at
  /// once when this is set to `true`, and each time its content is bound to a model property that
  /// holds `nil` (the new object is written to the model); `false` by default.
  public var automaticallyPreparesContent: Bool {
    get { preparesContent }
    set {
      preparesContent = newValue
      if newValue, content == nil { prepareContent() }
    }
  }
  private var preparesContent = false

  /// The class of the objects the controller makes (Cocoa's `objectClass`): the one given to
  /// ``init(objectClass:content:)``, else `Content`.
  public let objectClass: Content.Type

  /// The content's properties: `\.selection.firstName` (the no-selection marker without content).
  public var selection: ObjectSelection<Content> {
    get {
      if let selectionObject { return selectionObject }
      let selection = ObjectSelection(controller: self)
      selectionObject = selection
      return selection
    }
    set {}  // a binding writes through the selection's setter; nothing to store here
  }
  @KeyValueIgnored private var selectionObject: ObjectSelection<Content>?

  @KeyValueIgnored private let makeContent: (() -> Content)?
  @KeyValueIgnored private var writeContent: ((Content?) -> Void)?
  /// Whether the content follows an array controller's selection, which Add and Remove leave alone.
  @KeyValueIgnored private var followsSelection = false
  /// Asked before Add and Remove change the content (a store's content writes the database first);
  /// `nil` lets every change through. Binding the content ends it.
  @KeyValueIgnored package var contentGate: ContentGate<Content>?

  /// Creates a controller; `makeContent` lets ``add()`` make a content object.
  public init(content: Content? = nil, makeContent: (() -> Content)? = nil) {
    self.makeContent = makeContent
    self.objectClass = Content.self
    self.content = content
    updateAbilities()
  }

  /// Creates a controller that makes objects of `objectClass` with `make`.
  init(content: Content?, objectClass: Content.Type, make: @escaping () -> Content) {
    self.makeContent = make
    self.objectClass = objectClass
    self.content = content
    updateAbilities()
  }

  /// Makes the content follow `source` (Cocoa's `contentObject` binding): a model's optional
  /// property (``ContentSource``'s `keyPath`), which ``add()`` and ``remove()`` write back, or the
  /// first row of a store's table (BinderyStore's `rows(of:in:…)`). With
  /// ``automaticallyPreparesContent``, a `nil` there is replaced at once by a new object. Returns
  /// what links them, which the source says; binding the content again ends the link before, and the
  /// controller keeps the object it had.
  ///
  /// ```swift
  /// editor.bindContent(to: .keyPath(viewModel, \.person))
  /// ```
  @discardableResult
  public func bindContent<Link, Failure: Error>(
    to source: ContentSource<ObjectController, Link, Failure>,
    file: StaticString = #fileID,
    line: UInt = #line
  ) throws(Failure) -> Link {
    try source.connect(self, file, line)
  }

  /// Follows a writable optional property: ``add()`` and ``remove()`` write it back.
  func followContent<Model: AnyObject>(
    of model: Model,
    _ keyPath: ReferenceWritableKeyPath<Model, Content?>,
    file: StaticString,
    line: UInt
  ) -> PropertyBinding {
    contentGate = nil
    let binding = PropertyBinding.link(
      \.content, of: self, to: model, keyPath, direction: .both, file: file, line: line
    ) {
      writeContent = { [weak model] content in model?[keyPath: keyPath] = content }
      let following = observe(model, keyPath, options: .initial) { [weak self] change in
        self?.content = change.newValue
        self?.updateAbilities()
      }
      let controller = WeakReference(self)
      return KeyValueObservation {
        following.unbind()
        guard let controller = controller.object else { return }
        controller.writeContent = nil
        controller.updateAbilities()
      }
    }
    if preparesContent, content == nil { prepareContent() }
    return binding
  }

  /// Follows the object selected in `master`: the content is the one selected object, or none with
  /// ``contentMarker`` saying why (nothing or several selected). Read-only: ``add()`` and
  /// ``remove()`` are disabled while it lasts (Add and Remove belong to the master).
  func followSelection(of master: ArrayController<Content>, file: StaticString, line: UInt) -> PropertyBinding {
    contentGate = nil
    return PropertyBinding.link(
      \.content, of: self, to: master, \ArrayController<Content>.selectedObjects, direction: .sourceToTarget,
      file: file, line: line
    ) {
      followsSelection = true
      let following = observe(master, \.selectedObjects, options: .initial) { [weak self] change in
        guard let self else { return }
        let objects = change.newValue
        let marker: BindingMarker? = objects.isEmpty ? .noSelection : objects.count > 1 ? .multipleValues : nil
        // The marker first, so that who observes the content reads the right marker through `selection`.
        if contentMarker != marker { contentMarker = marker }
        let object = objects.count == 1 ? objects[0] : nil
        if content !== object { content = object }
        updateAbilities()
      }
      let controller = WeakReference(self)
      return KeyValueObservation {
        following.unbind()
        guard let controller = controller.object else { return }
        controller.followsSelection = false
        if controller.contentMarker != nil { controller.contentMarker = nil }
        controller.updateAbilities()
      }
    }
  }

  /// A new object, made as ``add()`` makes it (Cocoa's `newObject()`), not set as content; `nil` when
  /// the controller cannot make objects.
  public func makeObject() -> Content? {
    makeContent?()
  }

  /// Makes a new object the content (written to the model when the content is bound), whatever the
  /// content was (Cocoa's `prepareContent()`); does nothing when the controller cannot make objects.
  /// Called for you when ``automaticallyPreparesContent`` is on.
  public func prepareContent() {
    guard !followsSelection, let made = makeContent?() else { return }
    setContent(made)
  }

  /// Sets the content directly (when it is not bound to a model).
  public func setContent(_ content: Content?) {
    if let writeContent { writeContent(content) } else { self.content = content }
    updateAbilities()
  }

  /// Makes a content object when there is none; returns it, or `nil` when nothing was added
  /// (``canAdd`` is `false`).
  @discardableResult
  public func add() -> Content? {
    guard isEditable, !followsSelection, content == nil, let makeContent else { return nil }
    let made = makeContent()
    if let contentGate, !contentGate.willInsert(made, 0) { return nil }
    setContent(made)
    return made
  }

  /// Removes the content; does nothing when ``canRemove`` is `false`.
  public func remove() {
    guard isEditable, !followsSelection, let content else { return }
    if let contentGate, !contentGate.willRemove([content]) { return }
    setContent(nil)
  }

  private func updateAbilities() {
    let add = isEditable && !followsSelection && content == nil && makeContent != nil
    let remove = isEditable && !followsSelection && content != nil
    if canAdd != add { canAdd = add }
    if canRemove != remove { canRemove = remove }
  }
}

/// An object controller's content properties: the value, or the no-selection marker when there is
/// no content; writing sets the content's property, unless the controller is not editable
/// (``ObjectController/isEditable``). Its string keys (one per `Equatable` property of
/// a ``KeyValueCoding`` content class, and one per property holding objects) let spec files and expressions bind `selection.firstName`.
@dynamicMemberLookup
public final class ObjectSelection<Content: AnyObject>: KeyValueCoding {
  unowned let controller: ObjectController<Content>

  init(controller: ObjectController<Content>) {
    self.controller = controller
  }

  /// The content's value at `keyPath`, or the no-selection marker.
  public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<Content, Value>) -> MarkedValue<Value> {
    get {
      guard let content = controller.content else { return .marker(controller.contentMarker ?? .noSelection) }
      return .value(content[keyPath: keyPath])
    }
    set {
      guard controller.isEditable, case .value(let value) = newValue, let content = controller.content else { return }
      content[keyPath: keyPath] = value
    }
  }

  /// The content's value at a read-only `keyPath`, or the no-selection marker.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Content, Value>) -> MarkedValue<Value> {
    guard let content = controller.content else { return .marker(controller.contentMarker ?? .noSelection) }
    return .value(content[keyPath: keyPath])
  }

  /// One key per `Equatable` property of the content class, and one per property holding objects,
  /// reading its ``MarkedValue``.
  public static var keyValueKeys: KeyValueKeyTable { SelectionKeys.table(for: ObjectSelection<Content>.self) }
}

extension ObjectSelection: SelectionKeyPaths {
  static func markedKey<Value: Equatable>(
    _ name: String,
    _ keyPath: ReferenceWritableKeyPath<Content, Value>
  ) -> KeyValueKey {
    KeyValueKey(name, \ObjectSelection<Content>.[dynamicMember: keyPath])
  }

  static func markedKey<Value: Equatable>(_ name: String, _ keyPath: KeyPath<Content, Value>) -> KeyValueKey {
    KeyValueKey(name, \ObjectSelection<Content>.[dynamicMember: keyPath])
  }

  static func identityKey<Value>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Content, Value>) -> KeyValueKey {
    KeyValueKey(name, \ObjectSelection<Content>.[dynamicMember: keyPath])
  }

  static func identityKey<Value>(_ name: String, _ keyPath: KeyPath<Content, Value>) -> KeyValueKey {
    KeyValueKey(name, \ObjectSelection<Content>.[dynamicMember: keyPath])
  }
}
