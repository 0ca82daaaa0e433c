import Bindery

extension ArrayController {
  func contentDidChange<Old: RandomAccessCollection<Element>>(
    _ change: CollectionChange,
    _ old: Old,
    _ elements: [Element]
  ) where Old.Index == Int {
    // The entries in the content's order are those of the last rearrangement no more (and must not
    // keep a removed object alive).
    _contentEntries = []
    // Object by object when the arrangement is sorted, the change small, and no object is in the
    // content twice (each is arranged once).
    guard !_arrangingSort.isEmpty, change.moved.isEmpty, change.updated.isEmpty, _entries.count == old.count,
      change.removed.count + change.inserted.count <= max(8, _storage.count / 16)
    else {
      if _arrangingSort.isEmpty || !change.removed.isEmpty || !change.inserted.isEmpty || !change.updated.isEmpty {
        rebuild()
      }
      return  // moves of the content do not change a sorted arrangement
    }
    for index in change.removed where index < old.count {
      let id = ObjectIdentifier(old[index])
      guard let entry = _entries.removeValue(forKey: id) else { continue }
      entry.stopObserving()
      if let at = removeArranged(entry) { publishRemoval(at: at) }
    }
    for index in change.inserted where index < elements.count {
      let element = elements[index]
      guard _entries[ObjectIdentifier(element)] == nil else {
        rebuild()  // already in the content
        return
      }
      let entry = makeEntry(element)
      observe([entry])
      _entries[ObjectIdentifier(element)] = entry
      guard entry.passes else { continue }
      let at = insertArranged(entry)
      publishInsertion(at: at)
    }
    selectionDidChange()
  }

  /// The arranged object at `position`.
  func element(at position: Int) -> Element {
    unsafeDowncast(_storage[position], to: Entry.self).element  // every placement is an entry
  }

  /// An entry for `element`, with no keys yet: ``observe(_:remakingKeys:)`` makes them as it
  /// evaluates the entry, reading each key once.
  private func makeEntry(_ element: Element) -> Entry {
    Entry(element, keys: [])
  }

  /// Reads the filter result and the sort keys of `entry` (the reads are what its observation
  /// follows); they are kept as its latest keys, next to those it was placed with.
  private func evaluate(_ entry: Entry) {
    entry.passes = _arrangingFilter?(entry.element) ?? true
    let levels = _arrangingSort.count
    for level in 0..<levels {
      let latest = entry.keys[levels + level]
      if latest === entry.keys[level] {
        // Still the key it was placed with: the latest value gets a key of its own.
        entry.keys[levels + level] = _arrangingSort[level].makeKey(entry.element)
      } else {
        _arrangingSort[level].updateKey(latest, entry.element)
      }
    }
  }

  /// Makes the latest keys of `entry` the ones it is placed with.
  private func place(_ entry: ArrangementPlacement) {
    let levels = _arrangingSort.count
    for level in 0..<levels {
      let latest = entry.keys[levels + level]
      let placed = entry.keys[level]
      if latest !== placed { _arrangingSort[level].copyKey(latest, placed) }
    }
  }

  /// Places `entry` by its latest keys, after the entries with equal keys (stable): O(log n)
  /// comparisons and a move within one chunk.
  private func insertArranged(_ entry: Entry) -> Int {
    let order = _order
    let levels = order.count
    let position = _storage.partitionPoint { order.compare($0, 0, entry, levels) <= 0 }
    place(entry)
    entry.isArranged = true
    _storage.insert(entry, at: position)
    arrangementDidChange()
    return position
  }

  /// Where `entry` is arranged: by the keys it was placed with when sorted (O(log n)), by a scan
  /// otherwise.
  func position(of entry: Entry) -> Int? {
    guard entry.isArranged else { return nil }
    guard !_arrangingSort.isEmpty else { return _storage.scanPosition(of: entry) }
    let order = _order
    let start = _storage.partitionPoint { order.compare($0, 0, entry, 0) < 0 }
    return _storage.position(of: entry, from: start) { order.compare($0, 0, entry, 0) == 0 }
  }

