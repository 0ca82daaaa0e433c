public import Bindery

/// Arranges a model's array and keeps a selection (Cocoa's `NSArrayController`).
///
/// Its content follows a model's array property (``bindContent(to:file:line:)``), or is its own
/// (``setContent(_:)``, or empty until set), as Cocoa's controller without a content binding holds
/// its own array, which Add and Remove then edit; ``arrangedObjects`` is the content filtered by
/// ``filter`` and ordered by ``sortOrder``, kept up to date incrementally: inserting, removing or
/// editing the sort key of one object costs O(log n) comparisons and a move within one chunk of at
/// most 1,024 objects, never a re-sort. Every change of the arrangement is reported with exact indexes
/// (``observeArrangement(_:)``), for a list to apply row by row.
///
/// ```swift
/// let people = ArrayController<Person>(makeElement: { Person() })
/// people.bindContent(to: .keyPath(model, \.people))
/// people.sortOrder = [.ascending(\.lastName), .ascending(\.firstName)]
/// people.filter = { !$0.isArchived }
/// nameField.bind(\.text, to: .marked(people, \.selection.firstName))
/// removeButton.bind(\.isEnabled, to: people, \.canRemove)
/// ```
@KeyValueObservable
public final class ArrayController<Element: AnyObject> {
  /// The arranged objects: the content, filtered and sorted. Observers of this property get the new
  /// array; use ``observeArrangement(_:)`` for the exact changes.
  ///
  /// The array is made when it is first read after a change (O(n)) and kept until the next change;
  /// ``observeArrangement(_:)`` hands out the arrangement without making one.
  public var arrangedObjects: [Element] {
    keyValueRegistrar.access(self, Self.arrangedID, \.arrangedObjects)
    return materializedArrangement()
  }

  /// The indexes of the selected objects in ``arrangedObjects``, ascending.
  public private(set) var selectionIndexes: [Int] = []
  /// The selected objects, in arranged order. Observers are told when the selected objects change,
  /// also when they stay at the same indexes (the selected object removed, its neighbour selected in
  /// its place).
  public private(set) var selectedObjects: [Element] = []
  /// Whether ``add()`` can add an object: the controller is editable, its content is its own or
  /// bound to a writable array, and it can make objects.
  public private(set) var canAdd = false
  /// Whether ``insert(_:at:)`` can insert an object: the controller is editable and its content is
  /// its own or bound to a writable array (Cocoa's `canInsert`).
  public private(set) var canInsert = false
  /// Whether ``remove()`` can remove objects: the controller is editable, something is selected and
  /// the content can be written.
  public private(set) var canRemove = false
  /// Whether ``selectNext()`` can select: an object is arranged after the last selected one.
  public private(set) var canSelectNext = false
  /// Whether ``selectPrevious()`` can select: an object is arranged before the first selected one.
  public private(set) var canSelectPrevious = false
  /// Why the content is empty when it follows another controller's selection
  /// (``ContentSource``'s `selection(of:_:)`): ``Bindery/BindingMarker/noSelection`` when nothing
  /// is selected there, ``Bindery/BindingMarker/multipleValues`` when several objects are; `nil`
  /// when one object is selected, and for every other content. A list shows it in place of its
  /// placeholder.
  public private(set) var contentMarker: BindingMarker?

  /// Whether the selection moves to a neighbour instead of becoming empty (Cocoa's
  /// avoidsEmptySelection); `true` by default.
  public var avoidsEmptySelection = true
  /// Whether objects added or inserted through the controller are selected; `true` by default.
  public var selectsInsertedObjects = true
  /// Whether the selection follows its objects when the arrangement changes (Cocoa's
  /// `preservesSelection`); `true` by default. When `false`, the selection keeps its indexes instead:
  /// after an insertion, a removal, a re-sort or a new filter, the objects now at the selected indexes
  /// are selected (indexes past the end are dropped; ``avoidsEmptySelection`` still applies).
  public var preservesSelection = true
  /// Whether ``selection`` shows the multiple-values marker whenever more than one object is
  /// selected, even when their values are equal; `false` by default.
  public var alwaysUsesMultipleValuesMarker = false
  /// Whether adding or inserting an object through the controller that ``filter`` would hide clears
  /// the filter first, so the new object is shown (Cocoa's `clearsFilterPredicateOnInsertion`);
  /// `true` by default. Unlike Cocoa, which clears the filter on every insertion, a filter the new
  /// object passes is kept.
  public var clearsFilterOnInsertion = true

