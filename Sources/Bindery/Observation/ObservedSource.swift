/// Where a binding's source path ends now: the last property an evaluation read, and the key paths of
/// every read, in order (what a path like `\.person?.firstName` writes back to).
@usableFromInline
struct ObservedLeaf {
  @usableFromInline
  weak var object: AnyObject?
  @usableFromInline
  var keyPath: AnyKeyPath?
  @usableFromInline
  var chain: [ChainHop] = []
  @usableFromInline
  var setter: RawSetter?
  @usableFromInline
  var memberType: Any.Type?

  @usableFromInline
  init(
    object: AnyObject? = nil, keyPath: AnyKeyPath? = nil, chain: [ChainHop] = [], setter: RawSetter? = nil,
    memberType: Any.Type? = nil
  ) {
    self.object = object
    self.keyPath = keyPath
    self.chain = chain
    self.setter = setter
    self.memberType = memberType
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
