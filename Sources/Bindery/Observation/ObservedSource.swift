/// Where a binding's source path ends now: the last property an evaluation read, and the key paths of
/// every read, in order (what a path like `\.person?.firstName` writes back to).
///
/// It keeps no reference to the object the path ends on: a weak reference would give that object
/// (a person behind a controller) Swift's slower reference counting for as long as it is bound.
/// A write finds the object again from the source, hop by hop (``object(from:)``).
@usableFromInline
struct ObservedLeaf {
  @usableFromInline
  var keyPath: AnyKeyPath?
  @usableFromInline
  var chain: [ChainHop] = []
  @usableFromInline
  var setter: RawSetter?
  @usableFromInline
  var memberType: Any.Type?

  @usableFromInline
  init(keyPath: AnyKeyPath? = nil, chain: [ChainHop] = [], setter: RawSetter? = nil, memberType: Any.Type? = nil) {
    self.keyPath = keyPath
    self.chain = chain
    self.setter = setter
    self.memberType = memberType
  }

  /// The object the path ends on now, read from `source` through every hop but the last; `nil` when a
  /// hop is `nil` or not an object, or when the object is not of the type the last property belongs
  /// to (so its setter is never called on another object).
  @usableFromInline
  func object(from source: AnyObject) -> AnyObject? {
    var object = source
    for hop in chain.dropLast() {
      guard let value = RuntimeTypes.unwrapped(object[keyPath: hop.keyPath]),
        type(of: value) is AnyObject.Type
      else { return nil }
      object = value as AnyObject
    }
    guard let keyPath else { return nil }
    func isRoot<Root>(_: Root.Type) -> Bool { object is Root }
    return _openExistential(type(of: keyPath).rootType, do: isRoot) ? object : nil
  }
}

/// The observer of a binding's source path, as its writer sees it: where the path ends now, and
/// whether the path is one observable property of the source.
@usableFromInline
protocol ObservedSource: AnyObject, Cancellable {
  /// Where the source path ends now.
  var leaf: ObservedLeaf { get }
  /// Whether the observed value is one observable property of the source, delivered by address.
  var isDirectMode: Bool { get }
}