  /// Whether the controller's content may be edited through it; `true` by default. When `false`,
  /// ``add()``, ``insert(_:at:)`` and ``remove()`` do nothing, ``canAdd``, ``canInsert`` and
  /// ``canRemove`` are `false`, and values written through ``selection`` (a user's edit of a bound
  /// field) are refused: the binding reports ``BindingError/notEditable`` to the control and the
  /// objects keep their values. The model itself can still be changed directly.
  public var isEditable = true {
    didSet { updateAbilities() }
  }

  /// The most objects the content may hold through the controller, or `nil` (the default) for no
  /// bound. At the bound, ``add()`` and ``insert(_:at:)`` do nothing and ``canAdd`` and
  /// ``canInsert`` are `false`, so a button bound to them is disabled: one user of a shared list
  /// cannot grow it without end. ``remove()`` and ``canRemove`` are not affected: a full list can
  /// always shrink. The model itself can still grow.
  public var maximumCount: Int? {
    didSet { updateAbilities() }
  }

  /// Whether an object moves, appears or disappears as soon as a property its sort keys or the filter
  /// read changes; `true` by default (Cocoa's default is `false`). When `false`, such an edit leaves
  /// the arrangement as it is until ``rearrangeObjects()`` (or until the arrangement is made again:
  /// new content, sort order or filter); insertions and removals of the content are arranged at once
  /// either way. Setting it to `true` rearranges at once.
  public var automaticallyRearrangesObjects = true {
    didSet { if automaticallyRearrangesObjects, !oldValue { rearrangeObjects() } }
  }

  /// The index of the first selected object, or `nil` when nothing is selected (Cocoa's
  /// `selectionIndex`, whose `NSNotFound` is `nil` here). Setting it selects that one object; `nil`,
  /// or an index outside the arrangement, empties the selection.
  public var selectionIndex: Int? {
    get { selectionIndexes.first }
    set { select(indexes: newValue.map { [$0] } ?? []) }
  }

  /// Which objects are arranged; `nil` arranges all of them. Re-evaluated for an object whenever
  /// something the filter reads of it changes.
  public var filter: ((Element) -> Bool)? {
    didSet {
      _arrangingFilter = filter
      rebuild(reevaluating: true)
    }
  }

  /// The order of the arranged objects; empty keeps the content's order.
  public var sortOrder: [ArrangementSort<Element>] = [] {
    didSet {
      _arrangingSort = sortOrder
      _keyMakers = sortOrder.map { level in
        let make = level.makeKey
        return { make(unsafeDowncast($0, to: Element.self)) }
      }
      _order = ArrangementOrder(sortOrder)
      rebuild(remakingKeys: true)
    }
  }

  // State that the controller's other files use is internal and named with a leading underscore:
  // `@KeyValueObservable` lists every property that is not private in `keyValueKeys`, but none whose
  // name starts with one.

  /// ``filter`` and ``sortOrder`` as the arranging code reads them: untracked, so that the
  /// observation of each object follows what the filter and the sort keys read of the object, not
  /// the controller's own properties (which would make every object's observation one more observer
  /// of the controller).
  @KeyValueIgnored var _arrangingFilter: ((Element) -> Bool)?
  @KeyValueIgnored var _arrangingSort: [ArrangementSort<Element>] = []
  /// Each level's ``ArrangementSort/makeKey``, of an object of the content: called with no copy of
  /// its level and no generic metadata (``ArrangementPlacement/makeKeys(of:with:)``).
  @KeyValueIgnored var _keyMakers: [(AnyObject) -> ArrangementKey] = []

