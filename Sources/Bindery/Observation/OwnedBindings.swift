/// The bindings whose target is a registrar's object, in the order they were made: the first one
/// inline (most objects are the target of one binding, which then costs no list), the others in a list.
struct OwnedBindings {
  /// The first binding; `nil` only when there is none.
  private var first: PropertyBinding?
  /// The others, in order.
  private var rest: [PropertyBinding] = []

  /// Every binding, in order.
  var all: [PropertyBinding] {
    guard let first else { return [] }
    return [first] + rest
  }

  /// Adds a binding at the end.
  mutating func append(_ binding: PropertyBinding) {
    if first == nil {
      first = binding
    } else {
      rest.append(binding)
    }
  }

  /// The first binding that satisfies `predicate`.
  func first(where predicate: (PropertyBinding) -> Bool) -> PropertyBinding? {
    guard let first else { return nil }
    if predicate(first) { return first }
    return rest.first(where: predicate)
  }

  /// Removes the bindings that satisfy `predicate`, keeping the order of the others; returns the removed ones.
  @discardableResult
  mutating func removeAll(where predicate: (PropertyBinding) -> Bool) -> [PropertyBinding] {
    guard let current = first else { return [] }
    if rest.isEmpty {
      guard predicate(current) else { return [] }
      first = nil
      return [current]
    }
    var removed: [PropertyBinding] = []
    var kept: [PropertyBinding] = []
    for binding in CollectionOfOne(current) + rest {
      if predicate(binding) { removed.append(binding) } else { kept.append(binding) }
    }
    guard !removed.isEmpty else { return [] }
    first = kept.first
    rest = Array(kept.dropFirst())
    return removed
  }

  /// Removes `binding`, keeping the order of the others; returns it (for its caller to release outside
  /// any lock), or `nil` when it is not here. Makes no list.
  mutating func remove(_ binding: PropertyBinding) -> PropertyBinding? {
    guard let current = first else { return nil }
    if current === binding {
      first = rest.isEmpty ? nil : rest.removeFirst()
      return current
    }
    guard let index = rest.firstIndex(where: { $0 === binding }) else { return nil }
    return rest.remove(at: index)
  }

  /// Removes every binding.
  mutating func removeAll() {
    first = nil
    rest = []
  }
}
