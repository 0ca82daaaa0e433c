public import Bindery

/// Arranges a model's array and keeps a selection (Cocoa's `NSArrayController`).
///
/// Its content follows a model's array property; ``arrangedObjects`` is the content filtered by
/// ``filter`` and ordered by ``sortOrder``, kept up to date incrementally: inserting, removing or
/// editing the sort key of one object costs O(log n) comparisons (plus moving the array's tail), never
/// a re-sort. Every change of the arrangement is reported with exact indexes
/// (``observeArrangement(_:)``), for a list to apply row by row.
///
/// ```swift
/// let people = ArrayController<Person>(makeElement: { Person() })
/// people.bindContent(to: model, \.people)
/// people.sortOrder = [.ascending(\.lastName), .ascending(\.firstName)]
/// people.filter = { !$0.isArchived }
/// nameField.bind(\.text, to: people, \.selection.firstName)
/// removeButton.bind(\.isEnabled, to: people, \.canRemove)
/// ```
@KeyValueObservable
public final class ArrayController<Element: AnyObject> {
  /// The arranged objects: the content, filtered and sorted. Observers of this property get the new
  /// array; use ``observeArrangement(_:)`` for the exact changes.
  public var arrangedObjects: [Element] {
    keyValueRegistrar.access(self, Self.arrangedID, \.arrangedObjects)
    return arranged
  }

  /// The indexes of the selected objects in ``arrangedObjects``, ascending.
  public private(set) var selectionIndexes: [Int] = []
  /// Whether ``add()`` can add an object: the content is bound to a writable array and the controller
  /// can make elements.
  public private(set) var canAdd = false
  /// Whether ``remove()`` can remove objects: something is selected and the content can be written.
  public private(set) var canRemove = false

  /// Whether the selection moves to a neighbour instead of becoming empty (Cocoa's
  /// avoidsEmptySelection); `true` by default.
  public var avoidsEmptySelection = true
  /// Whether objects added through the controller are selected; `true` by default.
  public var selectsInsertedObjects = true

  /// Which objects are arranged; `nil` arranges all of them. Re-evaluated for an object whenever
  /// something the filter reads of it changes.
  public var filter: ((Element) -> Bool)? {
    didSet { rebuild(reobserving: true) }
  }

  /// The order of the arranged objects; empty keeps the content's order.
  public var sortOrder: [ArrangementSort<Element>] = [] {
    didSet { rebuild(reobserving: true) }
  }

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

  /// The selected objects, in arranged order.
  public var selectedObjects: [Element] {
    let objects = arrangedObjects
    return selectionIndexes.compactMap { $0 < objects.count ? objects[$0] : nil }
  }

  // MARK: State

  static var arrangedID: PropertyID { PropertyID("arrangedObjects") }

  @KeyValueIgnored private var arranged: [Element] = []
  /// The sort keys each arranged object was placed with (so it can be found after its keys change).
  @KeyValueIgnored private var placedKeys: [ObjectIdentifier: [Any]] = [:]
  @KeyValueIgnored private var content: [Element] = []
  @KeyValueIgnored private var selectedIDs: [ObjectIdentifier] = []
  @KeyValueIgnored private var contentToken: ObservationToken?
  @KeyValueIgnored private var itemTokens: [ObjectIdentifier: ObservationToken] = [:]
  @KeyValueIgnored private var writeContent: (([Element]) -> Void)?
  @KeyValueIgnored private var arrangementObservers: [(id: Int, handler: (CollectionChange, [Element]) -> Void)] = []
  @KeyValueIgnored private var nextObserverID = 0
  @KeyValueIgnored private let makeElement: (() -> Element)?

  /// Creates a controller; `makeElement` lets ``add()`` make new objects.
  public init(makeElement: (() -> Element)? = nil) {
    self.makeElement = makeElement
  }

  // MARK: Content

  /// Makes the content follow `keyPath` of `model`; ``add()`` and ``remove()`` write it back.
  public func bindContent<Model: AnyObject>(to model: Model, _ keyPath: ReferenceWritableKeyPath<Model, [Element]>) {
    contentToken = nil
    writeContent = { [weak model] elements in model?[keyPath: keyPath] = elements }
    setContent(model[keyPath: keyPath])
    contentToken = observeChanges(model, keyPath) { [weak self] change, elements in
      self?.contentDidChange(change, elements)
    }
    updateAbilities()
  }

  /// Makes the content follow a read-only array; ``add()`` and ``remove()`` are disabled.
  public func bindContent<Model: AnyObject>(to model: Model, _ keyPath: KeyPath<Model, [Element]>) {
    contentToken = nil
    writeContent = nil
    setContent(model[keyPath: keyPath])
    contentToken = observeChanges(model, keyPath) { [weak self] change, elements in
      self?.contentDidChange(change, elements)
    }
    updateAbilities()
  }

  /// Sets the content directly (when it is not bound to a model).
  public func setContent(_ elements: [Element]) {
    content = elements
    rebuild()
  }

