extension KeyValueObservable {
  /// Binds a property reached through an object that may be `nil` (`\.aView?.text`, which Swift makes
  /// read-only) to a key path of a source object.
  ///
  /// The target path is followed as a source chain is: the source's value is written to the property
  /// of the object the path reaches now; when an object on the way is replaced, the new one gets the
  /// value at once and the binding's subscriptions move to it. While a `nil` breaks the path nothing is
  /// written; when the object comes back it gets the value. Two-way when the source path can be
  /// written: edits of the property (for an ``EditableControl``, user edits only) of the object reached
  /// now are written back.
  ///
  /// ```swift
  /// controller.bind(\.aView?.text, to: model, \.name)
  /// controller.aView = otherView  // otherView.text == model.name
  /// ```
  ///
  /// A target path of several steps through objects that are always there (`\.aView.text`) is bound
  /// with the other forms of `bind`, and followed the same way.
  ///
  /// - Parameters:
  ///   - property: The target path: a chain of observable properties from this object.
  ///   - source: The source object.
  ///   - sourceKeyPath: The key path of the value on the source.
  ///   - options: Direction, delivery, editing and conditional enabling.
  ///   - file: Where the binding is made, for its description (the caller's file by default).
  ///   - line: Where the binding is made, for its description (the caller's line by default).
  /// - Returns: The binding, to query or unbind; the target keeps it alive.
  @discardableResult
  public func bind<Source: AnyObject, Value>(
    _ property: KeyPath<Self, Value?>,
    to source: Source,
    _ sourceKeyPath: KeyPath<Source, Value>,
    options: BindingOptions = BindingOptions(),
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    let conversion = Conversion<Value, Value?>(toTarget: { Optional($0) }, toSource: { $0 })
    if let writable = property as? ReferenceWritableKeyPath<Self, Value?> {
      return BindingFactory.make(
        target: self, writable, source: source, SourcePath(sourceKeyPath), conversion, options: options, file: file,
        line: line)
    }
    // Written through the object the path reaches when written (nothing while a `nil` breaks it).
    let written = \Self.[binderyTargetChain: TargetChainPath(property)]
    return BindingFactory.make(
      target: self, written, source: source, SourcePath(sourceKeyPath), conversion, options: options, file: file,
      line: line, targetChain: property)
  }

  /// The key path that writes a target path through optionals (`\.aView?.text`, read-only in Swift)
  /// at its last property, on the object it reaches then: bound as the target of any `bind`, the path
  /// is followed as a path through optionals given to `bind` is.
  package static func writableTargetPath<Value>(through chain: KeyPath<Self, Value?>) -> ReferenceWritableKeyPath<
    Self, Value?
  > {
    let written = \Self.[binderyTargetChain: TargetChainPath(chain)]
    TargetChainPaths.remember(chain, writtenBy: written)
    return written
  }

  /// A target path through optionals, read through it and written at its last property on the object
  /// it reaches now.
  subscript<Value>(binderyTargetChain path: TargetChainPath<Self, Value>) -> Value? {
    get { self[keyPath: path.keyPath] }
    set {
      guard let newValue else { return }
      path.write(newValue, on: self)
    }
  }
}

/// A target path through optionals (`\.aView?.text`), as the index of the key path that writes it.
struct TargetChainPath<Root: AnyObject, Value>: Hashable, @unchecked Sendable {
  let keyPath: KeyPath<Root, Value?>

  init(_ keyPath: KeyPath<Root, Value?>) {
    self.keyPath = keyPath
  }

  /// Writes `value` to the last property of the path, on the object the path reaches now; nothing when a
  /// `nil` breaks the path. One tracked read finds the object and the property's setter.
  func write(_ value: Value, on root: Root) {
    let (_, list) = AccessList.tracking(recordingSetters: true) { _ = root[keyPath: keyPath] }
    defer { list.recycle() }
    let records = list.records
    guard records.count >= 2, records[0].object === root, let last = records.last, let setter = last.setter else {
      return
    }
    if last.memberType == Value.self {
      withUnsafePointer(to: value) { setter(last.object, UnsafeRawPointer($0)) }
    } else if last.memberType == Value?.self {
      let wrapped: Value? = value
      withUnsafePointer(to: wrapped) { setter(last.object, UnsafeRawPointer($0)) }
    }
  }

  static func == (lhs: TargetChainPath, rhs: TargetChainPath) -> Bool { lhs.keyPath == rhs.keyPath }
  func hash(into hasher: inout Hasher) { hasher.combine(keyPath) }
}

/// The target paths through optionals behind the key paths that write them
/// (``KeyValueObservable/writableTargetPath(through:)``), so a binding of such a key path follows its path.
@usableFromInline
package enum TargetChainPaths {
  private static let paths = Locked([AnyKeyPath: AnyKeyPath]())

  static func remember(_ chain: AnyKeyPath, writtenBy written: AnyKeyPath) {
    paths.withLock { paths in
      guard paths[written] == nil, paths.count < KeyPathChainCache.limit else { return }
      paths[written] = chain
    }
  }

  /// The path through optionals `written` writes, if it is one made here.
  @usableFromInline
  static func chain(writtenBy written: AnyKeyPath) -> AnyKeyPath? {
    paths.withLock { $0.isEmpty ? nil : $0[written] }
  }

  /// Whether `path` is, from `root`, a chain of observable properties (each read on the object the one
  /// before it returned), which a binding follows; read now, so a `nil` on the way answers `false`.
  package static func isFollowable(_ path: AnyKeyPath, from root: AnyObject) -> Bool {
    func read<Root: AnyObject>(_ object: Root) { _ = object[keyPath: path] }
    let (_, list) = AccessList.tracking(recordingSetters: true) { read(root) }
    defer { list.recycle() }
    return list.records.count >= 2 && list.records[0].object === root
      && KeyPathChainCache.isChain(path, chain: list.chainHops) == true
  }

  /// For a path through optionals from a ``KeyValueObservable`` root (`KeyPath<Root, Value?>`, as a
  /// definition file's dotted target key path is made): the key path that writes it, else `nil`.
  package static func writablePath(through chain: AnyKeyPath) -> AnyKeyPath? {
    func make<Root: KeyValueObservable, Optional: _AnyOptional>(_: Root.Type, _: Optional.Type) -> AnyKeyPath? {
      guard let chain = chain as? KeyPath<Root, Optional.Wrapped?> else { return nil }
      return Root.writableTargetPath(through: chain)
    }
    let pathType = type(of: chain)
    guard let root = pathType.rootType as? any KeyValueObservable.Type,
      let optional = pathType.valueType as? any _AnyOptional.Type
    else { return nil }
    return make(root, optional)
  }
}
