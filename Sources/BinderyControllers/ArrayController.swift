public import Bindery

/// Arranges a model's array and keeps a selection (Cocoa's `NSArrayController`).
///
/// Its content follows a model's array property (``bindContent(to:_:file:line:)``), or is its own
/// (``setContent(_:)``, or empty until set), as Cocoa's controller without a content binding holds
/// its own array, which Add and Remove then edit; ``arrangedObjects`` is the content filtered by
/// ``filter`` and ordered by ``sortOrder``, kept up to date incrementally: inserting, removing or
/// editing the sort key of one object costs O(log n) comparisons and a move within one chunk of at
/// most 1,024 objects, never a re-sort. Every change of the arrangement is reported with exact indexes
/// (``observeArrangement(_:)``), for a list to apply row by row.
///
/// ```swift
/// let people = ArrayController<Person>(makeElement: { Person() })
/// people.bindContent(to: model, \.people)
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
      arrangingFilter = filter
      rebuild(reobserving: true)
    }
  }

  /// The order of the arranged objects; empty keeps the content's order.
  public var sortOrder: [ArrangementSort<Element>] = [] {
    didSet {
      arrangingSort = sortOrder
      order = ArrangementOrder(sortOrder)
      rebuild(reobserving: true)
    }
  }

  /// ``filter`` and ``sortOrder`` as the arranging code reads them: untracked, so that the
  /// observation of each object follows what the filter and the sort keys read of the object, not
  /// the controller's own properties (which would make every object's observation one more observer
  /// of the controller).
  @KeyValueIgnored private var arrangingFilter: ((Element) -> Bool)?
  @KeyValueIgnored private var arrangingSort: [ArrangementSort<Element>] = []

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
  @KeyValueIgnored private var storage = ArrangementStorage()
  /// ``sortOrder`` without its element type, for the comparisons.
  @KeyValueIgnored private var order = ArrangementOrder([ArrangementSort<Element>]())
  /// ``arrangedObjects`` as an array, once read, until the next change.
  @KeyValueIgnored private var materialized: [Element]?
  /// What the controller knows of each object of the content.
  @KeyValueIgnored private var entries: [ObjectIdentifier: Entry] = [:]
  /// The content when it is set directly.
  @KeyValueIgnored private var fixedContent: [Element] = []
  /// Reads the content when it is bound to a model (the controller keeps no copy of the model's
  /// array, so the model can mutate it in place).
  @KeyValueIgnored private var readContent: (() -> [Element])?
  @KeyValueIgnored private var selectedIDs: [ObjectIdentifier] = []
  @KeyValueIgnored private var writeContent: ContentWriter<Element>?
  /// The controller whose content this one shows (``bindContent(sharing:file:line:)``).
  @KeyValueIgnored private var sharedContent: WeakReference<ArrayController<Element>>?
  /// Asked before Add, Insert and Remove change the controller's own content (a store's content
  /// writes the database first); `nil` lets every change through. Setting the content ends it.
  @KeyValueIgnored package var contentGate: ContentGate<Element>?
  @KeyValueIgnored private var arrangementObservers:
    [(id: Int, handler: (CollectionChange, ArrangedObjects<Element>) -> Void)] = []
  @KeyValueIgnored private var nextObserverID = 0
  @KeyValueIgnored private let makeElement: (() -> Element)?

  /// The class of the objects the controller makes (Cocoa's `objectClass`): the one given to
  /// ``init(objectClass:)``, else `Element`.
  public let objectClass: Element.Type

  /// Creates a controller; `makeElement` lets ``add()`` make new objects.
  public init(makeElement: (() -> Element)? = nil) {
    self.makeElement = makeElement
    self.objectClass = Element.self
    updateAbilities()  // its own content, empty: Add can add
  }

  /// Creates a controller that makes objects of `objectClass` (a subclass of `Element` or `Element`
  /// itself) with `make`.
  init(objectClass: Element.Type, make: @escaping () -> Element) {
    self.makeElement = make
    self.objectClass = objectClass
    updateAbilities()
  }

  /// A new object, made as ``add()`` makes it (Cocoa's `newObject()`), not added to the content; `nil`
  /// when the controller cannot make objects.
  public func makeObject() -> Element? {
    makeElement?()
  }

  // MARK: Content

  /// Makes the content follow `keyPath` of `model` (Cocoa's `contentArray` binding); ``add()`` and
  /// ``remove()`` write it back. Returns the binding, which ``content`` is the target of: unbinding it
  /// (or binding the content again, or ``setContent(_:)``) leaves the controller with the objects it had.
  @discardableResult
  public func bindContent<Model: AnyObject>(
    to model: Model,
    _ keyPath: ReferenceWritableKeyPath<Model, [Element]>,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    linkContent(to: model, keyPath, writable: true, file: file, line: line) {
      writeContent = ContentWriter(model, keyPath)
      return follow(model, keyPath)
    }
  }

  /// Makes the content follow a to-many ``KeyValueArray`` property of `model`: its mutations reach
  /// the arrangement as the exact change (an append to 100,000 objects costs O(log n), with no
  /// comparison of the arrays). ``add()`` and ``remove()`` write it through the key path (Swift
  /// applies a key path to a computed property by reading and assigning the whole array, so their
  /// change is found by comparison: O(n), once per user action). Returns the binding.
  @discardableResult
  public func bindContent<Model: AnyObject>(
    to model: Model,
    _ keyPath: ReferenceWritableKeyPath<Model, KeyValueArray<Element>>,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    linkContent(to: model, keyPath, writable: true, file: file, line: line) {
      writeContent = ContentWriter(model, keyPath)
      return follow(model, keyPath)
    }
  }

  /// Makes the content follow a read-only ``KeyValueArray``; ``add()`` and ``remove()`` are disabled.
  /// Returns the binding.
  @discardableResult
  public func bindContent<Model: AnyObject>(
    to model: Model,
    _ keyPath: KeyPath<Model, KeyValueArray<Element>>,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    linkContent(to: model, keyPath, writable: false, file: file, line: line) { follow(model, keyPath) }
  }

  /// Makes the content follow a read-only array; ``add()`` and ``remove()`` are disabled. Returns the
  /// binding.
  @discardableResult
  public func bindContent<Model: AnyObject>(
    to model: Model,
    _ keyPath: KeyPath<Model, [Element]>,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    linkContent(to: model, keyPath, writable: false, file: file, line: line) { follow(model, keyPath) }
  }

  /// Makes the content the content of `shared`, another array controller, with an arrangement and a
  /// selection of this controller's own: what each window or tab of an app has over a list every window
  /// shows (as each window of a Cocoa document has its own `NSArrayController` over the document's
  /// array). ``add()``, ``insert(_:at:)`` and ``remove()`` change `shared`'s content (so its store,
  /// history and ``maximumCount`` apply), and an object added here is selected here only. Returns the
  /// binding; it holds `shared` weakly.
  @discardableResult
  public func bindContent(sharing shared: ArrayController<Element>, file: StaticString = #fileID, line: UInt = #line)
    -> PropertyBinding
  {
    linkContent(to: shared, \ArrayController<Element>.content, writable: true, file: file, line: line) {
      sharedContent = WeakReference(shared)
      writeContent = ContentWriter(
        insert: { [weak shared] element, index in
          shared?.insertIfAllowed(element, at: index, selecting: false) ?? false
        },
        remove: { [weak shared] ids in shared?.removeFromContent(ids) })
      let following = follow(shared, \.content)
      let controller = WeakReference(self)
      return KeyValueObservation {
        following.unbind()
        controller.object?.sharedContent = nil
      }
    }
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
  /// bound (``bindContent(to:_:file:line:)``), else the ones set (``setContent(_:)``).
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

  private func contentDidChange<Old: RandomAccessCollection<Element>>(
    _ change: CollectionChange,
    _ old: Old,
    _ elements: [Element]
  ) where Old.Index == Int {
    // Object by object when the arrangement is sorted, the change small, and no object is in the
    // content twice (each is arranged once).
    guard !arrangingSort.isEmpty, change.moved.isEmpty, change.updated.isEmpty, entries.count == old.count,
      change.removed.count + change.inserted.count <= max(8, storage.count / 16)
    else {
      if arrangingSort.isEmpty || !change.removed.isEmpty || !change.inserted.isEmpty || !change.updated.isEmpty {
        rebuild()
      }
      return  // moves of the content do not change a sorted arrangement
    }
    for index in change.removed where index < old.count {
      let id = ObjectIdentifier(old[index])
      guard let entry = entries.removeValue(forKey: id) else { continue }
      entry.token = nil
      if let at = removeArranged(entry) { publishRemoval(at: at) }
    }
    for index in change.inserted where index < elements.count {
      let element = elements[index]
      guard entries[ObjectIdentifier(element)] == nil else {
        rebuild()  // already in the content
        return
      }
      let entry = makeEntry(element)  // observed and evaluated
      entries[ObjectIdentifier(element)] = entry
      guard entry.passes else { continue }
      let at = insertArranged(entry)
      publishInsertion(at: at)
    }
    selectionDidChange()
  }

  // MARK: Arranging

  /// The arranged object at `position`.
  private func element(at position: Int) -> Element {
    unsafeDowncast(storage[position], to: Entry.self).element  // every placement is an entry
  }

  /// An entry for `element`, with keys for the current sort order, observed.
  private func makeEntry(_ element: Element) -> Entry {
    let entry = Entry(element, keys: (arrangingSort + arrangingSort).map { $0.makeKey(element) })
    observe(entry)
    return entry
  }

  /// Reads the filter result and the sort keys of `entry` (the reads are what its observation
  /// follows); they are kept as its latest keys, next to those it was placed with.
  private func evaluate(_ entry: Entry) {
    entry.passes = arrangingFilter?(entry.element) ?? true
    let levels = arrangingSort.count
    for level in 0..<levels { arrangingSort[level].updateKey(entry.keys[levels + level], entry.element) }
  }

  /// Makes the latest keys of `entry` the ones it is placed with.
  private func place(_ entry: Entry) {
    let levels = arrangingSort.count
    for level in 0..<levels { arrangingSort[level].copyKey(entry.keys[levels + level], entry.keys[level]) }
  }

  /// Places `entry` by its latest keys, after the entries with equal keys (stable): O(log n)
  /// comparisons and a move within one chunk.
  private func insertArranged(_ entry: Entry) -> Int {
    let order = order
    let levels = order.count
    let position = storage.partitionPoint { order.compare($0, 0, entry, levels) <= 0 }
    place(entry)
    entry.isArranged = true
    storage.insert(entry, at: position)
    arrangementDidChange()
    return position
  }

  /// Where `entry` is arranged: by the keys it was placed with when sorted (O(log n)), by a scan
  /// otherwise.
  private func position(of entry: Entry) -> Int? {
    guard entry.isArranged else { return nil }
    guard !arrangingSort.isEmpty else { return storage.scanPosition(of: entry) }
    let order = order
    let start = storage.partitionPoint { order.compare($0, 0, entry, 0) < 0 }
    return storage.position(of: entry, from: start) { order.compare($0, 0, entry, 0) == 0 }
  }

  /// Finds `entry` by the keys it was placed with and removes it: O(log n) comparisons.
  private func removeArranged(_ entry: Entry) -> Int? {
    guard let position = position(of: entry) else { return nil }
    storage.remove(at: position)
    entry.isArranged = false
    arrangementDidChange()
    return position
  }

  /// Arranges everything again (content replaced, filter or sort order changed) and reports the
  /// difference. A new filter or sort order reads other properties: every object is observed afresh.
  private func rebuild(reobserving: Bool = false) {
    let old: [Element] = arrangementObservers.isEmpty ? [] : Array(ArrangedObjects<Element>(storage))
    var kept: [ObjectIdentifier: Entry] = [:]
    let elements = content
    kept.reserveCapacity(elements.count)
    var arranged: [Entry] = []
    arranged.reserveCapacity(elements.count)
    for element in elements {
      let id = ObjectIdentifier(element)
      guard kept[id] == nil else { continue }  // an object in the content twice is arranged once
      let entry: Entry
      if let existing = entries[id], !reobserving {
        entry = existing
      } else {
        entry = makeEntry(element)
      }
      kept[id] = entry
      entry.isArranged = entry.passes
      if entry.passes { arranged.append(entry) }
    }
    for (id, entry) in entries where kept[id] == nil || reobserving { entry.token = nil }
    entries = kept
    var placements: [ArrangementPlacement] = arranged
    if !arrangingSort.isEmpty {
      placements = order.sorted(placements)
      for entry in arranged { place(entry) }
    }
    storage = ArrangementStorage(placements)
    arrangementDidChange()
    if !arrangementObservers.isEmpty {
      publish(CollectionChange.between(old, Array(ArrangedObjects<Element>(storage))))
    }
    selectionDidChange()
  }

  /// Follows what the filter and the sort keys read of `entry`'s object, and evaluates them now.
  private func observe(_ entry: Entry) {
    guard arrangingFilter != nil || !arrangingSort.isEmpty else {
      entry.token = nil
      entry.passes = true
      return
    }
    entry.token = Bindery.observe { [weak self, unowned entry] in
      self?.evaluate(entry)
    } onChange: { [weak self, unowned entry] in
      self?.entryDidChange(entry)
    }
  }

  /// An object's filter result or sort keys changed: it is removed and placed again (unless they
  /// compare equal to those it was placed with).
  private func entryDidChange(_ entry: Entry) {
    guard automaticallyRearrangesObjects else { return }  // until rearrangeObjects()
    guard !arrangingSort.isEmpty else {
      rebuild()
      return
    }
    if entry.isArranged, entry.passes, order.compare(entry, 0, entry, order.count) == 0 { return }
    let from = removeArranged(entry)
    let to = entry.passes ? insertArranged(entry) : nil
    switch (from, to) {
    case (let from?, let to?): if from != to { publishMove(from: from, to: to) }
    case (let from?, nil): publishRemoval(at: from)
    case (nil, let to?): publishInsertion(at: to)
    case (nil, nil): break
    }
    selectionDidChange()
  }

  /// Forgets the array made for ``arrangedObjects`` and tells its observers, if any (the array is
  /// made for them only).
  private func arrangementDidChange() {
    materialized = nil
    guard keyValueRegistrar.hasObservers(of: Self.arrangedID) else { return }
    let objects = materializedArrangement()
    keyValueRegistrar.didSet(self, Self.arrangedID, \.arrangedObjects, from: objects, to: objects)
  }

  private func materializedArrangement() -> [Element] {
    if let materialized { return materialized }
    let objects = Array(ArrangedObjects<Element>(storage))
    materialized = objects
    return objects
  }

  // MARK: Arrangement observers

  /// Calls `handler` with each change of the arrangement, with exact indexes, and the new arranged
  /// objects; applying the changes in order to the previous arrangement gives the new one.
  ///
  /// The arranged objects come as an ``ArrangedObjects`` view (a random-access collection), not an
  /// array, so that a change costs no copy of the arrangement: `Array(arranged)` makes one.
  public func observeArrangement(
    _ handler: @escaping (CollectionChange, ArrangedObjects<Element>) -> Void
  ) -> KeyValueObservation {
    let id = nextObserverID
    nextObserverID += 1
    arrangementObservers.append((id, handler))
    let owner = WeakReference(self)
    return KeyValueObservation { owner.object?.arrangementObservers.removeAll { $0.id == id } }
  }

  // Reporting takes the arrangement as it is, after the change: the arranging itself is done before
  // any of these is called, whether or not anything observes (nothing that changes the controller's
  // state may sit in an argument that is evaluated only for observers).

  /// Reports that the object at `index` was inserted (the change is made only for observers).
  private func publishInsertion(at index: Int) {
    guard !arrangementObservers.isEmpty else { return }
    publish(CollectionChange(inserted: [index]))
  }

  /// Reports that the object at `index` was removed (the change is made only for observers).
  private func publishRemoval(at index: Int) {
    guard !arrangementObservers.isEmpty else { return }
    publish(CollectionChange(removed: [index]))
  }

  /// Reports that an object moved (the change is made only for observers).
  private func publishMove(from: Int, to: Int) {
    guard !arrangementObservers.isEmpty else { return }
    publish(CollectionChange(moved: [.init(from: from, to: to)]))
  }

  /// Hands `change` to the arrangement observers.
  private func publish(_ change: CollectionChange) {
    guard !change.isEmpty else { return }
    let snapshot = ArrangedObjects<Element>(storage)
    for observer in arrangementObservers { observer.handler(change, snapshot) }
  }

  // MARK: Selection

  /// Selects the objects at `indexes` of the arranged objects (indexes outside them are ignored).
  ///
  /// - Returns: Whether the selection changed (Cocoa's `setSelectionIndexes(_:)`).
  @discardableResult
  public func select(indexes: [Int]) -> Bool {
    let count = storage.count
    return setSelection(Array(Set(indexes.filter { $0 >= 0 && $0 < count })).sorted())
  }

  /// Selects `objects` (those arranged; others are ignored).
  ///
  /// - Returns: Whether the selection changed (Cocoa's `setSelectedObjects(_:)`).
  @discardableResult
  public func select(_ objects: [Element]) -> Bool {
    select(indexes: arrangedIndexes(of: objects))
  }

  /// The number of arranged objects.
  var arrangedCount: Int { storage.count }

  /// Where `objects` are arranged, ascending, those not arranged left out: O(log n) each when sorted.
  func arrangedIndexes(of objects: [Element]) -> [Int] {
    var indexes: [Int] = []
    indexes.reserveCapacity(objects.count)
    for object in objects {
      guard let entry = entries[ObjectIdentifier(object)], let index = position(of: entry) else { continue }
      indexes.append(index)
    }
    return Array(Set(indexes)).sorted()
  }

  /// Makes `indexes` (in the arrangement, ascending, distinct) the selection; whether it changed.
  func setSelection(_ indexes: [Int]) -> Bool {
    guard indexes != selectionIndexes else {
      updateAbilities()
      return false
    }
    storeSelection(indexes)
    return true
  }

  /// The selection after the arrangement changed: the same objects where they are now (the same
  /// indexes when ``preservesSelection`` is off); when none is left and the selection may not be
  /// empty, the nearest object.
  private func selectionDidChange() {
    let count = storage.count
    guard preservesSelection else {
      var indexes = selectionIndexes.filter { $0 < count }
      if indexes.isEmpty, avoidsEmptySelection, count > 0 { indexes = [min(selectionIndexes.first ?? 0, count - 1)] }
      storeSelection(indexes)
      return
    }
    guard !selectedIDs.isEmpty || (avoidsEmptySelection && count > 0) else {
      updateAbilities()
      return
    }
    var indexes: [Int] = []
    indexes.reserveCapacity(selectedIDs.count)
    for id in selectedIDs {
      guard let entry = entries[id], let index = position(of: entry) else { continue }
      indexes.append(index)
    }
    indexes.sort()
    let keepsEveryObject = indexes.count == selectedIDs.count
    if indexes.isEmpty, avoidsEmptySelection, count > 0 {
      indexes = [min(selectionIndexes.first ?? 0, count - 1)]
    }
    guard !keepsEveryObject || indexes != selectionIndexes else {
      updateAbilities()  // the same objects at the same indexes
      return
    }
    storeSelection(indexes)
  }

  /// Records the objects at `indexes` as the selection and tells the observers of what changed, once
  /// both are recorded.
  private func storeSelection(_ indexes: [Int]) {
    var ids: [ObjectIdentifier] = []
    var objects: [Element] = []
    ids.reserveCapacity(indexes.count)
    objects.reserveCapacity(indexes.count)
    for index in indexes {
      let object = element(at: index)
      ids.append(ObjectIdentifier(object))
      objects.append(object)
    }
    let objectsChanged = ids != selectedIDs
    selectedIDs = ids
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

  /// Whether the content is below ``maximumCount``.
  private var hasRoom: Bool {
    if let shared = sharedContent?.object, !(shared.isEditable && shared.hasRoom) { return false }
    guard let maximumCount else { return true }
    return content.count < maximumCount
  }

  private func updateAbilities() {
    let writes = isEditable && canWriteContent
    let insert = writes && hasRoom
    let add = insert && (makeElement ?? sharedContent?.object?.makeElement) != nil
    // Removing never needs room: a full list can always shrink.
    let remove = writes && !selectionIndexes.isEmpty
    let next = selectionIndexes.last.map { $0 + 1 < storage.count } ?? false
    let previous = (selectionIndexes.first ?? 0) > 0
    if canInsert != insert { canInsert = insert }
    if canAdd != add { canAdd = add }
    if canRemove != remove { canRemove = remove }
    if canSelectNext != next { canSelectNext = next }
    if canSelectPrevious != previous { canSelectPrevious = previous }
  }

  // MARK: Adding and removing

  /// Makes a new object, appends it to the content and, if ``selectsInsertedObjects``, selects it;
  /// returns it, or `nil` when nothing was added (``canAdd`` is `false`).
  @discardableResult
  public func add() -> Element? {
    guard isEditable, let makeElement = makeElement ?? sharedContent?.object?.makeElement, canWriteContent, hasRoom
    else { return nil }
    let element = makeElement()
    return insertIfAllowed(element, at: content.count) ? element : nil
  }

  /// Inserts `element` into the content at `index` (clamped) and, if ``selectsInsertedObjects``,
  /// selects it; does nothing when ``canInsert`` is `false`. When ``clearsFilterOnInsertion`` is on
  /// and the filter would hide the object, the filter is cleared first, so the object is shown.
  public func insert(_ element: Element, at index: Int) {
    _ = insertIfAllowed(element, at: index)
  }

  /// Inserts as ``insert(_:at:)`` does, selecting the element when `selecting` (and
  /// ``selectsInsertedObjects``); whether it was inserted (a store can refuse it).
  private func insertIfAllowed(_ element: Element, at index: Int, selecting: Bool = true) -> Bool {
    guard isEditable, let writeContent = contentWriter, hasRoom else { return false }
    if clearsFilterOnInsertion, let filter = arrangingFilter, !filter(element) { self.filter = nil }
    guard writeContent.insert(element, max(0, min(index, content.count))) else { return false }
    if selecting, selectsInsertedObjects { select([element]) }
    return true
  }

  /// Removes the selected objects from the content; does nothing when ``canRemove`` is `false`.
  public func remove() {
    guard !selectionIndexes.isEmpty else { return }
    removeFromContent(Set(selectedIDs))
  }

  /// Removes the objects with these identities from the content, as ``remove()`` removes the selected
  /// ones (for a controller that shares this one's content).
  private func removeFromContent(_ ids: Set<ObjectIdentifier>) {
    guard isEditable, let writeContent = contentWriter else { return }
    writeContent.remove(ids)
  }

  /// Whether Add, Insert and Remove can write the content (see ``contentWriter``).
  private var canWriteContent: Bool { writeContent != nil || readContent == nil }

  /// How Add, Insert and Remove write the content: through the model's property when the content is
  /// bound two-way, into the controller's own content when it is not bound (set with
  /// ``setContent(_:)``, or empty), and not at all when it follows a model read-only.
  private var contentWriter: ContentWriter<Element>? {
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

  // MARK: Rearranging

  /// Arranges the content again by the current ``filter`` and ``sortOrder``, applying the edits that
  /// ``automaticallyRearrangesObjects`` `false` left in place; observers get the difference.
  public func rearrangeObjects() {
    rebuild()
  }
}

/// How a controller writes its bound content: through the model's property, by key path.
private struct ContentWriter<Element: AnyObject> {
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