  private func contentDidChange(_ change: CollectionChange, _ elements: [Element]) {
    let old = content
    content = elements
    guard !sortOrder.isEmpty, change.moved.isEmpty, change.updated.isEmpty,
      change.removed.count + change.inserted.count <= max(8, arranged.count / 16)
    else {
      if sortOrder.isEmpty || !change.removed.isEmpty || !change.inserted.isEmpty || !change.updated.isEmpty {
        rebuild()
      }
      return  // moves of the content do not change a sorted arrangement
    }
    for index in change.removed where index < old.count {
      let element = old[index]
      stopObserving(element)
      if let at = removeArranged(element) { publish(CollectionChange(removed: [at])) }
    }
    for index in change.inserted where index < elements.count {
      let element = elements[index]
      observe(element)
      if passes(element) { publish(CollectionChange(inserted: [insertArranged(element)])) }
    }
    selectionDidChange()
  }

  // MARK: Arranging

  private func passes(_ element: Element) -> Bool { filter?(element) ?? true }

  private func keys(of element: Element) -> [Any] { sortOrder.map { $0.key(element) } }

  /// Compares key lists level by level.
  private func compare(_ lhs: [Any], _ rhs: [Any]) -> Int {
    for (level, sort) in sortOrder.enumerated() {
      let result = sort.compare(lhs[level], rhs[level])
      if result != 0 { return sort.isAscending ? result : -result }
    }
    return 0
  }