  /// Finds `entry` by the keys it was placed with and removes it: O(log n) comparisons.
  private func removeArranged(_ entry: Entry) -> Int? {
    guard let position = position(of: entry) else { return nil }
    _storage.remove(at: position)
    entry.isArranged = false
    arrangementDidChange()
    return position
  }

  /// Arranges everything again (content replaced, filter or sort order changed) and reports the
  /// difference. A new filter (`reevaluating`) reads every object again; a new sort order
  /// (`remakingKeys`) also makes their keys anew (``ArrangementPlacement/makeKeys(of:with:)``).
  func rebuild(reevaluating: Bool = false, remakingKeys: Bool = false) {
    // The arrangement before, each entry numbered with its position: the change is worked out from
    // where each entry of the new one was, with no table of addresses.
    let old = _arrangementObservers.isEmpty ? nil : _storage
    old?.numberPositions()
    _generation &+= 1
    let generation = _generation
    let elements = content
    var inOrder: [Entry] = []
    var unevaluated: [Entry] = []
    if (reevaluating || remakingKeys) && Self.holdsTheSameObjects(_contentEntries, elements) {
      // The same content in the same order: every entry is evaluated again.
      inOrder = _contentEntries
      for entry in inOrder { entry.generation = generation }
      unevaluated = inOrder
    } else {
      inOrder.reserveCapacity(elements.count)
      if reevaluating || remakingKeys { unevaluated.reserveCapacity(elements.count) }
      for element in elements {
        let id = ObjectIdentifier(element)
        if let existing = _entries[id] {
          guard existing.generation != generation else { continue }  // twice in the content: arranged once
          existing.generation = generation
          if reevaluating || remakingKeys { unevaluated.append(existing) }
          inOrder.append(existing)
        } else {
          let entry = makeEntry(element)
          entry.generation = generation
          _entries[id] = entry
          unevaluated.append(entry)
          inOrder.append(entry)
        }
      }
    }
    if _entries.count != inOrder.count {  // objects that left the content
      let gone = _entries.filter { $0.value.generation != generation }
      for (id, entry) in gone {
        entry.stopObserving()
        entry.isArranged = false
        _entries[id] = nil
      }
    }
    observe(unevaluated, remakingKeys: remakingKeys, filterOnly: reevaluating && !remakingKeys)
    // A new filter over a sorted arrangement keeps its order: the objects that stay keep their
    // places, and only those it lets in are sorted, then merged in (none, as a search narrows).
    let keepsOrder = reevaluating && !remakingKeys && !_arrangingSort.isEmpty && automaticallyRearrangesObjects
    var placements: [ArrangementPlacement] = []
    placements.reserveCapacity(inOrder.count)
    var index = 0
    for entry in inOrder {
      entry.contentIndex = index
      index += 1
      if entry.passes, !keepsOrder || !entry.isArranged { placements.append(entry) }
    }
    if !_arrangingSort.isEmpty {
      // New keys stand for both the placed and the latest: only other entries have latest keys
      // of their own to place with.
      if !remakingKeys { for entry in placements { place(entry) } }
      placements = _order.sorted(placements)
    }
    if keepsOrder {
      placements = _order.merged(staying: _storage.placements { $0.isArranged && $0.passes }, placements)
    }
    for entry in inOrder { entry.isArranged = entry.passes }
    _contentEntries = inOrder
    _storage = ArrangementStorage(placements)
    arrangementDidChange()
    if let old {
      let change = CollectionChange.between(oldCount: old.count, oldPositions: _storage.previousPositions())
      old.forgetPositions()
      publish(change)
    }
    selectionDidChange()
  }

