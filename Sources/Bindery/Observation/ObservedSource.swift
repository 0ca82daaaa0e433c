/// Where a binding's source path ends now: the last property an evaluation read, and the key paths of
/// every read, in order (what a path like `\.person?.firstName` writes back to).
struct ObservedLeaf {
  weak var object: AnyObject?
  var keyPath: AnyKeyPath?
  var chain: [ChainHop] = []
  var setter: RawSetter?
  var memberType: Any.Type?
}

/// The observer of a binding's source path, as its writer sees it: where the path ends now, and
/// whether the path is one observable property of the source.
protocol ObservedSource: AnyObject, Cancellable {
  /// Where the source path ends now.
  var leaf: ObservedLeaf { get }
  /// Whether the observed value is one observable property of the source, delivered by address.
  var isDirectMode: Bool { get }
}
