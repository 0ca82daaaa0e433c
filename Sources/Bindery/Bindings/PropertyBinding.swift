public import Synchronization

/// A live link between a property of a target object and a key path of a source object.
///
/// Make one with `bind`: ``KeyValueObservable/bind(_:to:options:file:line:)`` and its short forms.
/// A binding is an object you can query (its ends, key paths, options, state) and end with ``unbind()``.
/// Neither end is retained; when either is deallocated the binding unbinds itself. Once unbound it never acts again.
///
/// A binding that follows one observable property of its source is also that property's subscriber in
/// the source's registrar: a single object.
///
/// ```swift
/// let binding = firstNameField.bind(\.text, to: controller, \.person?.firstName)
/// binding.direction  // .both: typing in the field writes controller.person?.firstName
/// binding.description // HeadlessTextField.text ⇄ PersonController.person?.firstName (bound, PersonEditor/main.swift:12)
/// binding.unbind()
/// ```
public class PropertyBinding: _RegistrarSubscriber, CustomStringConvertible, @unchecked Sendable {
  // Not final (a binding that is its own subscriber is of a subclass, and outside this module no class
  // can derive from it); its members are.
  /// The source key path, rooted at ``source``: also that of a string key path of properties
  /// (`"person.firstName"` is `\.person?.firstName`); `nil` for a source that is no Swift key path (a
  /// string key path with a collection operator or through a selection, a computed value).
  public let sourceKeyPath: AnyKeyPath?
  /// The source path as it was written, for a binding made with a string key path or an expression.
  public final var sourcePathText: String? { withParts { $0.sourcePathText } }
  /// The bound property of the target, rooted at ``target``.
  public let targetKeyPath: AnyKeyPath
  /// The line where the binding was made, for debugging.
  public final var line: UInt { UInt(storedLine) }

  /// The file where the binding was made, for debugging.
  public final var file: String { String(cString: fileStart) }

  /// Where the binding was made, for debugging: `File.swift:line`, or where a file declared it
  /// (`Editor.spec.yaml:42:5`).
  public final var location: String { withParts { $0.details?.declaredAt } ?? "\(file):\(line)" }

  /// The options the binding was made with.
  public final var options: BindingOptions {
    state.options(
      actor: state.deliveryKind == 2 ? withParts { $0.deliveryActor } : nil,
      sourceActor: state.sourceDeliveryKind == 2 ? withParts { $0.sourceDeliveryActor } : nil)
  }

  /// The source, kept neither alive nor slow.
  @usableFromInline
  final let sourceReference: BoundObjectReference
  /// The target, kept neither alive nor slow.
  @usableFromInline
  final let targetReference: BoundObjectReference
  /// The storage of the target's registrar, which keeps this binding until it is unbound (then, or
  /// when the target's registrar goes with its object, it lets go of it).
  @usableFromInline
  final let targetStorage: RegistrarStorage
  /// The binding's flags, direction and writers, in one atomic word.
  @usableFromInline
  let state: BindingState

  /// Behind its own lock, inside the binding (no object of its own): see ``withParts(_:)``.
  @usableFromInline
  let parts: Mutex<Parts> = Mutex(Parts())

  /// Runs `body` with the parts locked, telling the thread sanitizer about the lock (it does not see
  /// `Mutex`'s futex), as ``Locked`` does.
  @inline(__always)
  @inlinable
  final func withParts<Result>(_ body: (inout Parts) -> Result) -> Result {
    parts.withAnnotatedLock(Unmanaged.passUnretained(self).toOpaque(), body)
  }
  /// The target property's identifier in its registrar's binding table.
  @usableFromInline
  let targetPropertyID: PropertyID

  /// The file where the binding was made: its name's first byte, the name ending with a zero byte
  /// (a `StaticString`'s text: kept in 8 bytes, not 17).
  @usableFromInline
  let fileStart: UnsafePointer<CChar>
  /// The line where the binding was made (no source file has more lines than 32 bits count).
  @usableFromInline
  let storedLine: UInt32

  @usableFromInline
  init(
    source: AnyObject,
    sourceKeyPath: AnyKeyPath?,
    sourcePathText: String? = nil,
    target: any KeyValueObservable,
    targetKeyPath: AnyKeyPath,
    targetPropertyID: PropertyID,
    options: BindingOptions,
    file: StaticString,
    line: UInt,
    subscription: SlotKey = SlotKey(id: PropertyID(rawValue: 0), channel: .change),
    storage: RegistrarStorage = .detached
  ) {
    self.sourceReference = BoundObjectReference(source)
    self.targetReference = BoundObjectReference(target)
    self.targetStorage = target.keyValueRegistrar.storage
    self.sourceKeyPath = sourceKeyPath
    self.targetKeyPath = targetKeyPath
    self.targetPropertyID = targetPropertyID
    self.state = BindingState(options: options)
    self.fileStart = Self.start(of: file)
    self.storedLine = UInt32(clamping: line)
    let actor = options.deliveryActors?.target
    let sourceActor = options.deliveryActors?.source
    super.init(key: subscription, storage: storage)
    if sourcePathText != nil || options.deliveryActors != nil {
      parts.withLock { parts in
        parts.sourcePathText = sourcePathText
        parts.deliveryActor = actor
        parts.sourceDeliveryActor = sourceActor
      }
    }
  }

