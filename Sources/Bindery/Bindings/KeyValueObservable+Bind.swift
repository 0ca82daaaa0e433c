extension KeyValueObservable {
  /// Binds a property of this object (the target) to a key path of a source object.
  ///
  /// The source value is written to the target at once, then after every change of anything the source
  /// path reads (`\.person?.fullName` follows `person`, `firstName` and `lastName`, and re-targets
  /// when `person` is replaced). When the source path can be written, including a chain of stored
  /// properties through optionals like `\.person?.firstName`, the binding is two-way: changes of the
  /// target (for an ``EditableControl``, user edits only) are written back to the source.
  ///
  /// ```swift
  /// firstNameField.bind(\.text, to: controller, \.person?.firstName)  // two-way
  /// fullNameLabel.bind(\.text, to: controller, \.person?.fullName)    // one-way: computed
  /// ```
  ///
  /// A value the binding wrote is never sent back (no echo), and a cycle of bindings stops at the first
  /// value that is already there. Binding a property that already has a binding replaces it. Neither end
  /// is retained: the target keeps the binding, and when either end is deallocated it unbinds itself.
  ///
  /// This is the short form of `bind(property, to: .keyPath(source, sourceKeyPath))`; a conversion,
  /// placeholders or validation are given with a ``BindingSource`` (``bind(_:to:options:file:line:)``).
  ///
  /// - Parameters:
  ///   - property: The target property.
  ///   - source: The source object.
  ///   - sourceKeyPath: The key path of the value on the source.
  ///   - options: Direction, delivery, editing and conditional enabling.
  ///   - file: Where the binding is made, for its description (the caller's file by default).
  ///   - line: Where the binding is made, for its description (the caller's line by default).
  /// - Returns: The binding, to query or unbind; the target keeps it alive.
  @discardableResult
  @inlinable
  public func bind<Source: AnyObject, Value>(
    _ property: ReferenceWritableKeyPath<Self, Value>,
    to source: Source,
    _ sourceKeyPath: KeyPath<Source, Value>,
    options: BindingOptions = BindingOptions(),
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    BindingFactory.make(
      target: self,
      property,
      source: source,
      SourcePath(sourceKeyPath),
      Conversion(toTarget: { $0 }, toSource: { $0 }, isIdentity: true),
      options: options,
      file: file,
      line: line
    )
  }

  /// Binds an optional property of this object to a non-optional key path of a source object.
  ///
  /// The same as binding two properties of one type; a `nil` written to the target is not written back.
  @discardableResult
  @inlinable
  public func bind<Source: AnyObject, Value>(
    _ property: ReferenceWritableKeyPath<Self, Value?>,
    to source: Source,
    _ sourceKeyPath: KeyPath<Source, Value>,
    options: BindingOptions = BindingOptions(),
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    BindingFactory.make(
      target: self,
      property,
      source: source,
      SourcePath(sourceKeyPath),
      Conversion(toTarget: { Optional($0) }, toSource: { $0 }),
      options: options,
      file: file,
      line: line
    )
  }

  /// The binding of one of this object's properties, if it has one (Cocoa's `infoForBinding:`).
  public func binding<Value>(for property: KeyPath<Self, Value>) -> PropertyBinding? {
    keyValueRegistrar.binding(forTargetKeyPath: property)
  }

  /// Every live binding whose target is this object.
  public var bindings: [PropertyBinding] { keyValueRegistrar.ownedBindings }

  /// Ends the binding of one of this object's properties, if it has one.
  public func unbind<Value>(_ property: KeyPath<Self, Value>) {
    binding(for: property)?.unbind()
  }
}

extension KeyValueRegistrar {
  /// Keeps a binding whose target is this registrar's object; a binding of the same property is replaced,
  /// unless `replacing` is `false` (the inputs of a combined binding).
  @usableFromInline
  func addBinding(_ binding: PropertyBinding, replacing: Bool = true) {
    guard replacing else {
      storage.withLock { $0.owned.append(binding) }
      return
    }
    let property = binding.targetPropertyID
    let replaced = storage.withLock { state -> [PropertyBinding] in
      let old = state.owned.removeAll(as: PropertyBinding.self) { $0.targetPropertyID == property }
      state.owned.append(binding)
      return old
    }
    for old in replaced { old.unbind() }
  }

  func removeBinding(_ binding: PropertyBinding) {
    // Released here, outside the lock.
    let removed = storage.withLock { state in state.owned.remove(binding) }
    withExtendedLifetime(removed) {}
  }

  func binding(forTargetKeyPath keyPath: AnyKeyPath) -> PropertyBinding? {
    storage.withLock { state in state.owned.first(as: PropertyBinding.self) { $0.targetKeyPath == keyPath } }
  }

  var ownedBindings: [PropertyBinding] { storage.withLock { $0.owned.all(as: PropertyBinding.self) } }

  /// The combined-binding group of a property, made by `make` if there is none.
  @usableFromInline
  func combinedGroup(
    for property: PropertyID,
    make: () -> CombinedBooleanBinding
  ) -> CombinedBooleanBinding {
    storage.withLock { state in
      if let existing = state.combinedGroups[property] as? CombinedBooleanBinding { return existing }
      let group = make()
      state.combinedGroups[property] = group
      return group
    }
  }
}