  /// The first position whose keys are greater than `keys` (after equal ones: stable).
  private func insertionIndex(for keys: [Any]) -> Int {
    var low = 0
    var high = arranged.count
    while low < high {
      let middle = (low + high) / 2
      let middleKeys = placedKeys[ObjectIdentifier(arranged[middle])] ?? []
      if compare(middleKeys, keys) <= 0 { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Places `element` by its keys: O(log n) comparisons.
  private func insertArranged(_ element: Element) -> Int {
    let elementKeys = keys(of: element)
    let index = insertionIndex(for: elementKeys)
    placedKeys[ObjectIdentifier(element)] = elementKeys
    arranged.insert(element, at: index)
    notifyArranged()
    return index
  }

  /// Finds `element` by the keys it was placed with and removes it: O(log n) comparisons.
  private func removeArranged(_ element: Element) -> Int? {
    let id = ObjectIdentifier(element)
    guard let placed = placedKeys[id] else { return nil }
    var low = 0
    var high = arranged.count
    while low < high {
      let middle = (low + high) / 2
      if compare(placedKeys[ObjectIdentifier(arranged[middle])] ?? [], placed) < 0 {
        low = middle + 1
      } else {
        high = middle
      }
    }
    var index = low
    while index < arranged.count, arranged[index] !== element {
      index += 1
    }
    guard index < arranged.count else { return nil }
    arranged.remove(at: index)
    placedKeys[id] = nil
    notifyArranged()
    return index
  }

  /// Arranges everything again (content replaced, filter or sort order changed) and reports the
  /// difference. A new filter or sort order reads other properties: every object is observed afresh.
  private func rebuild(reobserving: Bool = false) {
    let old = arranged
    if reobserving { itemTokens.removeAll() }
    for element in content where itemTokens[ObjectIdentifier(element)] == nil { observe(element) }
    let live = Set(content.map(ObjectIdentifier.init))
    for id in itemTokens.keys where !live.contains(id) { itemTokens[id] = nil }
    var entries = content.filter(passes).map { ($0, keys(of: $0)) }
    if !sortOrder.isEmpty {
      entries = entries.enumerated().sorted { lhs, rhs in
        let order = compare(lhs.element.1, rhs.element.1)
        return order != 0 ? order < 0 : lhs.offset < rhs.offset
      }.map(\.element)
    }
    arranged = entries.map(\.0)
    placedKeys = Dictionary(entries.map { (ObjectIdentifier($0.0), $0.1) }, uniquingKeysWith: { first, _ in first })
    notifyArranged()
    publish(CollectionChange.between(old, arranged))
    selectionDidChange()
  }

  /// Follows what the filter and the sort keys read of `element`.
  private func observe(_ element: Element) {
    guard filter != nil || !sortOrder.isEmpty else { return }
    let id = ObjectIdentifier(element)
    itemTokens[id] = Bindery.observe { [weak self, unowned element] () -> [Any] in
      guard let self else { return [] }
      return [self.passes(element)] + self.keys(of: element)
    } onChange: { [weak self, unowned element] _ in
      self?.elementDidChange(element)
    }
  }

  private func stopObserving(_ element: Element) {
    itemTokens[ObjectIdentifier(element)] = nil
  }

  /// An object's filter result or sort keys changed: it is removed and placed again.
  private func elementDidChange(_ element: Element) {
    let wasArranged = placedKeys[ObjectIdentifier(element)] != nil
    guard !sortOrder.isEmpty else {
      rebuild()
      return
    }
    let from = wasArranged ? removeArranged(element) : nil
    let to = passes(element) ? insertArranged(element) : nil
    switch (from, to) {
    case (let from?, let to?): if from != to { publish(CollectionChange(moved: [.init(from: from, to: to)])) }
    case (let from?, nil): publish(CollectionChange(removed: [from]))
    case (nil, let to?): publish(CollectionChange(inserted: [to]))
    case (nil, nil): break
    }
    selectionDidChange()
  }

  private func notifyArranged() {
    keyValueRegistrar.didSet(self, Self.arrangedID, \.arrangedObjects, from: arranged, to: arranged)
  }

  // MARK: Arrangement observers

  /// Calls `handler` with each change of the arrangement, with exact indexes, and the new arranged
  /// objects; applying the changes in order to the previous arrangement gives the new one.
  public func observeArrangement(_ handler: @escaping (CollectionChange, [Element]) -> Void) -> ObservationToken {
    let id = nextObserverID
    nextObserverID += 1
    arrangementObservers.append((id, handler))
    let owner = WeakReference(self)
    return ObservationToken { owner.object?.arrangementObservers.removeAll { $0.id == id } }
  }

  private func publish(_ change: CollectionChange) {
    guard !change.isEmpty else { return }
    let snapshot = arranged
    for observer in arrangementObservers { observer.handler(change, snapshot) }
  }

  // MARK: Selection

  /// Selects the objects at `indexes` of the arranged objects (others ignored).
  public func select(indexes: [Int]) {
    let valid = Array(Set(indexes.filter { $0 >= 0 && $0 < arranged.count })).sorted()
    selectedIDs = valid.map { ObjectIdentifier(arranged[$0]) }
    selectionIndexes = valid
    updateAbilities()
  }

  /// Selects `objects` (those arranged).
  public func select(_ objects: [Element]) {
    let wanted = Set(objects.map(ObjectIdentifier.init))
    select(indexes: arranged.indices.filter { wanted.contains(ObjectIdentifier(arranged[$0])) })
  }

  /// The selection after the arrangement changed: the same objects where they are now; when none of
  /// them is left and the selection may not be empty, the nearest object.
  private func selectionDidChange() {
    guard !selectedIDs.isEmpty || (avoidsEmptySelection && !arranged.isEmpty) else {
      updateAbilities()
      return
    }
    let previousFirst = selectionIndexes.first ?? 0
    var indexes: [Int] = []
    for id in selectedIDs {
      guard let keys = placedKeysByID(id), let index = index(of: id, keys: keys) else { continue }
      indexes.append(index)
    }
    indexes.sort()
    if indexes.isEmpty, avoidsEmptySelection, !arranged.isEmpty {
      indexes = [min(previousFirst, arranged.count - 1)]
    }
    selectedIDs = indexes.map { ObjectIdentifier(arranged[$0]) }
    if selectionIndexes != indexes { selectionIndexes = indexes }
    updateAbilities()
  }

  private func placedKeysByID(_ id: ObjectIdentifier) -> [Any]? { placedKeys[id] }

  /// Where the arranged object `id` is: by its keys when sorted (O(log n)), by a scan otherwise.
  private func index(of id: ObjectIdentifier, keys: [Any]) -> Int? {
    guard !sortOrder.isEmpty else { return arranged.firstIndex { ObjectIdentifier($0) == id } }
    var low = 0
    var high = arranged.count
    while low < high {
      let middle = (low + high) / 2
      if compare(placedKeys[ObjectIdentifier(arranged[middle])] ?? [], keys) < 0 {
        low = middle + 1
      } else {
        high = middle
      }
    }
    var index = low
    while index < arranged.count {
      if ObjectIdentifier(arranged[index]) == id { return index }
      if compare(placedKeys[ObjectIdentifier(arranged[index])] ?? [], keys) != 0 { return nil }
      index += 1
    }
    return nil
  }

  private func updateAbilities() {
    let add = writeContent != nil && makeElement != nil
    let remove = writeContent != nil && !selectionIndexes.isEmpty
    if canAdd != add { canAdd = add }
    if canRemove != remove { canRemove = remove }
  }

  // MARK: Adding and removing

  /// Makes a new object, appends it to the content and selects it.
  @discardableResult
  public func add() -> Element? {
    guard let makeElement, writeContent != nil else { return nil }
    let element = makeElement()
    insert(element, at: content.count)
    return element
  }

  /// Inserts `element` into the content at `index` (clamped) and, if ``selectsInsertedObjects``,
  /// selects it.
  public func insert(_ element: Element, at index: Int) {
    guard let writeContent else { return }
    var elements = content
    elements.insert(element, at: max(0, min(index, elements.count)))
    writeContent(elements)
    if selectsInsertedObjects { select([element]) }
  }

  /// Removes the selected objects from the content.
  public func remove() {
    guard let writeContent, !selectionIndexes.isEmpty else { return }
    let removing = Set(selectedIDs)
    writeContent(content.filter { !removing.contains(ObjectIdentifier($0)) })
  }
}

/// A weak reference a `Sendable` closure may hold: the controller is used from one thread (or actor)
/// at a time, as its documentation says; the reference itself is only read.
private struct WeakReference<Object: AnyObject>: @unchecked Sendable {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}