  /// Puts the binding in the registry of live bindings, and makes its writes take the observed path
  /// (which records their values).
  @inline(never)
  private final func startRecording() {
    nameEndsForRecording()
    state.insert(.recorded)
    state.insert(.mayHaveDelegate)
    BindingDiagnostics.register(self)
  }

  /// The text of `file`, which a `#fileID` always has as a pointer to bytes ending with a zero.
  @usableFromInline
  static func start(of file: StaticString) -> UnsafePointer<CChar> {
    let text = file.hasPointerRepresentation ? file : "?"
    return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
  }

  /// The source object, while it exists.
  public final var source: AnyObject? { sourceReference.object }

  /// The target object, while it exists.
  public final var target: AnyObject? { targetReference.object }

  /// The source object, while it exists, as an evaluation of the source path reads it (the binding's
  /// own reference, as ``liveTarget``).
  @inline(__always)
  @inlinable
  final var liveSource: AnyObject? { sourceReference.object }

  /// The target object, while it exists, as a change to write to it reads it (the binding's own
  /// reference: a handler keeps none of its own).
  @inline(__always)
  @inlinable
  final var liveTarget: AnyObject? { targetReference.object }

  /// The source, while it exists, as the type the binding was made with (closures of the binding
  /// reach its ends through the binding: a weak capture would slow every retain of the object).
  @inline(__always)
  @inlinable
  final func liveSource<Object: AnyObject>(as type: Object.Type) -> Object? {
    guard let object = liveSource else { return nil }
    return unsafeDowncast(object, to: Object.self)
  }

  /// The target, while it exists, as the type the binding was made with.
  @inline(__always)
  @inlinable
  final func liveTarget<Object: AnyObject>(as type: Object.Type) -> Object? {
    guard let object = liveTarget else { return nil }
    return unsafeDowncast(object, to: Object.self)
  }

  /// The direction in force: what ``BindingOptions/direction`` asked for, or what the paths allow.
  public final var direction: BindingDirection { state.direction }

  /// Whether the binding still acts: not unbound, and both ends alive.
  public final var isBound: Bool {
    !state.contains(.unbound) && sourceReference.object != nil && targetReference.object != nil
  }

  /// Ends the binding for good. Unbinding twice does nothing.
  public final func unbind() {
    guard !state.insert(.unbound) else { return }
    if state.containsRelaxed(.recorded) { BindingDiagnostics.deregister(self) }
    // A binding that is its own subscriber leaves its source's registrar.
    if storage !== RegistrarStorage.detached { storage.remove(self) }
    // A binding that is its own subscriber usually has no parts: nothing to take out.
    if withParts({ $0.forward != nil || $0.reverse != nil || $0.hasExtras }) {
      withParts { $0.takeDropped() }.cancelAll()
    }
    // Released here, outside the lock.
    let removed = targetStorage.withLock { $0.owned.remove(self) }
    withExtendedLifetime(removed) {}
  }

  /// The object this binding writes to is gone: the binding ends with it.
  override final func targetDidDeinit() { unbind() }

  /// `Target.path ⇄ Source.path (state, location)`.
  public final var description: String {
    let state = isBound ? "bound" : "unbound"
    KeyPathNames.learn(reading: targetKeyPath, of: target)
    let sourceText: String
    if let sourceKeyPath, sourcePathText == nil {
      KeyPathNames.learn(reading: sourceKeyPath, of: source)
      sourceText = KeyPathNames.describe(sourceKeyPath)
    } else {
      let sourceType = source.map { String(describing: type(of: $0)) } ?? "?"
      sourceText = "\(sourceType).\(sourcePathText ?? "?")"
    }
    return "\(KeyPathNames.describe(targetKeyPath)) \(direction) \(sourceText) (\(state), \(location))"
  }

  /// Keeps this binding in a set, to unbind it with the others.
  @discardableResult
  public final func store(in set: BindingSet) -> PropertyBinding {
    set.insert(self)
    return self
  }

  // MARK: Internals

  @inlinable
  final var isUnbound: Bool { state.containsRelaxed(.unbound) }

  @usableFromInline
  final func setDirection(_ direction: BindingDirection) {
    state.setDirection(direction)
    // Set once, when the binding is made, before its first value: the moment to register it and to
    // tell whether it closes a loop.
    if let declared = Self.declaringLocation { setDeclaredLocation(declared) }
    if BindingDiagnostics.isRecording || state.isTraced, !state.contains(.recorded) { startRecording() }
    BindingLoopCheck.check(self, direction: direction)
  }

  /// Keeps `part` (the forward observer, a reverse subscription, …) as the binding's `slot`, to cancel
  /// it at unbind (at once if the binding is already unbound).
  @usableFromInline
  final func attach(_ part: any Cancellable, as slot: BindingPart) {
    let runNow = withParts { parts -> Bool in
      if state.contains(.unbound) { return true }
      switch slot {
      case .forward: parts.forward = part
      case .reverse: parts.reverse = part
      case .endEditing: parts.endEditing = part
      case .beginEditing: parts.beginEditing = part
      case .enabling: parts.enabling = part
      case .feed: parts.feed = part
      case .targetChain: parts.targetChain = part
      }
      return false
    }
    if runNow { part.cancel() }
  }
}
