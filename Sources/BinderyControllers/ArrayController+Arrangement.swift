import Bindery

extension ArrayController {
  func contentDidChange<Old: RandomAccessCollection<Element>>(
    _ change: CollectionChange,
    _ old: Old,
    _ elements: [Element]
  ) where Old.Index == Int {
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
      entry.token = nil
      if let at = removeArranged(entry) { publishRemoval(at: at) }
    }
    for index in change.inserted where index < elements.count {
      let element = elements[index]
      guard _entries[ObjectIdentifier(element)] == nil else {
        rebuild()  // already in the content
        return
      }
      let entry = makeEntry(element)  // observed and evaluated
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

  /// An entry for `element`, with keys for the current sort order, observed.
  private func makeEntry(_ element: Element) -> Entry {
    let entry = Entry(element, keys: (_arrangingSort + _arrangingSort).map { $0.makeKey(element) })
    observe(entry)
    return entry
  }

  /// Reads the filter result and the sort keys of `entry` (the reads are what its observation
  /// follows); they are kept as its latest keys, next to those it was placed with.
  private func evaluate(_ entry: Entry) {
    entry.passes = _arrangingFilter?(entry.element) ?? true
    let levels = _arrangingSort.count
    for level in 0..<levels { _arrangingSort[level].updateKey(entry.keys[levels + level], entry.element) }
  }

  /// Makes the latest keys of `entry` the ones it is placed with.
  private func place(_ entry: Entry) {
    let levels = _arrangingSort.count
    for level in 0..<levels { _arrangingSort[level].copyKey(entry.keys[levels + level], entry.keys[level]) }
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
  /// difference. A new filter or sort order reads other properties: every object is observed afresh.
  func rebuild(reobserving: Bool = false) {
    let old: [Element] = _arrangementObservers.isEmpty ? [] : Array(ArrangedObjects<Element>(_storage))
    var kept: [ObjectIdentifier: Entry] = [:]
    let elements = content
    kept.reserveCapacity(elements.count)
    var arranged: [Entry] = []
    arranged.reserveCapacity(elements.count)
    for element in elements {
      let id = ObjectIdentifier(element)
      guard kept[id] == nil else { continue }  // an object in the content twice is arranged once
      let entry: Entry
      if let existing = _entries[id], !reobserving {
        entry = existing
      } else {
        entry = makeEntry(element)
      }
      kept[id] = entry
      entry.isArranged = entry.passes
      if entry.passes { arranged.append(entry) }
    }
    for (id, entry) in _entries where kept[id] == nil || reobserving { entry.token = nil }
    _entries = kept
    var placements: [ArrangementPlacement] = arranged
    if !_arrangingSort.isEmpty {
      placements = _order.sorted(placements)
      for entry in arranged { place(entry) }
    }
    _storage = ArrangementStorage(placements)
    arrangementDidChange()
    if !_arrangementObservers.isEmpty {
      publish(CollectionChange.between(old, Array(ArrangedObjects<Element>(_storage))))
    }
    selectionDidChange()
  }

  /// Follows what the filter and the sort keys read of `entry`'s object, and evaluates them now.
  private func observe(_ entry: Entry) {
    guard _arrangingFilter != nil || !_arrangingSort.isEmpty else {
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
    guard !_arrangingSort.isEmpty else {
      rebuild()
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