  /// The selected objects' common values (``SelectionProxy``): `\.selection.firstName`.
  public var selection: SelectionProxy<Element> {
    get {
      if let selectionProxy { return selectionProxy }
      let proxy = SelectionProxy(controller: self)
      selectionProxy = proxy
      return proxy
    }
    set {}  // a binding writes through the proxy's setter; nothing to store here
  }
  @KeyValueIgnored private var selectionProxy: SelectionProxy<Element>?

  // MARK: State

  static var arrangedID: PropertyID { #propertyID("arrangedObjects") }
  /// ``content``'s identity in the registrar, for observers of the controller's own content.
  static var contentID: PropertyID { #propertyID("content") }

  typealias Entry = ArrangementEntry<Element>

  /// The arranged objects, in chunks, with the sort keys they were placed with.
  @KeyValueIgnored var _storage = ArrangementStorage()
  /// ``sortOrder`` without its element type, for the comparisons.
  @KeyValueIgnored var _order = ArrangementOrder([ArrangementSort<Element>]())
  /// ``arrangedObjects`` as an array, once read, until the next change.
  @KeyValueIgnored private var materialized: [Element]?
  /// What the controller knows of each object of the content.
  @KeyValueIgnored var _entries: [ObjectIdentifier: Entry] = [:]
  /// The entries in the order of the content at the last rearrangement: a new filter or sort order
  /// of the same content takes them from here instead of looking each object up.
  @KeyValueIgnored var _contentEntries: [Entry] = []
  /// Counts rearrangements (``rebuild(reevaluating:remakingKeys:)``): an entry stamped with the
  /// current one was already found in the content.
  @KeyValueIgnored var _generation = 0
  /// The content when it is set directly.
  @KeyValueIgnored private var fixedContent: [Element] = []
  /// Reads the content when it is bound to a model (the controller keeps no copy of the model's
  /// array, so the model can mutate it in place).
  @KeyValueIgnored private var readContent: (() -> [Element])?
  @KeyValueIgnored var _selectedIDs: [ObjectIdentifier] = []
  @KeyValueIgnored private var writeContent: ContentWriter<Element>?
  /// The controller whose content this one shows (``ContentSource``'s `sharing`).
  @KeyValueIgnored var _sharedContent: WeakReference<ArrayController<Element>>?
  /// Asked before Add, Insert and Remove change the controller's own content (a store's content
  /// writes the database first); `nil` lets every change through. Setting the content ends it.
  @KeyValueIgnored package var contentGate: ContentGate<Element>?
  @KeyValueIgnored var _arrangementObservers:
    [(id: Int, handler: (CollectionChange, ArrangedObjects<Element>) -> Void)] = []
  @KeyValueIgnored var _nextObserverID = 0
  @KeyValueIgnored let _makeElement: (() -> Element)?

  /// The class of the objects the controller makes (Cocoa's `objectClass`): the one given to
  /// ``init(objectClass:)``, else `Element`.
  public let objectClass: Element.Type

  /// Creates a controller; `makeElement` lets ``add()`` make new objects.
  public init(makeElement: (() -> Element)? = nil) {
    self._makeElement = makeElement
    self.objectClass = Element.self
    updateAbilities()  // its own content, empty: Add can add
  }

  /// Creates a controller that makes objects of `objectClass` (a subclass of `Element` or `Element`
  /// itself) with `make`.
  init(objectClass: Element.Type, make: @escaping () -> Element) {
    self._makeElement = make
    self.objectClass = objectClass
    updateAbilities()
  }

  /// A new object, made as ``add()`` makes it (Cocoa's `newObject()`), not added to the content; `nil`
  /// when the controller cannot make objects.
  public func makeObject() -> Element? {
    _makeElement?()
  }

  // MARK: Content

  /// Makes the content follow `source` (Cocoa's `contentArray` binding): a model's array or to-many
  /// property (``ContentSource``'s `keyPath`), another controller's content (`sharing`), or a
  /// store's table (BinderyStore's `rows(of:in:…)`). Returns
  /// what links them, which the source says: a ``Bindery/PropertyBinding`` for a key path or another
  /// controller, the stored content for a table. Binding the content again, or ``setContent(_:)``,
  /// ends the link before; the controller then keeps the objects it had.
  ///
  /// ```swift
  /// people.bindContent(to: .keyPath(model, \.people))
  /// windowPeople.bindContent(to: .sharing(people))
  /// let stored = try people.bindContent(to: .rows(of: Person.entity, in: store))
  /// ```
  @discardableResult
  public func bindContent<Link, Failure: Error>(
    to source: ContentSource<ArrayController, Link, Failure>,
    file: StaticString = #fileID,
    line: UInt = #line
  ) throws(Failure) -> Link {
    try source.connect(self, file, line)
  }

  /// Follows a writable array: ``add()`` and ``remove()`` write it back.
  func followContent<Model: AnyObject>(
    of model: Model,
    _ keyPath: ReferenceWritableKeyPath<Model, [Element]>,
    file: StaticString,
    line: UInt
  ) -> PropertyBinding {
    linkContent(to: model, keyPath, writable: true, file: file, line: line) {
      writeContent = ContentWriter(model, keyPath)
      return follow(model, keyPath)
    }
  }

  /// Follows a writable ``KeyValueArray``: its mutations reach the arrangement as the exact change;
  /// ``add()`` and ``remove()`` write it through the key path.
  func followContent<Model: AnyObject>(
    of model: Model,
    _ keyPath: ReferenceWritableKeyPath<Model, KeyValueArray<Element>>,
    file: StaticString,
    line: UInt
  ) -> PropertyBinding {
    linkContent(to: model, keyPath, writable: true, file: file, line: line) {
      writeContent = ContentWriter(model, keyPath)
      return follow(model, keyPath)
    }
  }

  /// Follows a read-only ``KeyValueArray``; ``add()`` and ``remove()`` are disabled.
  func followContent<Model: AnyObject>(
    of model: Model,
    _ keyPath: KeyPath<Model, KeyValueArray<Element>>,
    file: StaticString,
    line: UInt
  ) -> PropertyBinding {
    linkContent(to: model, keyPath, writable: false, file: file, line: line) { follow(model, keyPath) }
  }

  /// Follows a read-only array; ``add()`` and ``remove()`` are disabled.
  func followContent<Model: AnyObject>(
    of model: Model,
    _ keyPath: KeyPath<Model, [Element]>,
    file: StaticString,
    line: UInt
  ) -> PropertyBinding {
    linkContent(to: model, keyPath, writable: false, file: file, line: line) { follow(model, keyPath) }
  }

  /// Shares `shared`'s content, with an arrangement and a selection of this controller's own; holds
  /// `shared` weakly.
  func shareContent(of shared: ArrayController<Element>, file: StaticString, line: UInt) -> PropertyBinding {
    linkContent(to: shared, \ArrayController<Element>.content, writable: true, file: file, line: line) {
      _sharedContent = WeakReference(shared)
      writeContent = ContentWriter(
        insert: { [weak shared] element, index in
          shared?.insertIfAllowed(element, at: index, selecting: false) ?? false
        },
        remove: { [weak shared] ids in shared?.removeFromContent(ids) })
      let following = follow(shared, \.content)
      let controller = WeakReference(self)
      return KeyValueObservation {
        following.unbind()
        controller.object?._sharedContent = nil
      }
    }
  }

  /// Follows the to-many property `keyPath` of the one object selected in `master` (a master-detail
  /// screen): re-targeted when the selection changes, empty with ``contentMarker`` saying why when
  /// none or several are selected. Add, Insert and Remove write the selected object's property;
  /// with no single selection they are disabled. `write` makes the writer for one selected object,
  /// `nil` for a read-only property; `observing` follows one object's property, reporting changes.
  func followSelection<Master: AnyObject, Content>(
    of master: ArrayController<Master>,
    _ keyPath: KeyPath<Master, Content>,
    elements: @escaping (Content) -> [Element],
    write: ((Master) -> ContentWriter<Element>)?,
    observing: @escaping (Master, ArrayController<Element>) -> KeyValueObservation,
    file: StaticString,
    line: UInt
  ) -> PropertyBinding {
    linkContent(to: master, \ArrayController<Master>.selectedObjects, writable: write != nil, file: file, line: line) {
      let detail = WeakReference(self)
      let masterReference = WeakReference(master)
      let state = SelectionFollowing()
      // Follows the one selected master object's property, or none, when the selection changed.
      func retarget() {
        guard let controller = detail.object else { return }
        let objects = masterReference.object?.selectedObjects ?? []
        let object = objects.count == 1 ? objects[0] : nil
        let marker: BindingMarker? = objects.isEmpty ? .noSelection : objects.count > 1 ? .multipleValues : nil
        let id = object.map(ObjectIdentifier.init)
        guard !state.started || id != state.shown || marker != controller.contentMarker else { return }
        state.started = true
        state.stop()
        state.shown = id
        let old = controller.content
        controller.fixedContent = []
        // Reading the content also reads its identity, so that who observes it (a controller sharing
        // it) hears of a re-target, which the selected object's array does not tell.
        if let object {
          controller.readContent = { [weak object] in
            detail.object?.accessContent()
            return object.map { elements($0[keyPath: keyPath]) } ?? []
          }
          controller.writeContent = write?(object)
        } else {
          controller.readContent = {
            detail.object?.accessContent()
            return []
          }
          controller.writeContent = nil
        }
        if controller.contentMarker != marker { controller.contentMarker = marker }
        controller.rebuild()
        if let object { state.following = observing(object, controller) }
        controller.updateAbilities()
        // Who shares this content (a window's controller over the detail) follows it too.
        if controller.keyValueRegistrar.hasObservers(of: Self.contentID) {
          controller.keyValueRegistrar.didSet(controller, Self.contentID, \.content, from: old, to: controller.content)
        }
      }
      retarget()
      let selection = observe(master, \.selectedObjects) { _ in retarget() }
      return KeyValueObservation {
        selection.unbind()
        state.stop()
        if let controller = detail.object, controller.contentMarker != nil { controller.contentMarker = nil }
      }
    }
  }

  /// Arranges a change of the selected master object's property (see
  /// ``followSelection(of:_:elements:write:observing:file:line:)``). Who observes ``content`` reads
  /// that property, and hears of the change from it.
  func selectedContentDidChange<Old: RandomAccessCollection<Element>>(
    _ change: CollectionChange,
    _ old: Old,
    _ new: [Element]
  ) where Old.Index == Int {
    contentDidChange(change, old, new)
  }

  /// Records a read of ``content``'s identity for the observation under way, if any.
  private func accessContent() {
    keyValueRegistrar.access(self, Self.contentID, \.content)
  }

  /// Sets the content directly; a content binding ends first.
  public func setContent(_ elements: [Element]) {
    unbind(\.content)
    readContent = nil
    contentGate = nil
    let old = fixedContent
    fixedContent = elements
    rebuild()
    ownContentDidChange(from: old)
    updateAbilities()
  }

  /// The objects the controller arranges, in the model's order: the model's array when the content is
  /// bound (``bindContent(to:file:line:)``), else the ones set (``setContent(_:)``).
  public var content: [Element] {
    if let readContent { return readContent() }
    keyValueRegistrar.access(self, Self.contentID, \.content)
    return fixedContent
  }

  /// Tells the observers of ``content`` that the controller's own content changed.
  private func ownContentDidChange(from old: [Element]) {
    guard keyValueRegistrar.hasObservers(of: Self.contentID) else { return }
    keyValueRegistrar.didSet(self, Self.contentID, \.content, from: old, to: fixedContent)
  }

  /// Registers the content binding (ending the one before), then lets `start` follow the model.
  private func linkContent(
    to model: AnyObject,
    _ keyPath: AnyKeyPath,
    writable: Bool,
    file: StaticString,
    line: UInt,
    start: () -> KeyValueObservation
  ) -> PropertyBinding {
    contentGate = nil
    return PropertyBinding.link(
      \.content, of: self, to: model, keyPath, direction: writable ? .both : .sourceToTarget, file: file, line: line
    ) {
      let following = start()
      let controller = WeakReference(self)
      return KeyValueObservation {
        following.unbind()
        controller.object?.contentUnbound()
      }
    }
  }

  /// Keeps the objects the content had, as if set directly, when its binding ends.
  private func contentUnbound() {
    fixedContent = content
    readContent = nil
    writeContent = nil
    rebuild()
    updateAbilities()
  }

  private func follow<Model: AnyObject>(_ model: Model, _ keyPath: KeyPath<Model, [Element]>) -> KeyValueObservation {
    follow(reading: { [weak model] in model?[keyPath: keyPath] ?? [] }) {
      observeChanges(model, keyPath) { [weak self] change, old, new in self?.modelContentDidChange(change, old, new) }
    }
  }

  private func follow<Model: AnyObject>(
    _ model: Model,
    _ keyPath: KeyPath<Model, KeyValueArray<Element>>
  ) -> KeyValueObservation {
    follow(reading: { [weak model] in model?[keyPath: keyPath].elements ?? [] }) {
      observeChanges(model, keyPath) { [weak self] change, old, new in self?.modelContentDidChange(change, old, new) }
    }
  }

  /// Arranges a change of the model's content, and tells who observes ``content`` (a controller that
  /// shares it).
  private func modelContentDidChange<Old: RandomAccessCollection<Element>>(
    _ change: CollectionChange,
    _ old: Old,
    _ new: [Element]
  ) where Old.Index == Int {
    contentDidChange(change, old, new)
    guard keyValueRegistrar.hasObservers(of: Self.contentID) else { return }
    keyValueRegistrar.didSet(self, Self.contentID, \.content, from: Array(old), to: new)
  }

  /// Makes the content what `read` reads, arranged now and kept up to date by the observation
  /// `observing` starts, which it returns.
  private func follow(
    reading read: @escaping () -> [Element],
    observing: () -> KeyValueObservation
  ) -> KeyValueObservation {
    fixedContent = []
    readContent = read
    rebuild()
    let token = observing()
    updateAbilities()
    return token
  }

  // The members below write what no other file may write: `materialized` is private, and the
  // selection and the abilities are `private(set)`.

  /// Forgets the array made for ``arrangedObjects`` and tells its observers, if any (the array is
  /// made for them only).
  func arrangementDidChange() {
    materialized = nil
    guard keyValueRegistrar.hasObservers(of: Self.arrangedID) else { return }
    let objects = materializedArrangement()
    keyValueRegistrar.didSet(self, Self.arrangedID, \.arrangedObjects, from: objects, to: objects)
  }

  private func materializedArrangement() -> [Element] {
    if let materialized { return materialized }
    let objects = Array(ArrangedObjects<Element>(_storage))
    materialized = objects
    return objects
  }

  /// The number of arranged objects.
  var arrangedCount: Int { _storage.count }

  /// Records the objects at `indexes` as the selection and tells the observers of what changed, once
  /// both are recorded.
  func storeSelection(_ indexes: [Int]) {
    var ids: [ObjectIdentifier] = []
    var objects: [Element] = []
    ids.reserveCapacity(indexes.count)
    objects.reserveCapacity(indexes.count)
    for index in indexes {
      let object = element(at: index)
      ids.append(ObjectIdentifier(object))
      objects.append(object)
    }
    let objectsChanged = ids != _selectedIDs
    _selectedIDs = ids
    guard objectsChanged || indexes != selectionIndexes else {
      updateAbilities()
      return
    }
    withCoalescedChanges {
      if objectsChanged { selectedObjects = objects }
      if selectionIndexes != indexes { selectionIndexes = indexes }
      updateAbilities()
    }
  }

  func updateAbilities() {
    let writes = isEditable && canWriteContent
    let insert = writes && hasRoom
    let add = insert && (_makeElement ?? _sharedContent?.object?._makeElement) != nil
    // Removing never needs room: a full list can always shrink.
    let remove = writes && !selectionIndexes.isEmpty
    let next = selectionIndexes.last.map { $0 + 1 < _storage.count } ?? false
    let previous = (selectionIndexes.first ?? 0) > 0
    if canInsert != insert { canInsert = insert }
    if canAdd != add { canAdd = add }
    if canRemove != remove { canRemove = remove }
    if canSelectNext != next { canSelectNext = next }
    if canSelectPrevious != previous { canSelectPrevious = previous }
  }

  /// Inserts `element` into the controller's own content at `index` (clamped), past ``contentGate``.
  package func insertOwnContent(_ element: Element, at index: Int) {
    let old = fixedContent
    let index = max(0, min(index, fixedContent.count))
    fixedContent.insert(element, at: index)
    contentDidChange(CollectionChange(inserted: [index]), old, fixedContent)
    ownContentDidChange(from: old)
    updateAbilities()
  }

  /// Removes the objects with these identities from the controller's own content, past
  /// ``contentGate``.
  package func removeOwnContent(_ ids: Set<ObjectIdentifier>) {
    let old = fixedContent
    let removed = old.indices.filter { ids.contains(ObjectIdentifier(old[$0])) }
    guard !removed.isEmpty else { return }
    fixedContent.removeAll { ids.contains(ObjectIdentifier($0)) }
    contentDidChange(CollectionChange(removed: removed), old, fixedContent)
    ownContentDidChange(from: old)
    updateAbilities()
  }
}

extension ArrayController {
  /// Whether Add, Insert and Remove can write the content (see ``contentWriter``).
  var canWriteContent: Bool { writeContent != nil || readContent == nil }

  /// How Add, Insert and Remove write the content: through the model's property when the content is
  /// bound two-way, into the controller's own content when it is not bound (set with
  /// ``setContent(_:)``, or empty), and not at all when it follows a model read-only.
  var contentWriter: ContentWriter<Element>? {
    if let writeContent { return writeContent }
    guard readContent == nil else { return nil }
    return ContentWriter(
      insert: { [weak self] element, index in
        guard let self else { return false }
        if let contentGate, !contentGate.willInsert(element, index) { return false }
        insertOwnContent(element, at: index)
        return true
      },
      remove: { [weak self] ids in
        guard let self else { return }
        if let contentGate, !contentGate.willRemove(fixedContent.filter { ids.contains(ObjectIdentifier($0)) }) {
          return
        }
        removeOwnContent(ids)
      })
  }
}

/// How a controller writes its bound content: through the model's property, by key path.
struct ContentWriter<Element: AnyObject> {
  /// Inserts an object at an index; whether it was inserted.
  let insert: (Element, Int) -> Bool
  /// Removes the objects with these identities.
  let remove: (Set<ObjectIdentifier>) -> Void

  /// Writes with these closures.
  init(insert: @escaping (Element, Int) -> Bool, remove: @escaping (Set<ObjectIdentifier>) -> Void) {
    self.insert = insert
    self.remove = remove
  }

  /// Writes the array (`[Element]` or `KeyValueArray`) at `keyPath` of `model`, held weakly.
  init<Model: AnyObject, Content: RangeReplaceableCollection<Element>>(
    _ model: Model,
    _ keyPath: ReferenceWritableKeyPath<Model, Content>
  ) where Content.Index == Int {
    insert = { [weak model] element, index in
      guard let model else { return false }
      model[keyPath: keyPath].insert(element, at: index)
      return true
    }
    remove = { [weak model] ids in model?[keyPath: keyPath].removeAll { ids.contains(ObjectIdentifier($0)) } }
  }
}

/// What a controller asks before Add, Insert and Remove change its own content.
package struct ContentGate<Element: AnyObject> {
  /// Whether `element` may be inserted at the index; `false` refuses it.
  package let willInsert: (Element, Int) -> Bool
  /// Whether these objects may be removed; `false` refuses them all.
  package let willRemove: ([Element]) -> Bool
  /// Who set the gate, so that only it takes it down.
  package let owner: ObjectIdentifier

  /// A gate with these questions, set by `owner`.
  package init(
    owner: AnyObject,
    willInsert: @escaping (Element, Int) -> Bool,
    willRemove: @escaping ([Element]) -> Bool
  ) {
    self.owner = ObjectIdentifier(owner)
    self.willInsert = willInsert
    self.willRemove = willRemove
  }
}
