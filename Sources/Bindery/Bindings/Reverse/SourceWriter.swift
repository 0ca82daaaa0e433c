/// Writes a value back to a binding's source path.
///
/// Three ways, picked once at bind time:
/// - the path is one observable property of the source: its setter, by address;
/// - the path is a writable key path: the key path;
/// - the path is a chain of stored observable properties through optionals (`\.person?.firstName`,
///   which Swift makes read-only): the last property of the chain, on the object the chain reaches now
///   (nothing while a `nil` breaks the chain).
@usableFromInline
struct SourceWriter<Source: AnyObject, Value> {
  @usableFromInline
  let sourcePath: SourcePath<Source, Value>
  @usableFromInline
  let observer: any ObservedSource
  /// The setter of the source property, when the path is one property of the source.
  @usableFromInline
  let directSetter: RawSetter?
  @usableFromInline
  let writableKeyPath: ReferenceWritableKeyPath<Source, Value>?
  @usableFromInline
  let isChain: Bool

  @inlinable
  init(sourcePath: SourcePath<Source, Value>, observer: any ObservedSource) {
    self.sourcePath = sourcePath
    self.observer = observer
    guard let sourceKeyPath = sourcePath.keyPath else {
      // A string path: it says itself whether and how it is written.
      self.directSetter = nil
      self.writableKeyPath = nil
      self.isChain = false
      return
    }
    let leaf = observer.leaf
    let single = observer.isDirectMode && leaf.memberType == Value.self
    self.directSetter = single ? leaf.setter : nil
    self.writableKeyPath = sourceKeyPath as? ReferenceWritableKeyPath<Source, Value>
    guard directSetter == nil, writableKeyPath == nil else {
      self.isChain = false
      return
    }
    // A chain broken by a `nil` when bound read none of its end: the key tables tell whether it ends in a
    // property that can be written.
    let keyCoding = Source.self as? any KeyValueCoding.Type
    self.isChain =
      KeyPathChainCache.isChain(sourceKeyPath, chain: leaf.chain) == true
      || keyCoding.map { KeyPathChainCache.isWritableKeyChain(sourceKeyPath, from: $0) } == true
  }

  /// Where a chain ends now, when the chain reaches its end (not broken by a `nil`).
  @inlinable
  func chainLeaf() -> ObservedLeaf? {
    guard let sourceKeyPath = sourcePath.keyPath else { return nil }
    let leaf = observer.leaf
    return KeyPathChainCache.isChain(sourceKeyPath, chain: leaf.chain) == false ? nil : leaf
  }

  /// Whether the path can be written at all.
  @inlinable
  var isWritable: Bool { directSetter != nil || writableKeyPath != nil || isChain || sourcePath.write != nil }

  /// Asks the object that would be written, if it is ``KeyValueValidating``, whether `value` is valid.
  @inlinable
  func validate(_ value: Value, on source: Source) throws {
    if let validate = sourcePath.validate {
      try validate(value, source)
    } else if let sourceKeyPath = sourcePath.keyPath, directSetter != nil || writableKeyPath != nil {
      try (source as? any KeyValueValidating)?.validateValue(value, for: sourceKeyPath)
    } else if isChain, let leaf = chainLeaf() {
      guard let object = leaf.object(from: source) as? any KeyValueValidating, let keyPath = leaf.keyPath else {
        return
      }
      try object.validateValue(value, for: keyPath)
    }
  }

  /// Writes `value`; a value that cannot be written (the chain is broken by a `nil`, or `nil` for a
  /// non-optional property) is dropped.
  @inlinable
  func write(_ value: Value, to source: Source) {
    if let write = sourcePath.write {
      write(value, source)
    } else if let directSetter {
      withUnsafePointer(to: value) { directSetter(source, UnsafeRawPointer($0)) }
    } else if let writableKeyPath {
      source[keyPath: writableKeyPath] = value
    } else if isChain, let leaf = chainLeaf() {
      guard let object = leaf.object(from: source) else { return }
      if let setter = leaf.setter, leaf.memberType == Value.self {
        withUnsafePointer(to: value) { setter(object, UnsafeRawPointer($0)) }
      } else if let setter = leaf.setter, let memberType = leaf.memberType,
        let optional = value as? any _AnyOptional
      {
        optional._withWrapped(ofType: memberType) { setter(object, $0) }
      } else if let keyPath = leaf.keyPath as? any _BinderyReferenceWritable {
        _ = keyPath._bindery_write(value, to: object)
      }
    }
  }
}