  /// Whether `entries` are the entries of `elements`, one by one (compared by address).
  private static func holdsTheSameObjects(_ entries: [Entry], _ elements: [Element]) -> Bool {
    guard entries.count == elements.count else { return false }
    for index in entries.indices where entries[index].element !== elements[index] { return false }
    return true
  }

  /// Evaluates the filter and the sort keys of each of `entries` now, and follows what they read of
  /// its object: with one subscription to the object, made once and kept for every later sort order
  /// and filter, when they read only its own properties (a new sort order then makes no observation);
  /// with an observation of each read when they read other objects too.
  ///
  /// A new filter (`filterOnly`) reads only the filter of an object whose subscription already hears
  /// its sort keys change: keys read again would be the same, and a search keystroke over 100,000
  /// objects would make 100,000 of them.
  private func observe(_ entries: [Entry], remakingKeys: Bool = false, filterOnly: Bool = false) {
    guard _arrangingFilter != nil || !_arrangingSort.isEmpty else {
      for entry in entries {
        entry.stopObserving()
        entry.passes = true
        if remakingKeys { entry.keys = [] }
      }
      return
    }
    let makers = _keyMakers
    withOwnPropertyReads { reads in
      let levels = makers.count
      for entry in entries {
        let element = entry.element
        if filterOnly, !remakingKeys, entry.keys.count == 2 * levels, case .object = entry.observation {
          let read = reads.evaluate(element) { entry.passes = _arrangingFilter?(element) ?? true }
          // Its own properties or none: the subscription hears them. Another object's: an
          // observation of each read, which evaluates everything again.
          if case .others = read { follow(entry, read) }
          continue
        }
        let read = reads.evaluate(element) {
          // Keys of another sort order, or none yet (a new entry): made here, not read twice.
          guard remakingKeys || entry.keys.count != 2 * levels else { return evaluate(entry) }
          entry.passes = _arrangingFilter?(element) ?? true
          entry.makeKeys(of: element, with: makers)  // no separate read of the latest keys
        }
        follow(entry, read)
      }
    }
  }

  /// Observes `entry` as what its evaluation read asks.
  private func follow(_ entry: Entry, _ reads: ObjectReads) {
    switch (reads, entry.observation) {
    case (.own, .object):
      return  // the subscription to the object hears every change of it
    case (.own(let object), _):
      entry.observation.end()
      let subscription = ObjectChangeSubscription(object) { [weak self, unowned entry] in
        self?.objectDidChange(entry)
      }
      entry.observation = .object(subscription)
    case (.nothing, _):
      entry.stopObserving()
    case (.others, _):
      entry.observation.end()
      let observation = Bindery.observe { [weak self, unowned entry] in
        self?.evaluate(entry)
      } onChange: { [weak self, unowned entry] in
        self?.entryDidChange(entry)
      }
      entry.observation = .reads(observation)
    }
  }

  /// A property of the object of `entry` changed: its filter result and sort keys are read again
  /// (and what they read, which the change may have turned to other objects), then it moves if they
  /// changed.
  private func objectDidChange(_ entry: Entry) {
    withOwnPropertyReads { reads in follow(entry, reads.evaluate(entry.element) { evaluate(entry) }) }
    entryDidChange(entry)
  }

  /// An object's filter result or sort keys changed: it is removed and placed again (unless they
  /// compare equal to those it was placed with).
  private func entryDidChange(_ entry: Entry) {
    guard automaticallyRearrangesObjects else { return }  // until rearrangeObjects()
    guard !_arrangingSort.isEmpty else {
      if entry.passes != entry.isArranged { rebuild() }  // in or out of the filter
      return
    }
    if entry.isArranged, entry.passes, _order.compare(entry, 0, entry, _order.count) == 0 { return }
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

  /// Arranges the content again by the current ``filter`` and ``sortOrder``, applying the edits that
  /// ``automaticallyRearrangesObjects`` `false` left in place; observers get the difference.
  public func rearrangeObjects() {
    rebuild()
  }
}
