/// What a registrar's object owns as the target of other objects' subscriptions (its bindings, which
/// the layer above puts here), in the order they were added: the first one inline (most objects are
/// the target of one binding, which then costs no list), the others in a list.
///
/// The registrar knows them only as subscribers, and tells each when its object goes
/// (``_RegistrarSubscriber/targetDidDeinit()``); their owner reads them back as its own type with
/// the `as:` methods, which trust it to ask for the type it put here.
struct OwnedSubscribers {
  /// The first one; `nil` only when there is none.
  private var first: Subscriber?
  /// The others, in order.
  private var rest: [Subscriber] = []

  /// Every one, in order.
  var all: [Subscriber] {
    guard let first else { return [] }
    return [first] + rest
  }

  /// Every one, in order, as `type`.
  func all<Owned: Subscriber>(as type: Owned.Type) -> [Owned] {
    all.map { unsafeDowncast($0, to: type) }
  }

  /// Adds one at the end.
  mutating func append(_ subscriber: Subscriber) {
    if first == nil {
      first = subscriber
    } else {
      rest.append(subscriber)
    }
  }

  /// The first one, as `type`, that satisfies `predicate`.
  func first<Owned: Subscriber>(as type: Owned.Type, where predicate: (Owned) -> Bool) -> Owned? {
    guard let first else { return nil }
    if predicate(unsafeDowncast(first, to: type)) { return unsafeDowncast(first, to: type) }
    return rest.first { predicate(unsafeDowncast($0, to: type)) }.map { unsafeDowncast($0, to: type) }
  }

  /// Removes those, as `type`, that satisfy `predicate`, keeping the order of the others; returns the
  /// removed ones.
  @discardableResult
  mutating func removeAll<Owned: Subscriber>(as type: Owned.Type, where predicate: (Owned) -> Bool) -> [Owned] {
    guard let current = first else { return [] }
    if rest.isEmpty {
      guard predicate(unsafeDowncast(current, to: type)) else { return [] }
      first = nil
      return [unsafeDowncast(current, to: type)]
    }
    var removed: [Owned] = []
    var kept: [Subscriber] = []
    for subscriber in CollectionOfOne(current) + rest {
      let owned = unsafeDowncast(subscriber, to: type)
      if predicate(owned) { removed.append(owned) } else { kept.append(subscriber) }
    }
    guard !removed.isEmpty else { return [] }
    first = kept.first
    rest = Array(kept.dropFirst())
    return removed
  }

  /// Removes `subscriber`, keeping the order of the others; returns it (for its caller to release
  /// outside any lock), or `nil` when it is not here. Makes no list.
  mutating func remove(_ subscriber: Subscriber) -> Subscriber? {
    guard let current = first else { return nil }
    if current === subscriber {
      first = rest.isEmpty ? nil : rest.removeFirst()
      return current
    }
    guard let index = rest.firstIndex(where: { $0 === subscriber }) else { return nil }
    return rest.remove(at: index)
  }

  /// Removes every one.
  mutating func removeAll() {
    first = nil
    rest = []
  }
}
